import type { HitlRequest } from '@contract/request';

/** A plain pending text request (key = prompt = id) created at `createdAt`, with an optional deadline. */
export function pendingRequest(id: string, createdAt: number, expiresAt?: number): HitlRequest {
  return {
    id,
    source: 'clarity-http',
    key: id,
    prompt: id,
    input: { kind: 'text' },
    createdAt,
    status: 'pending',
    ...(expiresAt === undefined ? {} : { expiresAt }),
  };
}
