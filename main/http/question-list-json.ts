import type { HitlRequest } from '@contract/request';
import { toQuestionSummary } from './views';

/**
 * The JSON of each pending request's `GET /questions` entry without its age, per request record.
 * A record is never changed in place (an update replaces it), so an entry is valid for as long
 * as its record lives; a WeakMap lets it go with the record.
 */
const cache = new WeakMap<HitlRequest, string>();

/** The entry's JSON up to (not including) its closing brace, with `"age"` and `"ageSeconds"` last. */
function stableJson(request: HitlRequest): string {
  let json = cache.get(request);
  if (json === undefined) {
    const { age: _age, ageSeconds: _ageSeconds, ...rest } = toQuestionSummary(request, 0);
    json = JSON.stringify(rest).slice(0, -1);
    cache.set(request, json);
  }
  return json;
}

/**
 * The body of `GET /questions`: the same entries `toQuestionSummary` gives, serialised once per
 * request record and reused, so a list of 100,000 costs a join instead of a stringify of each.
 */
export function questionListJson(requests: Iterable<HitlRequest>, now: number): string {
  const parts: string[] = [];
  for (const request of requests) {
    const age = Math.max(0, Math.floor((now - request.createdAt) / 1000));
    parts.push(`${stableJson(request)},"age":${age},"ageSeconds":${age}}`);
  }
  return `[${parts.join(',')}]`;
}
