import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ApprovalRuleView } from '@contract/approval';
import { BrokerError, InvalidInputError } from '../../broker/errors';
import { ApprovalRuleSchema, ruleMatches, ruleProblem, type ApprovalRule } from './approval-rule';
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

export interface RuleStoreOptions {
  now?: () => number;
  onWarning?: (message: string) => void;
  /** Told of every revoked rule (the audit log writes it down). */
  onRevoked?: (rule: ApprovalRule, by: string) => void;
}

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
    private readonly options: RuleStoreOptions = {},
  ) {
    this.load();
  }

  /** A store in `stateDir`. */
  static inStateDir(
    stateDir: string,
    onWarning?: (message: string) => void,
    onRevoked?: RuleStoreOptions['onRevoked'],
  ): RuleStore {
    return new RuleStore(path.join(stateDir, RULES_FILE), { onWarning, onRevoked });
  }

  /**
   * Every rule, oldest first. A rule broader than rules may be now (a prefix `find`, a glob `**`,
   * "any input" for a shell tool, kept before these checks) carries `inactive`: it matches nothing.
   */
  list(): Array<ApprovalRule & Pick<ApprovalRuleView, 'inactive'>> {
    return this.rules.map((r) => {
      const inactive = ruleProblem(r);
      return inactive ? { ...r, inactive } : { ...r };
    });
  }

  /** Keeps a new rule; InvalidInputError when its scope is broader than rules may be. */
  add(rule: NewRule): ApprovalRule {
    const problem = ruleProblem(rule);
    if (problem) throw new InvalidInputError(`invalid rule: ${problem}`);
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

  /** Removes a rule (`by`: who, for the audit log); RuleNotFoundError when there is none with that id. */
  revoke(id: string, by = 'operator'): ApprovalRule {
    const index = this.rules.findIndex((r) => r.id === id);
    if (index < 0) throw new RuleNotFoundError(id);
    const [removed] = this.rules.splice(index, 1);
    this.save();
    this.options.onRevoked?.({ ...removed! }, by);
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
