import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AgentInfo, NewRequest } from '@contract/request';
import type { EditField } from '@contract/approval';
import { AskQuestionSchema, type AskQuestion } from '@contract/ask-question';
import { z } from 'zod';
import type { DecisionEvent, HookAgent, HookEvent } from './hook-event';
import { withSuggestions } from './permission-suggestions';
import { prefixRefusal, scopeChoices } from './scope-choices';
import { readToolCall, type ToolCall } from './tool-call';
import { callView } from './call-view';

const RUNTIME: Record<HookAgent, string> = { 'claude-code': 'Claude Code', codex: 'Codex' };
const FENCE_MAX = 20_000;

/**
 * The agent a session is shown as: project name plus the short session id, so several sessions
 * of one project stay apart (`my-app · 1a2b3c4d`).
 */
export function sessionAgent(agent: HookAgent, event: HookEvent): AgentInfo {
  const project = path.basename(path.resolve(event.cwd)) || event.cwd;
  const short = event.session_id.replace(/[^\w-]/g, '').slice(0, 8) || 'session';
  return {
    id: `${project}-${short}`,
    name: `${project} · ${short}`,
    runtime: RUNTIME[agent],
    projectDir: event.cwd,
  };
}

/** The inbox request for a decision event: readable prompt, approval input, suggested rule. */
export function approvalRequest(
  agent: HookAgent,
  event: DecisionEvent,
  expiresAt?: number,
): { request: NewRequest; call: ToolCall } {
  const call = readToolCall(event.tool_name, event.tool_input, event.cwd);
  const who = sessionAgent(agent, event);
  const questions = askedQuestions(agent, event);
  const view = callView(call, event.tool_input, event.cwd);
  const offer = scopeChoices(call, event.cwd);
  const scopes = withSuggestions(offer.scopes, event.permission_suggestions, call, RUNTIME[agent]);
  const notWider =
    call.kind === 'shell' && scopes.length === 1 ? prefixRefusal(call.command) : undefined;
  const input = {
    kind: 'approval' as const,
    tool: event.tool_name,
    ...(call.kind === 'shell' ? { command: call.command } : {}),
    ...(call.kind === 'edit' ? { path: call.relative } : {}),
    rule: scopes[0]?.scope ?? {},
    scopes,
    ...(offer.noAlways ? { noAlways: offer.noAlways } : {}),
    ...(notWider ? { notWider } : {}),
    ...editOffer(agent, event, questions),
    ...(view && !questions ? { call: view } : {}),
    ...(questions ? { questions } : {}),
  };
  const request: NewRequest = {
    source: agent,
    key: `${who.id}/${event.tool_name}-${randomBytes(3).toString('hex')}`,
    agent: who,
    title: questions ? questionsTitle(questions) : titleOf(call),
    prompt: questions ? questionsPrompt(questions, who, event) : promptOf(call, who, event),
    input,
    ...(expiresAt ? { expiresAt } : {}),
    meta: { sessionId: event.session_id, cwd: event.cwd, hookEvent: event.hook_event_name },
  };
  return { request, call };
}

const QuestionsSchema = z.array(AskQuestionSchema).min(1).max(8);

/** Claude Code's AskUserQuestion questions, when the event is one and they read as such. */
function askedQuestions(agent: HookAgent, event: DecisionEvent): AskQuestion[] | undefined {
  if (agent !== 'claude-code' || event.tool_name !== 'AskUserQuestion') return undefined;
  const parsed = QuestionsSchema.safeParse(event.tool_input.questions);
  return parsed.success ? parsed.data : undefined;
}

/** The tool-input fields Claude Code lets the operator edit before allowing, per tool. */
const EDITABLE: Record<string, string> = {
  Bash: 'command',
  Write: 'content',
  Edit: 'new_string',
};

/**
 * What the operator may edit before allowing: Claude Code takes an edited input (`updatedInput`)
 * for Bash's `command`, Write's `content` and Edit's `new_string`; Codex 0.17x fails closed on
 * `updatedInput`, so its calls are allowed as asked or denied, and the card says why.
 */
function editOffer(
  agent: HookAgent,
  event: DecisionEvent,
  questions: AskQuestion[] | undefined,
): { edit?: EditField[]; noEdit?: string } {
  if (questions) return {};
  if (agent === 'codex')
    return {
      noEdit:
        'Codex takes no edited input from a hook (it fails closed on updatedInput): allow as asked, or deny with a reason',
    };
  const field = EDITABLE[event.tool_name];
  const value = field ? event.tool_input[field] : undefined;
  if (field && typeof value === 'string') return { edit: [{ field, value }] };
  return {};
}

function questionsTitle(questions: AskQuestion[]): string {
  const first = questions[0]!.question.trim().split('\n')[0] ?? '';
  const more = questions.length > 1 ? ` (+${questions.length - 1})` : '';
  return `${first.length > 100 ? `${first.slice(0, 99)}…` : first}${more}`;
}

/** The questions as markdown (the terminal and history read this; the card shows options itself). */
function questionsPrompt(questions: AskQuestion[], who: AgentInfo, event: HookEvent): string {
  const asks = questions.map((q, i) => {
    const head = `${questions.length > 1 ? `${i + 1}. ` : ''}${q.header ? `**${q.header.replace(/[*_`]/g, '')}** · ` : ''}${q.question}`;
    const kind = q.multiSelect
      ? '_(pick one or more, or write your own)_'
      : '_(pick one, or write your own)_';
    const options = q.options.map(
      (o) => `   - \`${o.label.replace(/`/g, "'")}\`${o.description ? ` — ${o.description}` : ''}`,
    );
    return [`${head} ${kind}`, ...options].join('\n');
  });
  return [`**${who.runtime}** in \`${who.name}\` asks:`, ...asks, footer(event)].join('\n\n');
}

