/** A number of seconds or milliseconds since 1970 as milliseconds (below 1e11 it is seconds). */
export function toMilliseconds(value: number): number {
  return value < 1e11 ? Math.round(value * 1000) : value;
}
