import { withdraw } from '../../broker/withdraw';
import type { Broker } from '../../broker/broker';
import type { ApprovalValue } from '@contract/approval';
import { InvalidInputError } from '../../broker/errors';
import type { HitlRequest, InputSpec } from '@contract/request';
import { askAnswers } from '@contract/ask-question';
import { describeRule } from './approval-rule';
import {
  DECISION_EVENTS,
  DecisionEventSchema,
  type HookAgent,
  type HookEvent,
  type HookPost,
  type HookReply,
} from './hook-event';
import { approvalRequest, noticeRequest, sessionAgent, sessionDoneRequest } from './hook-request';

/** The events that end a turn: an item says the session finished (or failed) with its last words. */
const SESSION_DONE_EVENTS = new Set(['Stop', 'StopFailure']);
import { DEFAULT_HOOK_WAIT_SECONDS } from './hook-wire';
import type { RuleStore } from './rule-store';
import { transcriptContext, transcriptRoots, transcriptTail } from './transcript-tail';

/**
 * The input the agent runs instead of the one it asked with: AskUserQuestion's plus `answers`
 * (checked again against the options), or the call with the operator's edits of offered fields.
 */
export function updatedInputOf(
  input: InputSpec,
  approval: ApprovalValue,
  toolInput: Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (input.kind !== 'approval') return undefined;
  if (input.questions) {
    const checked = askAnswers(input.questions, approval.answers);
    if ('problem' in checked) throw new InvalidInputError(`invalid answer: ${checked.problem}`);
    return { ...toolInput, answers: checked.answers };
  }
  if (!approval.edited) return undefined;
  const offered = new Set((input.edit ?? []).map((f) => f.field));
  const edits = Object.entries(approval.edited).filter(([field]) => offered.has(field));
  return edits.length > 0 ? { ...toolInput, ...Object.fromEntries(edits) } : undefined;
}

/** How long a `Notification` item stays when the session sends nothing more. */
export const NOTICE_TTL_MS = 30 * 60_000;

/** Waits for a request's resolution while the hook is connected; null when it hung up. */
export type HeldWait = (id: string) => Promise<HitlRequest | null>;

/**
 * Turns coding-agent hook events into inbox requests and decisions: a remembered rule decides at
 * once (audited as `auto`), otherwise the operator does; `Notification` becomes an informational
 * item that any later event of the same session (or Stop / SessionEnd) clears.
 */
export class HookDesk {
  constructor(
    private readonly broker: Broker,
    private readonly rules: RuleStore,
    private readonly now: () => number = Date.now,
    /** Where each agent's transcripts are (the context is read from there only). */
    private readonly transcripts: () => Record<HookAgent, string> = () => transcriptRoots(),
  ) {}

  async handle(agent: HookAgent, post: HookPost, wait: HeldWait): Promise<HookReply> {
    const { event } = post;
    this.clearNotices(agent, event);
    if ((DECISION_EVENTS as readonly string[]).includes(event.hook_event_name)) {
      return this.decide(agent, event, post.timeoutSeconds ?? DEFAULT_HOOK_WAIT_SECONDS, wait);
    }
    if (event.hook_event_name === 'Notification') return this.notice(agent, event);
    if (SESSION_DONE_EVENTS.has(event.hook_event_name)) return this.finished(agent, event);
    return { decision: null, why: `${event.hook_event_name} is informational` };
  }

  private async decide(
    agent: HookAgent,
    raw: HookEvent,
    timeoutSeconds: number,
    wait: HeldWait,
  ): Promise<HookReply> {
    const parsed = DecisionEventSchema.safeParse(raw);
    if (!parsed.success) {
      throw new InvalidInputError(
        `invalid hook event: ${raw.hook_event_name} needs tool_name and tool_input`,
      );
    }
    const event = parsed.data;
    const { request, call } = approvalRequest(agent, event, this.now() + timeoutSeconds * 1000);
    const rule = this.rules.match(agent, event.cwd, call);
    if (!rule) {
      const context = this.transcriptContext(agent, event);
      if (context) request.context = context;
    }
    if (rule) {
      const { expiresAt: _none, ...decided } = request;
      this.broker.recordDecided(decided, {
        text: `allow (rule ${rule.id}: ${describeRule(rule)})`,
        value: { kind: 'approval', decision: 'allow' },
      });
      return { decision: { behavior: 'allow' }, ruleId: rule.id };
    }
    // The held hook's reply carries the decision: its sending is reported (held-request.ts).
    this.broker.deliveries.expect(agent);
    const added = this.broker.add(request);
    const resolved = await wait(added.id);
    if (!resolved) return { decision: null, requestId: added.id, why: 'the hook disconnected' };
    return this.replyFor(agent, resolved, event.tool_input);
  }

