import type { NewRequest } from '@contract/request';
import { questionCreatedAt } from './handshake-dir';
import type { QuestionFile } from './question-file';

export { fingerprint } from './question-fingerprint';

/** Where a question file sits and when it was seen: what the request record needs besides its JSON. */
export interface QuestionFileOrigin {
  id: string;
  base: string;
  dir: string;
  questionFile: string;
  mtimeMs: number;
  now: number;
}

/** The broker request for a `{base}.question` file (source `clarity-file`, key from its JSON). */
export function fileQuestionRequest(
  question: QuestionFile,
  origin: QuestionFileOrigin,
): NewRequest {
  return {
    id: origin.id,
    source: 'clarity-file',
    key: question.key,
    prompt: question.question,
    createdAt: questionCreatedAt(question, origin.mtimeMs, origin.now),
    ...(question.pid !== undefined ? { agent: clarityAgent(question.pid) } : {}),
    meta: {
      baseName: origin.base,
      questionFile: origin.questionFile,
      dir: origin.dir,
      pid: question.pid,
    },
  };
}

/** Runtime processes remembered at once; past that the records start over (pids come and go). */
const MAX_AGENTS = 256;
const agents = new Map<number, NonNullable<NewRequest['agent']>>();

/**
 * The agent of a question written by runtime process `pid`. One runtime writes many questions,
 * interleaved with other runtimes' in a directory listing: they share one frozen record (and its
 * id string) per process rather than each keeping its own pair.
 */
export function clarityAgent(pid: number): NonNullable<NewRequest['agent']> {
  let agent = agents.get(pid);
  if (agent === undefined) {
    if (agents.size >= MAX_AGENTS) agents.clear();
    agent = Object.freeze({ id: ['clarity', String(pid)].join(':'), runtime: 'clarity' });
    agents.set(pid, agent);
  }
  return agent;
}
