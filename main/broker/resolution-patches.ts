import {
  AnswerInputSchema,
  type AnswerInput,
  type HitlRequest,
  type Resolver,
} from '@contract/request';
import { normaliseAnswer } from './answer-normalise';
import type { ResolvedByOperator } from './broker-types';
import { NOT_STORABLE_MESSAGE, unstorablePath } from '@contract/well-formed';
import { ForbiddenError, InvalidInputError } from './errors';
import { isOperatorOnly } from './operator-only';
import { parseOrThrow } from './validation';

/** What a resolution changes on a pending request (the broker adds the time and instance). */
export type ResolutionPatch = Partial<HitlRequest> & {
  status: Exclude<HitlRequest['status'], 'pending'>;
};

/** Who cancels, and why (an operator's name in team mode). */
export type CancelOptions = { reason?: string; by?: Resolver } & ResolvedByOperator;

/** The patch that answers `request` with `input`, checked and normalised to its kind of input. */
export function answeredPatch(
  request: HitlRequest,
  input: AnswerInput,
  by: Resolver,
  who: ResolvedByOperator = {},
): ResolutionPatch {
  checkAuthority(request, by, who);
  const unstorable = unstorablePath(input);
  if (unstorable !== undefined)
    throw new InvalidInputError(
      `invalid answer: ${unstorable} ${NOT_STORABLE_MESSAGE}`,
      `answer.${unstorable}`,
    );
  const answer = normaliseAnswer(request, parseOrThrow(AnswerInputSchema, input, 'answer'));
  return { status: 'answered', answer, resolvedBy: by, ...operatorOf(who) };
}

/**
 * Refuses an answer to a coding agent's request (an approval, or the question the agent asks
 * through it) unless the operator's authority was verified, or a rule the operator made decides it.
 * Cancelling through a protocol's endpoint needs the authority too (checkCancelAuthority).
 */
function checkAuthority(request: HitlRequest, by: Resolver, who: ResolvedByOperator): void {
  if (!isOperatorOnly(request) || who.authority === 'operator' || by === 'auto') return;
  throw new ForbiddenError(
    `only the operator can answer ${request.source} request ${request.key}: answer it in the inbox (logged in with a login link), in the desktop app, or with \`clarity-hitl\` as the operator`,
  );
}

/**
 * Refuses a cancel of a coding agent's request through a protocol's own endpoint (the Clarity
 * spec's `POST /cancel`, Tool Server Lite's cancel) without the operator's authority: those
 * endpoints never reach the operator's approvals (another account or an agent could otherwise
 * take the operator's request away). The request's own agent withdraws it by hanging up, which
 * carries no `via: 'protocol'`; the operator cancels from the inbox, the desktop or the CLI.
 */
function checkCancelAuthority(request: HitlRequest, options: CancelOptions): void {
  if (!isOperatorOnly(request) || options.via !== 'protocol' || options.authority === 'operator')
    return;
  throw new ForbiddenError(
    `only the operator can cancel ${request.source} request ${request.key}: cancel it in the inbox, in the desktop app, or with \`clarity-hitl\` as the operator`,
  );
}

/**
 * The patch that cancels a request (by the operator unless `by` says otherwise); given the
 * request, a protocol endpoint's cancel of a coding agent's request is refused first.
 */
export function cancelledPatch(options: CancelOptions, request?: HitlRequest): ResolutionPatch {
  if (request) checkCancelAuthority(request, options);
  return {
    status: 'cancelled',
    resolvedBy: options.by ?? 'ui',
    cancelReason: options.reason,
    ...operatorOf(options),
  };
}

/** The patch that expires a request. */
export function expiredPatch(by: Resolver): ResolutionPatch {
  return { status: 'expired', resolvedBy: by };
}

function operatorOf(who: ResolvedByOperator): Pick<HitlRequest, 'operator' | 'via'> {
  return {
    ...(who.operator ? { operator: who.operator } : {}),
    ...(who.via ? { via: who.via } : {}),
  };
}
