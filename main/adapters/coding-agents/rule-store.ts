import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BrokerError } from '../../broker/errors';
import { ApprovalRuleSchema, ruleMatches, type ApprovalRule } from './approval-rule';
import type { ToolCall } from './tool-call';

export const RULES_FILE = 'approval-rules.json';
const RulesFileSchema = z.object({ rules: z.array(z.unknown()).default([]) });

/** No rule with that id (HTTP 404). */
export class RuleNotFoundError extends BrokerError {
  constructor(id: string) {
    super('not_found', `no rule ${id}`);
  }
}

export type NewRule = Omit<ApprovalRule, 'id' | 'createdAt' | 'hits' | 'lastUsedAt'>;

/**
 * The operator's "always allow" rules, kept in `<stateDir>/approval-rules.json` (mode 0600,
 * written whole to a temp file and renamed). A rule that fails validation on load is skipped and
 * reported, the others still apply.
 */
export class RuleStore {
  private rules: ApprovalRule[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly file: string | null,
    private readonly options: { now?: () => number; onWarning?: (message: string) => void } = {},
  ) {
    this.load();
  }

  /** A store in `stateDir`. */
  static inStateDir(stateDir: string, onWarning?: (message: string) => void): RuleStore {
    return new RuleStore(path.join(stateDir, RULES_FILE), { onWarning });
  }

  /** Every rule, oldest first. */
  list(): ApprovalRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  add(rule: NewRule): ApprovalRule {
    const created = ApprovalRuleSchema.parse({
      ...rule,
      id: `r-${randomUUID().slice(0, 8)}`,
      createdAt: this.now(),
      hits: 0,
    });
    this.rules.push(created);
    this.save();
    return { ...created };
  }

  /** Removes a rule; RuleNotFoundError when there is none with that id. */
  revoke(id: string): ApprovalRule {
    const index = this.rules.findIndex((r) => r.id === id);
    if (index < 0) throw new RuleNotFoundError(id);
    const [removed] = this.rules.splice(index, 1);
    this.save();
    return removed!;
  }

  /** The first rule deciding this call (its use counted), if any. */
  match(agent: string, cwd: string, call: ToolCall): ApprovalRule | undefined {
    const rule = this.rules.find((r) => ruleMatches(r, agent, cwd, call));
    if (!rule) return undefined;
    rule.hits += 1;
    rule.lastUsedAt = this.now();
    this.save();
    return { ...rule };
  }

  /** Called after every change; returns unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private load(): void {
    if (!this.file) return;
    let raw: string;
    try {
      raw = readFileSync(this.file, 'utf8');
    } catch {
      return;
    }
    try {
      const { rules } = RulesFileSchema.parse(JSON.parse(raw));
      for (const item of rules) {
        const parsed = ApprovalRuleSchema.safeParse(item);
        if (parsed.success) this.rules.push(parsed.data);
        else this.options.onWarning?.(`${this.file}: skipped an invalid rule`);
      }
    } catch {
      this.options.onWarning?.(`${this.file} is not a rules file; starting with no rules`);
    }
  }

  private save(): void {
    for (const listener of this.listeners) listener();
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${randomUUID()}.tmp`;
    writeFileSync(temp, JSON.stringify({ rules: this.rules }, null, 2) + '\n', { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, this.file);
  }
}
