import { z } from 'zod';
import { askAnswerText } from './ask-answers';
import { AskPicksSchema, AskQuestionSchema } from './ask-question';
import { CallViewSchema } from './call-view';

/**
 * The scope an "always allow" rule gets. At most one field is set; none means "any input to the
 * tool" (only ever offered for tools that are not shell, patch or network tools).
 * - `command`: exactly this shell command (the default for shell tools);
 * - `commandPrefix`: commands that start with these words (the program and its subcommand);
 * - `paths`: exactly these files, relative to the project (the default for edits and patches);
 * - `pathGlob`: files of the project matching this glob (dot-dirs only when it names them);
 * - `domain`: web fetches of / network access to this host name.
 */
export const RuleScopeSchema = z.object({
  command: z.string().trim().min(1).max(20_000).optional(),
  commandPrefix: z.string().trim().min(1).max(2000).optional(),
  paths: z.array(z.string().trim().min(1).max(5000)).min(1).max(200).optional(),
  pathGlob: z.string().trim().min(1).max(1000).optional(),
  domain: z.string().trim().min(1).max(253).optional(),
});
export type RuleScope = z.infer<typeof RuleScopeSchema>;

/** What kind of widening a scope choice is (the card words it from this). */
export const ScopeKindSchema = z.enum([
  'exact',
  'prefix',
  'folder',
  'tree',
  'glob',
  'domain',
  'any',
]);
export type ScopeKind = z.infer<typeof ScopeKindSchema>;

/**
 * One "always" scope the operator may pick on the card, computed by the broker from the call:
 * what it is, concrete examples of what it would allow, and one it would not.
 */
export const ScopeChoiceSchema = z.object({
  kind: ScopeKindSchema,
  scope: RuleScopeSchema,
  /** Concrete commands / paths / URLs the rule would allow (the call's own first). */
  allows: z.array(z.string().max(2000)).max(5).default([]),
  /** One concrete thing it would not allow, when that helps to see the edge. */
  refuses: z.string().max(2000).optional(),
  /** Set when the agent itself suggested this scope (Claude Code's `permission_suggestions`). */
  suggestedBy: z.string().max(100).optional(),
});
export type ScopeChoice = z.infer<typeof ScopeChoiceSchema>;

/** One field of a call the operator may edit before allowing it, with its value as asked. */
export const EditFieldSchema = z.object({
  field: z.string().min(1).max(100),
  value: z.string().max(1_000_000),
});
export type EditField = z.infer<typeof EditFieldSchema>;

/**
 * A coding agent's permission request (`PermissionRequest` / `PreToolUse` hook): allow once, deny
 * with a reason, or allow always under one of the offered scopes (`scopes`, narrowest first).
 */
export const ApprovalInputSchema = z.object({
  kind: z.literal('approval'),
  tool: z.string().min(1),
  /** The shell command asked for, when the tool runs one. */
  command: z.string().optional(),
  /** The file the tool touches, relative to the project when inside it. */
  path: z.string().optional(),
  /** The default "always" scope: the narrowest offered (the exact command or file). */
  rule: RuleScopeSchema.default({}),
  /** Every scope "always" may take; none (or absent) when this request is never remembered. */
  scopes: z.array(ScopeChoiceSchema).max(12).optional(),
  /** Why "always" is not offered, when it is not (e.g. `request_permissions` is never remembered). */
  noAlways: z.string().max(500).optional(),
  /** Why no scope wider than the exact command is offered (`rm` destroys …), when none is. */
  notWider: z.string().max(500).optional(),
  /**
   * Claude Code's AskUserQuestion: the questions to answer (the answer is an allow whose
   * `updatedInput` carries `answers`; see ask-question.ts).
   */
  questions: z.array(AskQuestionSchema).min(1).max(8).optional(),
  /**
   * The fields of the call the operator may edit before allowing (Claude Code takes the edited
   * input as `updatedInput`): `command` of a Bash call, `content` of a Write, `new_string` of an Edit.
   */
  edit: z.array(EditFieldSchema).max(4).optional(),
  /** Why editing is not offered, when the agent takes no edited input (Codex). */
  noEdit: z.string().max(500).optional(),
  /** Why no deny reason is asked for, when the agent takes none (HAPI's hub): the card hides it. */
  noReason: z.string().max(500).optional(),
  /** The call as the card shows it (a diff, the host, the MCP tool, ...), when it has a view. */
  call: CallViewSchema.optional(),
});
export type ApprovalInput = z.infer<typeof ApprovalInputSchema>;

