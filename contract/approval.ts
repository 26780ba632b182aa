import { z } from 'zod';

/** The scope an "always allow" rule gets: a command prefix (shell tools) or a path glob (edits). */
export const RuleScopeSchema = z.object({
  commandPrefix: z.string().trim().min(1).max(2000).optional(),
  pathGlob: z.string().trim().min(1).max(1000).optional(),
});
export type RuleScope = z.infer<typeof RuleScopeSchema>;

/**
 * A coding agent's permission request (`PermissionRequest` / `PreToolUse` hook): allow once, deny
 * with a reason, or allow always under a rule. `rule` is the suggested scope the operator may edit.
 */
export const ApprovalInputSchema = z.object({
  kind: z.literal('approval'),
  tool: z.string().min(1),
  /** The shell command asked for, when the tool runs one. */
  command: z.string().optional(),
  /** The file the tool touches, relative to the project when inside it. */
  path: z.string().optional(),
  rule: RuleScopeSchema.default({}),
});
export type ApprovalInput = z.infer<typeof ApprovalInputSchema>;

export const ApprovalValueSchema = z.object({
  kind: z.literal('approval'),
  decision: z.enum(['allow', 'deny', 'always']),
  /** Goes back to the agent with a deny. */
  reason: z.string().max(10_000).optional(),
  /** The operator's edit of the suggested rule scope (with `always`). */
  rule: RuleScopeSchema.optional(),
});
export type ApprovalValue = z.infer<typeof ApprovalValueSchema>;

/** The plain-text form of an approval answer (history, audit log, text protocols). */
export function approvalText(value: ApprovalValue): string {
  if (value.decision === 'deny') return value.reason ? `deny: ${value.reason}` : 'deny';
  if (value.decision === 'always') {
    const scope = value.rule?.commandPrefix ?? value.rule?.pathGlob;
    return scope ? `always allow (${scope})` : 'always allow';
  }
  return 'allow';
}

/** A remembered "always allow" rule as clients see it (`GET /api/rules`, IPC `rules:list`). */
export interface ApprovalRuleView {
  id: string;
  agent: string;
  tool: string;
  /** Absolute project directory the rule applies in (and below). */
  project: string;
  commandPrefix?: string;
  pathGlob?: string;
  createdAt: number;
  fromRequest?: string;
  hits: number;
  lastUsedAt?: number;
}
