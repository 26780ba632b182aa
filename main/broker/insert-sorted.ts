/**
 * Inserts `item` into `sorted` (ascending by `compare`) after any it compares equal to, by binary
 * search: how the first-page selections keep their top few while passing once over a long list.
 */
export function insertSorted<T>(sorted: T[], item: T, compare: (a: T, b: T) => number): void {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(sorted[mid]!, item) <= 0) low = mid + 1;
    else high = mid;
  }
  sorted.splice(low, 0, item);
}