  private replyFor(
    agent: HookAgent,
    resolved: HitlRequest,
    toolInput: Record<string, unknown>,
  ): HookReply {
    const requestId = resolved.id;
    const value = resolved.answer?.value;
    if (resolved.status !== 'answered' || value?.kind !== 'approval') {
      return { decision: null, requestId, why: `the request was ${resolved.status}` };
    }
    const approval: ApprovalValue = value;
    if (approval.decision === 'deny') {
      const message = approval.reason?.trim();
      return { decision: { behavior: 'deny', ...(message ? { message } : {}) }, requestId };
    }
    if (approval.decision === 'always' && resolved.input.kind === 'approval') {
      const meta = resolved.meta ?? {};
      // The broker accepted only a scope it offered; the store checks it once more.
      const rule = this.rules.add({
        agent,
        tool: resolved.input.tool,
        project: String(meta.cwd ?? resolved.agent?.projectDir ?? '/'),
        ...approval.rule,
        fromRequest: requestId,
      });
      return { decision: { behavior: 'allow' }, requestId, ruleId: rule.id };
    }
    const updatedInput = updatedInputOf(resolved.input, approval, toolInput);
    return {
      decision: { behavior: 'allow', ...(updatedInput ? { updatedInput } : {}) },
      requestId,
    };
  }

  /** The session's recent turns, when its transcript may be read (see transcript-tail.ts). */
  private transcriptContext(agent: HookAgent, event: HookEvent): string | undefined {
    const file = event.transcript_path;
    if (!file) return undefined;
    const turns = transcriptTail(file, this.transcripts()[agent]);
    return turns
      ? transcriptContext(turns, sessionAgent(agent, event).runtime ?? agent)
      : undefined;
  }

  private notice(agent: HookAgent, event: HookEvent): HookReply {
    const who = sessionAgent(agent, event);
    const asking = this.broker
      .pending()
      .some((r) => r.agent?.id === who.id && r.source === agent && r.input.kind === 'approval');
    // Claude Code also notifies about the permission prompt the PermissionRequest hook shows.
    if (asking && event.notification_type === 'permission_prompt') {
      return { decision: null, why: 'the permission request is already in the inbox' };
    }
    const added = this.broker.add(noticeRequest(agent, event, this.now() + NOTICE_TTL_MS));
    return { decision: null, requestId: added.id, why: 'Notification is informational' };
  }

  /**
   * The session's turn ended (`Stop`, with Claude Code's `last_assistant_message`) or failed
   * (`StopFailure`): a "finished" / "failed" item with the last message, until the operator
   * dismisses it or the session goes on.
   */
  private finished(agent: HookAgent, event: HookEvent): HookReply {
    const added = this.broker.add(sessionDoneRequest(agent, event, this.now() + NOTICE_TTL_MS));
    return {
      decision: null,
      requestId: added.id,
      why: `${event.hook_event_name} is informational`,
    };
  }

  /**
   * The session went on or stopped: its "waiting for your input" items leave the inbox, and so does
   * a "finished" item when the session goes on (a new turn); `SessionEnd` leaves it in place.
   */
  private clearNotices(agent: HookAgent, event: HookEvent): void {
    const who = sessionAgent(agent, event);
    for (const request of this.broker.pending()) {
      if (request.source !== agent || request.input.kind !== 'notice') continue;
      if (request.agent?.id !== who.id || request.meta?.sessionId !== event.session_id) continue;
      const done = SESSION_DONE_EVENTS.has(String(request.meta?.hookEvent));
      if (done && event.hook_event_name === 'SessionEnd') continue;
      const stopped = ['Stop', 'SessionEnd'].includes(event.hook_event_name);
      void withdraw(this.broker, request.id, {
        status: 'cancelled',
        by: 'agent',
        reason: stopped ? 'the session stopped' : 'the session went on',
      });
    }
  }
}