export const ApprovalValueSchema = z.object({
  kind: z.literal('approval'),
  decision: z.enum(['allow', 'deny', 'always']),
  /** Goes back to the agent with a deny. */
  reason: z.string().max(10_000).optional(),
  /** The scope the operator picked among `scopes` (with `always`; default: the narrowest). */
  rule: RuleScopeSchema.optional(),
  /** The answers to `questions` (with `allow`), keyed by question text. */
  answers: AskPicksSchema.optional(),
  /** Edited values of the `edit` fields (with `allow` only: an edited call is never remembered). */
  edited: z.record(z.string().max(100), z.string().max(1_000_000)).optional(),
});
export type ApprovalValue = z.infer<typeof ApprovalValueSchema>;

import { scopeText } from './scope-text';

export { scopeText };

/** The same scope, whatever order its fields came in and however it was spaced. */
export function sameScope(a: RuleScope, b: RuleScope): boolean {
  const key = (s: RuleScope) =>
    JSON.stringify([
      s.command?.trim(),
      s.commandPrefix?.trim().split(/\s+/).join(' '),
      s.paths?.map((p) => p.trim()),
      s.pathGlob?.trim(),
      s.domain?.trim().toLowerCase(),
    ]);
  return key(a) === key(b);
}

/**
 * The scope an `always` answer may create: one the broker offered for this request (the client's
 * pick is never trusted beyond that), the narrowest when none was picked. A problem text otherwise.
 */
export function offeredScope(
  input: ApprovalInput,
  wanted: RuleScope | undefined,
): { scope: RuleScope } | { problem: string } {
  const scopes = input.scopes ?? [];
  if (scopes.length === 0) {
    return {
      problem: `${input.tool}: ${input.noAlways ?? 'this request cannot be remembered'}; allow once or deny`,
    };
  }
  if (wanted === undefined) return { scope: scopes[0]!.scope };
  const offered = scopes.find((c) => sameScope(c.scope, wanted));
  if (offered) return { scope: offered.scope };
  return {
    problem: `rule: ${JSON.stringify(wanted)} is not one of the scopes offered for this request (${scopes
      .map((c) => JSON.stringify(scopeText(c.scope) || 'any input'))
      .join(', ')})`,
  };
}

/** The plain-text form of an approval answer (history, audit log, text protocols). */
export function approvalText(value: ApprovalValue): string {
  if (value.decision === 'deny') return value.reason ? `deny: ${value.reason}` : 'deny';
  if (value.answers) {
    return Object.entries(value.answers)
      .map(([question, pick]) => `${question} → ${askAnswerText(pick)}`)
      .join('\n');
  }
  if (value.edited) {
    const fields = Object.entries(value.edited).map(([field, text]) => `${field}: ${text}`);
    return ['allow, edited', ...fields].join('\n');
  }
  if (value.decision === 'always') {
    const scope = value.rule ? scopeText(value.rule) : '';
    return scope ? `always allow (${scope})` : 'always allow';
  }
  return 'allow';
}

/** A remembered "always allow" rule as clients see it (`GET /api/rules`, IPC `rules:list`). */
export interface ApprovalRuleView extends RuleScope {
  id: string;
  agent: string;
  tool: string;
  /** Absolute project directory the rule applies in (and below). */
  project: string;
  createdAt: number;
  fromRequest?: string;
  hits: number;
  lastUsedAt?: number;
  /** Set when the rule no longer matches anything: it is broader than rules may be now. */
  inactive?: string;
}
