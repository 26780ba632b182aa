import type { ParsedNewRequest } from '../../main/broker/pending-record';

/** The parsed request of question file number `i`, shaped as the file adapter builds it. */
export function fileRequest(i: number): ParsedNewRequest {
  return {
    id: `id-${i}`,
    source: 'clarity-file',
    key: `k-${i}`,
    prompt: `question ${i}`,
    createdAt: 1_000 + i,
    meta: { baseName: `b-${i}`, pid: i },
  };
}
