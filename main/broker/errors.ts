import type { HitlRequest } from '@contract/request';

/** Base class of every error the broker core throws on purpose; `code` is stable for callers. */
export class BrokerError extends Error {
  constructor(
    readonly code:
      | 'not_found'
      | 'already_resolved'
      | 'duplicate'
      | 'invalid'
      | 'forbidden'
      | 'store_unreachable'
      | 'not_saved',
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** No request with that id or key. */
export class NotFoundError extends BrokerError {
  constructor(what: string) {
    super('not_found', `no pending or known request ${what}`);
  }
}

/** The request was already answered, cancelled or expired: the first resolution won. */
export class AlreadyResolvedError extends BrokerError {
  constructor(readonly request: HitlRequest) {
    super(
      'already_resolved',
      `request ${request.key} is already ${request.status}${whom(request)}`,
    );
  }
}

/** A request with the same source and key is already pending. */
export class DuplicateRequestError extends BrokerError {
  constructor(readonly existing: HitlRequest) {
    super('duplicate', `a ${existing.source} request with key ${existing.key} is already pending`);
  }
}

/** Input failed validation; the message names the field (and `field` holds it, when known). */
export class InvalidInputError extends BrokerError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super('invalid', message);
  }
}

/** The caller lacks the authority for this resolution (only the operator approves a tool call). */
export class ForbiddenError extends BrokerError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

/** What every refusal for an unreachable team store starts with (docs/http-api.md). */
export const STORE_UNREACHABLE = 'team store unreachable, retry';

/**
 * Team mode: the shared store could not be reached, so nothing was decided (the request is still
 * pending everywhere). Callers answer 503 with Retry-After; never the database driver's words.
 */
export class StoreUnreachableError extends BrokerError {
  /** Seconds after which a retry makes sense (the HTTP Retry-After). */
  readonly retryAfterS = 5;

  constructor(key: string) {
    super(
      'store_unreachable',
      `${STORE_UNREACHABLE}: request ${key} is still pending, nothing was decided`,
    );
  }
}

/**
 * The broker could not write a change to its state dir (a full disk, a read-only or failing one),
 * so it did not make it: the question was not accepted, the answer not given. Callers answer 507
 * (ENOSPC / EDQUOT: no space) or 503; the message names the dir and the system's reason.
 */
export class NotSavedError extends BrokerError {
  /** The HTTP status: 507 when the disk is full, 503 for another write failure. */
  readonly status: 507 | 503;

  constructor(what: string, stateDir: string, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    const full = code === 'ENOSPC' || code === 'EDQUOT';
    const why = full
      ? `the disk of the state dir ${stateDir} is full (${code})`
      : `the state dir ${stateDir} could not be written (${code ?? String(cause)})`;
    super('not_saved', `${what} not saved, so not accepted: ${why}; free space and retry`);
    this.status = full ? 507 : 503;
  }
}

/** " by alice on host-b" when a named operator resolved it (team mode), else nothing. */
function whom(request: HitlRequest): string {
  const by = request.operator ? ` by ${request.operator}` : '';
  return request.resolvedOn ? `${by} on ${request.resolvedOn}` : by;
}
