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

/** Entries per piece of a streamed list: ~230 KB of JSON, young-generation sized. */
const ENTRIES_PER_PIECE = 1000;

/** One entry of `GET /questions`: the cached JSON and the two age fields of `now`. */
function entryJson(request: HitlRequest, now: number): string {
  const age = Math.max(0, Math.floor((now - request.createdAt) / 1000));
  return `${stableJson(request)},"age":${age},"ageSeconds":${age}}`;
}

/**
 * The body of `GET /questions`: the same entries `toQuestionSummary` gives, serialised once per
 * request record and reused, so a list of 100,000 costs a join instead of a stringify of each.
 */
export function questionListJson(requests: readonly HitlRequest[], now: number): string {
  return `[${requests.map((request) => entryJson(request, now)).join(',')}]`;
}

/**
 * The same body in pieces of ENTRIES_PER_PIECE entries, for a list too long for one string: the
 * response is written as each piece is made, so a list of 100,000 never holds its whole 20+ MB
 * of JSON at once (one large string per request made each list's cost grow faster than its
 * length, in copying and garbage collection). Joined, the pieces are questionListJson's body.
 */
export function* questionListPieces(
  requests: readonly HitlRequest[],
  now: number,
): Generator<string> {
  for (let start = 0; start < requests.length || start === 0; start += ENTRIES_PER_PIECE) {
    const piece = requests
      .slice(start, start + ENTRIES_PER_PIECE)
      .map((request) => entryJson(request, now))
      .join(',');
    const last = start + ENTRIES_PER_PIECE >= requests.length;
    yield `${start === 0 ? '[' : ','}${piece}${last ? ']' : ''}`;
  }
}

/** Whether a list of `count` entries goes out in pieces (questionListPieces) rather than whole. */
export function streamsList(count: number): boolean {
  return count > ENTRIES_PER_PIECE;
}
