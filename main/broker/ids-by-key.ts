/**
 * Request ids grouped by key, each group in the order the ids were added (an id added again
 * keeps its place, as in a Map). Lets a look-up by key visit only that key's requests.
 */
export class IdsByKey {
  // Nearly every key has one request: it is kept as the bare id, and only a key with two or
  // more gets a Set (a Set per request was 10,000 objects for 10,000 pending files).
  private readonly groups = new Map<string, string | Set<string>>();

  add(key: string, id: string): void {
    const group = this.groups.get(key);
    if (group === undefined) this.groups.set(key, id);
    else if (typeof group !== 'string') group.add(id);
    else if (group !== id) this.groups.set(key, new Set([group, id]));
  }

  delete(key: string, id: string): void {
    const group = this.groups.get(key);
    if (group === undefined) return;
    if (typeof group === 'string') {
      if (group === id) this.groups.delete(key);
      return;
    }
    group.delete(id);
    if (group.size === 0) this.groups.delete(key);
  }

  /** The ids with this key, oldest first. */
  of(key: string): Iterable<string> {
    const group = this.groups.get(key);
    if (group === undefined) return [];
    return typeof group === 'string' ? [group] : group;
  }
}
