/** What one request's draft holds: each answer field the operator touched, by field name. */
export type DraftFields = Record<string, unknown>;

/** A stored draft: its fields, which request it belongs to (to follow it across a new id), and when. */
export interface StoredDraft {
  fields: DraftFields;
  /** The request's source and protocol key, so a draft follows its request if the id changes. */
  source?: string;
  key?: string;
  updatedAt: number;
}

/** The part of the Web Storage API the store uses (localStorage in the app, a Map in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const PREFIX = 'hitl.draft.v1:';
/** Drafts untouched this long are dropped when the app starts. */
export const DRAFT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Per-request answer drafts in Web Storage, keyed by broker and request id, so what the operator
 * typed survives a reload, a reconnect and a broker restart. Storage errors (quota, private mode)
 * are swallowed: a draft is a convenience, never a reason for the card to fail.
 */
export class DraftStore {
  constructor(
    private readonly storage: DraftStorage | undefined,
    /** Which broker the drafts belong to (its origin in a browser, `desktop` in the app). */
    private readonly broker: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The stored draft of a request, if any. */
  read(requestId: string): StoredDraft | undefined {
    const raw = this.safe(() => this.storage?.getItem(this.keyOf(requestId)));
    if (!raw) return undefined;
    try {
      const parsed = JSON.parse(raw) as StoredDraft;
      return parsed && typeof parsed.fields === 'object' && parsed.fields ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  /** One field of a request's draft; an empty value removes the field (and an empty draft). */
  write(
    requestId: string,
    field: string,
    value: unknown,
    owner?: { source: string; key: string },
  ): void {
    const fields = { ...(this.read(requestId)?.fields ?? {}) };
    if (isEmpty(value)) delete fields[field];
    else fields[field] = value;
    if (Object.keys(fields).length === 0) return this.remove(requestId);
    const draft: StoredDraft = { fields, ...owner, updatedAt: this.now() };
    this.safe(() => this.storage?.setItem(this.keyOf(requestId), JSON.stringify(draft)));
  }

  /** Forgets a request's draft (answered here, or dismissed after it was resolved elsewhere). */
  remove(requestId: string): void {
    this.safe(() => this.storage?.removeItem(this.keyOf(requestId)));
  }

  /** Moves a draft to a request's new id (the broker restarted and re-read it under another id). */
  move(fromId: string, toId: string): void {
    if (fromId === toId) return;
    const draft = this.read(fromId);
    if (!draft) return;
    if (!this.read(toId)) {
      this.safe(() => this.storage?.setItem(this.keyOf(toId), JSON.stringify(draft)));
    }
    this.remove(fromId);
  }

  /** Request ids of this broker's drafts, with their owners. */
  list(): { requestId: string; draft: StoredDraft }[] {
    const prefix = this.keyOf('');
    const ids: string[] = [];
    const length = this.safe(() => this.storage?.length) ?? 0;
    for (let i = 0; i < length; i++) {
      const key = this.safe(() => this.storage?.key(i));
      if (key?.startsWith(prefix)) ids.push(key.slice(prefix.length));
    }
    return ids.flatMap((requestId) => {
      const draft = this.read(requestId);
      return draft ? [{ requestId, draft }] : [];
    });
  }

  /** Drops drafts untouched for DRAFT_MAX_AGE_MS (their requests are long gone). */
  prune(maxAgeMs = DRAFT_MAX_AGE_MS): void {
    const oldest = this.now() - maxAgeMs;
    for (const { requestId, draft } of this.list()) {
      if (!(draft.updatedAt >= oldest)) this.remove(requestId);
    }
  }

  private keyOf(requestId: string): string {
    return `${PREFIX}${this.broker}:${requestId}`;
  }

  private safe<T>(action: () => T): T | undefined {
    try {
      return action();
    } catch {
      return undefined;
    }
  }
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmpty);
  return false;
}

/** The app's draft store: localStorage, scoped to this page's broker (its origin). */
export function browserDraftStore(): DraftStore {
  let storage: DraftStorage | undefined;
  try {
    storage = globalThis.localStorage;
  } catch {
    storage = undefined;
  }
  const origin = globalThis.location?.origin ?? 'local';
  return new DraftStore(storage, origin);
}
