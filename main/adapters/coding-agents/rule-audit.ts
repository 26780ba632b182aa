import type { RuleAuditEntry } from '../../broker/audit-log';
import { describeRule, type ApprovalRule } from './approval-rule';

/** The audit-log line of a revoked rule. */
export function ruleRevokedEntry(rule: ApprovalRule, by: string, at = Date.now()): RuleAuditEntry {
  return {
    time: new Date(at).toISOString(),
    event: 'rule-revoked',
    ruleId: rule.id,
    agent: rule.agent,
    tool: rule.tool,
    project: rule.project,
    rule: describeRule(rule),
    by,
  };
}
