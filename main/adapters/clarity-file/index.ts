export { ClarityFileAdapter, type ClarityFileAdapterOptions, type RequestFiles } from './adapter';
export type { InvalidQuestionFile } from './invalid-files';
export { writeFileAtomic } from './atomic-write';
export { safeKey } from './safe-key';
export { readAnswerFile } from './answer-file';
export {
  findQuestion,
  questionBaseName,
  scanHandshakeDir,
  type DirScan,
  type InvalidEntry,
  type QuestionEntry,
} from './handshake-dir';
export {
  MAX_QUESTION_BYTES,
  QuestionFileSchema,
  readQuestionFile,
  type QuestionFile,
} from './question-file';
export { answerQuestionInDir, cancelQuestionInDir, type FileToolResult } from './file-tools';
