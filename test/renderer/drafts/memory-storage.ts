import type { DraftStorage } from '../../../renderer/src/drafts/draft-store';

/** An in-memory Web Storage for the draft store's tests (the real one runs in the e2e tests). */
export class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
  failWrites = false;
  get length(): number {
    return this.items.size;
  }
  key(i: number): string | null {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}
