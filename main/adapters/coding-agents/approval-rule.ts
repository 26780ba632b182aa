import path from 'node:path';
import { z } from 'zod';
import { RuleScopeSchema, scopeText, type RuleScope } from '@contract/approval';
import { prefixCovers, prefixProblem, texts } from './command-policy';
import { HookAgentSchema } from './hook-event';
import { hostProblem } from './net-policy';
import { globCovers, globProblem, projectPath } from './path-policy';
import { NEVER_REMEMBERED, scopeChoices } from './scope-choices';
import { shellWords } from './shell-words';
import type { ToolCall } from './tool-call';

/** One remembered "always allow": this agent's tool, in this project, within this scope. */
export const ApprovalRuleSchema = RuleScopeSchema.extend({
  id: z.string().min(1),
  agent: HookAgentSchema,
  tool: z.string().min(1),
  /** Absolute project directory; the rule applies to sessions in it or below it. */
  project: z.string().min(1),
  createdAt: z.number(),
  /** The request whose answer created the rule. */
  fromRequest: z.string().optional(),
  hits: z.number().int().min(0).default(0),
  lastUsedAt: z.number().optional(),
});
export type ApprovalRule = z.infer<typeof ApprovalRuleSchema>;

const SCOPE_FIELDS = ['command', 'commandPrefix', 'paths', 'pathGlob', 'domain'] as const;

/**
 * Why a rule may not be kept or may no longer match, or undefined when it is fine: one scope
 * field at most; a prefix, glob or domain the policies allow; never a tool that is never
 * remembered; never "any input" for a tool that has a command, files or a host.
 */
export function ruleProblem(rule: Pick<ApprovalRule, 'tool'> & RuleScope): string | undefined {
  const set = SCOPE_FIELDS.filter((f) => rule[f] !== undefined);
  if (set.length > 1) return `a rule has one scope, not ${set.join(' and ')}`;
  if (NEVER_REMEMBERED.has(rule.tool)) return `${rule.tool} is never remembered`;
  if (rule.commandPrefix !== undefined) {
    const words = shellWords(rule.commandPrefix);
    if (!words || words.some((w) => w.expands))
      return `${rule.commandPrefix} is not a plain prefix`;
    return prefixProblem(texts(words));
  }
  if (rule.pathGlob !== undefined) return globProblem(rule.pathGlob);
  if (rule.paths !== undefined) {
    const bad = rule.paths.find((p) => path.isAbsolute(p) || p.split('/').includes('..'));
    return bad ? `${bad} is not a path inside the project` : undefined;
  }
  if (rule.domain !== undefined) return hostProblem(rule.domain);
  if (rule.command !== undefined) return undefined;
  const offer = scopeChoices({ kind: 'other', tool: rule.tool, input: {} }, '/');
  return offer.noAlways ? `"any input" is never kept for ${rule.tool}` : undefined;
}

/** True when `rule` decides this tool call of `agent` in session directory `cwd`. */
export function ruleMatches(
  rule: ApprovalRule,
  agent: string,
  cwd: string,
  call: ToolCall,
): boolean {
  if (rule.agent !== agent || rule.tool !== call.tool) return false;
  if (!isInside(rule.project, cwd) || ruleProblem(rule)) return false;
  if (rule.command !== undefined)
    return call.kind === 'shell' && call.command.trim() === rule.command.trim();
  if (rule.commandPrefix !== undefined)
    return call.kind === 'shell' && prefixCovers(rule.commandPrefix, call.command);
  if (rule.paths !== undefined || rule.pathGlob !== undefined) {
    if (call.kind !== 'edit' || call.files.length === 0) return false;
    return call.files.every((file) => {
      const relative = projectPath(rule.project, cwd, file);
      if (relative === null) return false;
      return rule.paths ? rule.paths.includes(relative) : globCovers(rule.pathGlob!, relative);
    });
  }
  if (rule.domain !== undefined) {
    if (call.kind !== 'fetch' && call.kind !== 'network') return false;
    return call.host !== undefined && call.host === rule.domain.toLowerCase();
  }
  // "Any input": only for tools that are none of shell, file, fetch or network (ruleProblem).
  return call.kind === 'mcp' || call.kind === 'other';
}

/** A short human form: `Bash: npm test …` / `Edit: src/**` / `mcp__x__y (any input)`. */
export function describeRule(rule: Pick<ApprovalRule, 'tool'> & RuleScope): string {
  if (rule.commandPrefix !== undefined) return `${rule.tool}: ${rule.commandPrefix} …`;
  const text = scopeText(rule);
  return text ? `${rule.tool}: ${text}` : `${rule.tool} (any input)`;
}

function isInside(dir: string, target: string): boolean {
  const relative = path.relative(path.resolve(dir), path.resolve(target));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
