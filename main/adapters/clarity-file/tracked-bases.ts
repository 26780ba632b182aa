import { withdraw } from '../../broker/withdraw';
import type { Broker } from '../../broker/broker';
import type { HitlRequest } from '@contract/request';
import { sameSignature, type FileSignature } from './question-file';

/** What the adapter knows about one base name: the request its files belong to. */
export interface Tracked {
  requestId: string;
  /** `file`: a runtime's question; `mirror`: a file the adapter wrote for a request born elsewhere. */
  kind: 'file' | 'mirror';
  signature?: FileSignature;
  /** Files only: identity of the question content (see the adapter's fingerprint()). */
  fingerprint?: string;
  /** Mirrors only: false until the mirror file is on disk. */
  ready: boolean;
  /** Mirrors only: the watch reported the base while not ready (looked at once ready). */
  missed?: boolean;
}

/**
 * Whether the file now at a tracked base's question path is the broker's own mirror: the entry is
 * a mirror, and the file is the one it wrote (`current`, the path's signature now), or the mirror
 * is not written yet. A runtime's question written over a mirror is someone else's file.
 */
export function holdsOwnMirror(
  entry: Tracked | undefined,
  current: () => FileSignature | undefined,
): boolean {
  if (entry?.kind !== 'mirror') return false;
  if (!entry.ready || !entry.signature) return true;
  return sameSignature(entry.signature, current());
}

/** The entry of a runtime's question file, read and ready. */
export function fileEntry(
  requestId: string,
  signature: FileSignature,
  fingerprint: string,
): Tracked {
  return { requestId, kind: 'file', signature, fingerprint, ready: true };
}

/**
 * Whether a request the broker already holds under a question file's stable id still decides that
 * file: pending, answered, or cancelled by someone. One that expired, or that the broker itself
 * withdrew (its directory was no longer watched), is asked again under a fresh id: the runtime is
 * still waiting and nobody answered.
 */
export function decidesItsFile(request: HitlRequest): boolean {
  if (request.status === 'pending' || request.status === 'answered') return true;
  return request.status === 'cancelled' && request.resolvedBy !== 'system';
}

/** Two-way map base name ⇄ request id. */
export class TrackedBases {
  private readonly byBase = new Map<string, Tracked>();
  private readonly baseById = new Map<string, string>();

  get(base: string): Tracked | undefined {
    return this.byBase.get(base);
  }

  baseOf(requestId: string): string | undefined {
    return this.baseById.get(requestId);
  }

  has(base: string): boolean {
    return this.byBase.has(base);
  }

  hasRequest(requestId: string): boolean {
    return this.baseById.has(requestId);
  }

  set(base: string, entry: Tracked): Tracked {
    this.byBase.set(base, entry);
    this.baseById.set(entry.requestId, base);
    return entry;
  }

  /** Forgets `base`, but only if it still holds `entry` (when given). */
  delete(base: string, entry?: Tracked): void {
    const current = this.byBase.get(base);
    if (!current || (entry && current !== entry)) return;
    this.byBase.delete(base);
    this.baseById.delete(current.requestId);
  }

  /** The question file is gone (or replaced): forgets `base`; its request leaves pending if it has not already. */
  retire(base: string, entry: Tracked, broker: Broker): void {
    this.delete(base, entry);
    void withdraw(broker, entry.requestId, { status: 'expired', by: 'agent' });
  }
}
