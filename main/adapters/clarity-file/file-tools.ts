import { rm } from 'node:fs/promises';
import { writeFileAtomic } from './atomic-write';
import { exists, findQuestion, scanHandshakeDir, type QuestionEntry } from './handshake-dir';

export type FileToolResult =
  | { status: 'done'; entry: QuestionEntry }
  | { status: 'not_found'; known: string[] }
  | { status: 'already_answered'; entry: QuestionEntry };

/**
 * What `clarity-hitl answer` does without a running broker: finds the question by key or file
 * base name and writes `{baseName}.answer` atomically. An existing answer is never overwritten
 * (the first answer wins).
 */
export async function answerQuestionInDir(
  dir: string,
  keyOrName: string,
  text: string,
): Promise<FileToolResult> {
  const found = await locate(dir, keyOrName);
  if (found.status !== 'done') return found;
  if (await exists(found.entry.answerFile))
    return { status: 'already_answered', entry: found.entry };
  await writeFileAtomic(found.entry.answerFile, text);
  return found;
}

/**
 * What `clarity-hitl cancel` does: deletes the question file without writing an answer (the spec's
 * cancel; the runtime times out). When an answer is already written, the question file is deleted
 * as the reference broker does and the answer stays: the runtime reads the `.answer`, not the
 * question (`already_answered` tells the caller so).
 */
export async function cancelQuestionInDir(dir: string, keyOrName: string): Promise<FileToolResult> {
  const found = await locate(dir, keyOrName);
  if (found.status !== 'done') return found;
  const answered = await exists(found.entry.answerFile);
  await rm(found.entry.questionFile, { force: true });
  return answered ? { status: 'already_answered', entry: found.entry } : found;
}

async function locate(dir: string, keyOrName: string): Promise<FileToolResult> {
  const scan = await scanHandshakeDir(dir);
  const open = {
    ...scan,
    questions: [
      ...scan.questions.filter((q) => !q.answered),
      ...scan.questions.filter((q) => q.answered),
    ],
  };
  const entry = findQuestion(open, keyOrName);
  if (!entry)
    return {
      status: 'not_found',
      known: scan.questions.filter((q) => !q.answered).map((q) => q.question.key),
    };
  return { status: 'done', entry };
}
