import { createHmac, randomBytes } from 'node:crypto';
import type { PhoneSessionView } from '@contract/phone-pairing';
import { LoginCodes, LOGIN_CODE_TTL_MS } from '../guards/login-codes';
import { safeEqual } from '../guards/token-auth';
import { keptUserAgent, phoneLabel } from './phone-label';
import { readPhoneSessions, writePhoneSessions } from './phone-session-file';

/** A phone's session ends after 30 days without use (or when revoked). */
export const PHONE_SESSION_IDLE_MS = 30 * 24 * 3600_000;
/** The cookie's Max-Age: the same 30 days, sent again at most once a day while used. */
export const PHONE_COOKIE_MAX_AGE_S = PHONE_SESSION_IDLE_MS / 1000;
const RENEW_AFTER_MS = 24 * 3600_000;
/** The last use is written to disk at most once an hour per session. */
const SAVE_USE_AFTER_MS = 3600_000;
const MAX_SESSIONS = 100;
const COOKIE = /^p\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

export interface PhoneSessionsOptions {
  /** The operator secret: a session's cookie is its id signed with it. */
  secret: string;
  /** Where the sessions are kept (`<stateDir>/phone-sessions.json`); none: in memory only. */
  file?: string;
  now?: () => number;
  onWarning?: (message: string) => void;
}

/** What a session cookie is worth: its session, and whether to send the cookie again. */
export interface PhoneSessionCheck {
  id: string;
  renew: boolean;
}

/**
 * The paired phones: one-time pairing codes (the QR code's login link) and the session each
 * phone got when it used one. A session is its own cookie (`p.<id>.<HMAC of the id>`), listed
 * with the phone's user agent and times, and refused from the moment it is revoked.
 */
export class PhoneSessions {
  private readonly codes: LoginCodes;
  private readonly now: () => number;
  private readonly sessions = new Map<string, PhoneSessionView>();
  private readonly savedUse = new Map<string, number>();
  private readonly cookieSent = new Map<string, number>();
  private readonly revokedListeners = new Set<(id: string) => void>();

  constructor(private readonly options: PhoneSessionsOptions) {
    this.now = options.now ?? Date.now;
    this.codes = new LoginCodes(this.now);
    const kept = options.file ? readPhoneSessions(options.file, options.onWarning) : [];
    for (const session of kept) {
      this.sessions.set(session.id, session);
      this.savedUse.set(session.id, session.lastUsedAt);
    }
  }

  /** A fresh one-time pairing code, valid for `ttlMs` (default 10 minutes). */
  issueCode(ttlMs: number = LOGIN_CODE_TTL_MS): string {
    return this.codes.issue(ttlMs);
  }

  /** Redeems a pairing code: a new session for this browser and its cookie value, or undefined. */
  pair(
    code: string,
    userAgent?: string,
  ): { session: PhoneSessionView; cookie: string } | undefined {
    if (!this.codes.redeem(code)) return undefined;
    const now = this.now();
    const id = randomBytes(12).toString('base64url');
    const session: PhoneSessionView = {
      id,
      label: phoneLabel(userAgent),
      userAgent: keptUserAgent(userAgent),
      pairedAt: now,
      lastUsedAt: now,
    };
    this.sessions.set(id, session);
    this.savedUse.set(id, now);
    this.cookieSent.set(id, now);
    // Most sessions kept: the least recently used go first.
    const byUse = [...this.sessions.values()].sort((a, b) => a.lastUsedAt - b.lastUsedAt);
    for (const old of byUse.slice(0, Math.max(0, this.sessions.size - MAX_SESSIONS)))
      this.drop(old.id);
    this.save();
    return { session: { ...session }, cookie: `p.${id}.${this.mac(id)}` };
  }

  /** The live session a cookie value names (its last use noted), or undefined. */
  check(cookie: string): PhoneSessionCheck | undefined {
    const match = COOKIE.exec(cookie);
    if (!match || !safeEqual(match[2]!, this.mac(match[1]!))) return undefined;
    const id = match[1]!;
    const session = this.sessions.get(id);
    if (!session) return undefined;
    const now = this.now();
    if (now - session.lastUsedAt > PHONE_SESSION_IDLE_MS) {
      this.drop(id);
      this.save();
      return undefined;
    }
    session.lastUsedAt = now;
    if (now - (this.savedUse.get(id) ?? 0) > SAVE_USE_AFTER_MS) {
      this.savedUse.set(id, now);
      this.save();
    }
    const renew = now - (this.cookieSent.get(id) ?? 0) > RENEW_AFTER_MS;
    if (renew) this.cookieSent.set(id, now);
    return { id, renew };
  }

  /** The paired phones' sessions, most recently paired first (idle ones left out). */
  list(): PhoneSessionView[] {
    const now = this.now();
    return [...this.sessions.values()]
      .filter((s) => now - s.lastUsedAt <= PHONE_SESSION_IDLE_MS)
      .sort((a, b) => b.pairedAt - a.pairedAt)
      .map((s) => ({ ...s }));
  }

  /** Ends a session at once (its streams are told); false when there is no such session. */
  revoke(id: string): boolean {
    if (!this.sessions.has(id)) return false;
    this.drop(id);
    this.save();
    return true;
  }

  /** Called with a session's id when it is revoked or ends; returns the unsubscribe. */
  onRevoked(listener: (id: string) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  private drop(id: string): void {
    this.sessions.delete(id);
    this.savedUse.delete(id);
    this.cookieSent.delete(id);
    for (const listener of [...this.revokedListeners]) listener(id);
  }

  private mac(id: string): string {
    return createHmac('sha256', this.options.secret)
      .update(`clarity-hitl-phone-session:${id}`)
      .digest('base64url');
  }

  private save(): void {
    if (!this.options.file) return;
    try {
      writePhoneSessions(this.options.file, [...this.sessions.values()]);
    } catch (error) {
      this.options.onWarning?.(
        `could not save the paired phones to ${this.options.file}: ${(error as Error).message}`,
      );
    }
  }
}

/** The `Set-Cookie` value of a phone's session: HttpOnly, SameSite=Strict, 30 days while used. */
export function phoneSessionCookie(name: string, value: string): string {
  return `${name}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${PHONE_COOKIE_MAX_AGE_S}`;
}
