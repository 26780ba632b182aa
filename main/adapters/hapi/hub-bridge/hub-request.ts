import path from 'node:path';
import type { AgentInfo, NewRequest } from '@contract/request';
import { callView } from '../../coding-agents/call-view';
import { promptOf, titleOf } from '../../coding-agents/hook-request';
import { readToolCall } from '../../coding-agents/tool-call';
import type { HubMetadata, HubPermission } from './hub-wire';

/** The request `source` of everything the bridge shows. */
export const HAPI_SOURCE = 'hapi';

/** A HAPI session as the inbox names it. */
export interface HubSessionView {
  id: string;
  /** Its name in HAPI (metadata name, else its summary, else its folder). */
  name: string;
  flavor?: string;
  /** Its working directory, when the hub gave an absolute one. */
  path?: string;
  /** Whether it runs on this machine (its files may then be read to place an edit). */
  local: boolean;
}

/**
 * Tools HAPI asks about that are questions, not permissions: the answer carries the operator's
 * picks (`answers`), which the inbox does not collect for HAPI yet, so they stay in HAPI's app.
 */
const QUESTION_TOOLS = new Set(['AskUserQuestion', 'ask_user_question', 'request_user_input']);

/** HAPI's own names for coding-agent tools, as the hooks' cards know them. */
const TOOL_ALIASES: Record<string, string> = { CodexBash: 'Bash' };

/** The inbox's view of a session from its hub metadata. */
export function sessionView(id: string, metadata: HubMetadata | null | undefined, host: string) {
  const where = metadata?.path && path.isAbsolute(metadata.path) ? metadata.path : undefined;
  const named =
    metadata?.name?.trim() ||
    metadata?.summary?.text.trim() ||
    (where ? path.basename(where) : '') ||
    `session ${id.slice(0, 8)}`;
  return {
    id,
    name: named.length > 100 ? `${named.slice(0, 99)}…` : named,
    ...(metadata?.flavor ? { flavor: metadata.flavor } : {}),
    ...(where ? { path: where } : {}),
    local: metadata?.host === host,
  } satisfies HubSessionView;
}

/** The agent id of a HAPI session: its requests and its messages are shown under it. */
export function hubAgentId(sessionId: string): string {
  return `hapi-${sessionId.replace(/[^\w.-]/g, '').slice(0, 64) || 'session'}`;
}

/** The agent a HAPI session is shown as (one per session). */
export function hubAgent(session: HubSessionView): AgentInfo {
  return {
    id: hubAgentId(session.id),
    name: session.name,
    runtime: session.flavor ? `HAPI · ${session.flavor}` : 'HAPI',
    ...(session.path ? { projectDir: session.path } : {}),
  };
}

/** The broker key of a session's request: unique per hub session and request id. */
export function hubKey(sessionId: string, requestId: string): string {
  return `${sessionId}/${requestId}`;
}

/**
 * The inbox request for one pending permission request of a HAPI session: the same card as a
 * Claude Code hook's for the same tool (command, diff, MCP call, ...), answered allow once or deny
 * (HAPI's hub takes neither a remembered rule nor an edited input). Undefined for question tools.
 */
export function hubRequest(
  session: HubSessionView,
  requestId: string,
  permission: HubPermission,
): NewRequest | undefined {
  if (QUESTION_TOOLS.has(permission.tool)) return undefined;
  const input = asInput(permission.arguments);
  const cwd = session.path ?? path.parse(process.cwd()).root;
  const call = readToolCall(TOOL_ALIASES[permission.tool] ?? permission.tool, input, cwd);
  const view = call.kind === 'edit' && !session.local ? undefined : callView(call, input, cwd);
  const who = hubAgent(session);
  const event = { session_id: session.id, cwd, hook_event_name: 'PermissionRequest' };
  return {
    source: HAPI_SOURCE,
    key: hubKey(session.id, requestId),
    agent: who,
    title: titleOf(call),
    prompt: promptOf(call, who, event),
    input: {
      kind: 'approval',
      tool: permission.tool,
      ...(call.kind === 'shell' ? { command: call.command } : {}),
      ...(call.kind === 'edit' ? { path: call.relative } : {}),
      rule: {},
      scopes: [],
      noAlways: "HAPI's own 'allow for this session' stays in HAPI's app",
      noEdit: "HAPI's hub takes no edited call",
      noReason: "HAPI's hub takes no deny reason",
      ...(view ? { call: view } : {}),
    },
    ...(plausible(permission.createdAt) ? { createdAt: permission.createdAt } : {}),
    meta: { hubSessionId: session.id, hubRequestId: requestId },
  };
}

/** The hub's clock is not ours: a time more than a year back or a minute ahead is not used. */
function plausible(at: number | null | undefined): at is number {
  const now = Date.now();
  return typeof at === 'number' && at > now - 365 * 86_400_000 && at < now + 60_000;
}

/** A tool input as the card readers take it: an object, or the value wrapped as `{value}`. */
function asInput(value: unknown): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    return value as Record<string, unknown>;
  return value === undefined ? {} : { value };
}