/** The informational item for a `Notification` ("Claude is waiting for your input"). */
export function noticeRequest(agent: HookAgent, event: HookEvent, expiresAt: number): NewRequest {
  const who = sessionAgent(agent, event);
  const text = event.message?.trim() || `${RUNTIME[agent]} is waiting for your input`;
  return {
    source: agent,
    key: `${who.id}/notice-${randomBytes(3).toString('hex')}`,
    agent: who,
    title: event.title?.trim() || text.split('\n')[0]!.slice(0, 120),
    prompt: `${text}\n\n${footer(event)}`,
    input: { kind: 'notice' },
    expiresAt,
    meta: { sessionId: event.session_id, cwd: event.cwd, hookEvent: event.hook_event_name },
  };
}

/** The card's title for a tool call (`Bash: npm test`, `Edit: src/a.ts`, ...). */
export function titleOf(call: ToolCall): string {
  const first = (s: string) => {
    const line = s.trim().split('\n')[0] ?? '';
    return line.length > 80 ? `${line.slice(0, 79)}…` : line;
  };
  if (call.kind === 'shell') return `${call.tool}: ${first(call.command)}`;
  if (call.kind === 'edit') return `${call.tool}: ${call.relative}`;
  if (call.kind === 'mcp') return `${call.server} · ${call.name}`;
  if (call.kind === 'fetch') return `${call.tool}: ${first(call.url)}`;
  if (call.kind === 'network') return `${call.tool}: network access to ${call.host ?? '?'}`;
  return call.tool;
}

/** The card's markdown for a tool call: who wants to do what, the call itself, the project. */
export function promptOf(call: ToolCall, who: AgentInfo, event: HookEvent): string {
  const where = `**${who.runtime}** in \`${who.name}\` wants to`;
  switch (call.kind) {
    case 'shell':
      return [
        `${where} run a command:`,
        fence('sh', call.command),
        call.description ? `> ${call.description.replace(/\n/g, '\n> ')}` : '',
        footer(event),
      ]
        .filter(Boolean)
        .join('\n\n');
    case 'edit': {
      const verb = call.tool === 'Write' ? 'write' : call.tool === 'Read' ? 'read' : 'edit';
      const target = call.relative || 'files (none named)';
      return [
        `${where} ${verb} \`${target}\` (${call.tool})${call.tool === 'Read' ? '.' : ':'}`,
        call.tool === 'Read' ? '' : fence('diff', call.diff),
        footer(event),
      ]
        .filter(Boolean)
        .join('\n\n');
    }
    case 'mcp':
      return [
        `${where} call the MCP tool **${call.name}** of server **${call.server}**:`,
        fence('json', JSON.stringify(call.input, null, 2)),
        footer(event),
      ].join('\n\n');
    case 'network':
      return [
        `${where} reach **${call.host ?? 'an unreadable host'}** over the network (${call.tool}).`,
        footer(event),
      ].join('\n\n');
    case 'fetch':
      return [`${where} fetch a web page (${call.tool}):`, fence('', call.url), footer(event)].join(
        '\n\n',
      );
    case 'other':
      return [
        `${where} use **${call.tool}**:`,
        fence('json', JSON.stringify(call.input, null, 2)),
        footer(event),
      ].join('\n\n');
  }
}

function footer(event: HookEvent): string {
  return `_Project_ \`${event.cwd}\` · _session_ \`${event.session_id}\``;
}

/** A fenced code block that the content cannot close early. */
function fence(lang: string, body: string): string {
  const text =
    body.length > FENCE_MAX
      ? `${body.slice(0, FENCE_MAX)}\n… (${body.length - FENCE_MAX} more characters)`
      : body;
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text}\n${ticks}`;
}

/** How much of the agent's last message a "finished" item keeps. */
const LAST_MESSAGE_MAX = 20_000;

/**
 * The item for a turn's end: "finished" (`Stop`) with Claude Code's `last_assistant_message`, or
 * "failed" (`StopFailure`) with the error the agent names; nothing to answer, dismissible.
 */
export function sessionDoneRequest(
  agent: HookAgent,
  event: HookEvent,
  expiresAt: number,
): NewRequest {
  const who = sessionAgent(agent, event);
  const failed = event.hook_event_name === 'StopFailure';
  const extra = event as Record<string, unknown>;
  const said = [extra.last_assistant_message, extra.error, extra.error_details]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .join('\n\n')
    .trim();
  const last = said.length > LAST_MESSAGE_MAX ? `${said.slice(0, LAST_MESSAGE_MAX)}…` : said;
  const verb = failed ? 'failed' : 'finished';
  const firstLine = last.split('\n')[0]?.slice(0, 100) ?? '';
  return {
    source: agent,
    key: `${who.id}/${verb}-${randomBytes(3).toString('hex')}`,
    agent: who,
    title: `${failed ? 'Failed' : 'Finished'}${firstLine ? `: ${firstLine}` : ''}`,
    prompt: [
      `**${who.runtime}** in \`${who.name}\` ${verb} its turn${last ? ':' : '.'}`,
      last ? last.replace(/^/gm, '> ') : '',
      footer(event),
    ]
      .filter(Boolean)
      .join('\n\n'),
    input: { kind: 'notice', session: verb },
    expiresAt,
    meta: { sessionId: event.session_id, cwd: event.cwd, hookEvent: event.hook_event_name },
  };
}
