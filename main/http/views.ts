import type { HitlRequest } from '@contract/request';

export { toPublicRequest, type PublicRequest } from '../operations/public-request';

/** One entry of the spec's `GET /questions` list. */
export interface QuestionSummary {
  key: string;
  question: string;
  timestamp: number;
  /** Whole seconds since the question was asked. */
  age: number;
  /** The same, under the name the reference broker's clients read. */
  ageSeconds: number;
  /** The asking runtime's process id, when it gave one. */
  pid?: number;
  source: HitlRequest['source'];
  id: string;
}

/** The spec's flat view of a pending request. */
export function toQuestionSummary(request: HitlRequest, now: number): QuestionSummary {
  const age = Math.max(0, Math.floor((now - request.createdAt) / 1000));
  const pid = request.meta?.pid;
  return {
    key: request.key,
    question: request.prompt,
    timestamp: request.createdAt,
    age,
    ageSeconds: age,
    ...(typeof pid === 'number' ? { pid } : {}),
    source: request.source,
    id: request.id,
  };
}
