import path from 'node:path';
import picomatch from 'picomatch';
import { z } from 'zod';
import { HookAgentSchema } from './hook-event';
import { relativeTo, type ToolCall } from './tool-call';

/** One remembered "always allow": this agent's tool, in this project, within this scope. */
export const ApprovalRuleSchema = z.object({
  id: z.string().min(1),
  agent: HookAgentSchema,
  tool: z.string().min(1),
  /** Absolute project directory; the rule applies to sessions in it or below it. */
  project: z.string().min(1),
  commandPrefix: z.string().min(1).optional(),
  pathGlob: z.string().min(1).optional(),
  createdAt: z.number(),
  /** The request whose answer created the rule. */
  fromRequest: z.string().optional(),
  hits: z.number().int().min(0).default(0),
  lastUsedAt: z.number().optional(),
});
export type ApprovalRule = z.infer<typeof ApprovalRuleSchema>;

/** Shell syntax that chains or redirects: a prefix rule never covers such a command. */
const SHELL_CONTROL = /[;&|`<>\n\r]|\$\(/;

/** True when `rule` decides this tool call of `agent` in session directory `cwd`. */
export function ruleMatches(
  rule: ApprovalRule,
  agent: string,
  cwd: string,
  call: ToolCall,
): boolean {
  if (rule.agent !== agent || rule.tool !== call.tool) return false;
  if (!isInside(rule.project, cwd)) return false;
  if (rule.commandPrefix !== undefined) {
    if (call.kind !== 'shell') return false;
    const command = call.command.trim();
    if (SHELL_CONTROL.test(command)) return false;
    if (command !== rule.commandPrefix && !command.startsWith(`${rule.commandPrefix} `))
      return false;
  }
  if (rule.pathGlob !== undefined) {
    if (call.kind !== 'edit') return false;
    const absolute = path.resolve(cwd, call.file);
    if (!isInside(rule.project, absolute)) return false;
    const relative = relativeTo(rule.project, absolute).split(path.sep).join('/');
    if (!picomatch(rule.pathGlob, { dot: true })(relative)) return false;
  }
  return true;
}

/** A short human form: `Bash: npm test …` / `Edit: src/**` / `mcp__x__y`. */
export function describeRule(
  rule: Pick<ApprovalRule, 'tool' | 'commandPrefix' | 'pathGlob'>,
): string {
  if (rule.commandPrefix !== undefined) return `${rule.tool}: ${rule.commandPrefix} …`;
  if (rule.pathGlob !== undefined) return `${rule.tool}: ${rule.pathGlob}`;
  return `${rule.tool} (any input)`;
}

function isInside(dir: string, target: string): boolean {
  const relative = path.relative(path.resolve(dir), path.resolve(target));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
