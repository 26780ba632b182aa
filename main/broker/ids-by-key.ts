/**
 * Request ids grouped by key, each group in the order the ids were added (an id added again
 * keeps its place, as in a Map). Lets a look-up by key visit only that key's requests.
 */
export class IdsByKey {
  private readonly groups = new Map<string, Set<string>>();

  add(key: string, id: string): void {
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = new Set()));
    group.add(id);
  }

  delete(key: string, id: string): void {
    const group = this.groups.get(key);
    if (!group) return;
    group.delete(id);
    if (group.size === 0) this.groups.delete(key);
  }

  /** The ids with this key, oldest first. */
  of(key: string): Iterable<string> {
    return this.groups.get(key) ?? [];
  }
}
