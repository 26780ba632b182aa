import path from 'node:path';
import { RuleStore } from '../../adapters/coding-agents/rule-store';
import { ruleRevokedEntry } from '../../adapters/coding-agents/rule-audit';
import { AgentMessageStore } from '../../adapters/hapi/agent-message-store';
import { RunFiles } from '../../adapters/tool-server-lite/run-files';
import { RunStore } from '../../adapters/tool-server-lite/run-store';
import type { AuditLog } from '../../broker/audit-log';
import type { Broker } from '../../broker/broker';
import type { RequestStore } from '../../broker/persistence/request-store';
import { createInboxOperations, type InboxOperations } from '../../operations/inbox-operations';

/** What the inbox shows beside the requests, and the operations over all of it. */
export interface InboxParts {
  agentMessages: AgentMessageStore;
  rules: RuleStore;
  runs: RunStore;
  operations: InboxOperations;
}

/**
 * The service's inbox step: HAPI agent messages (in memory), the coding agents' rules (in the
 * state dir; a revoke is audited), the agent runs (loaded from `<stateDir>/runs/`), and the inbox
 * operations over them, built once for every transport: each HTTP server (a rebind makes a new
 * one) and the desktop IPC.
 */
export async function openInbox(
  broker: Broker,
  stateDir: string,
  store: RequestStore,
  audit: AuditLog | undefined,
  warn: (message: string) => void,
): Promise<InboxParts> {
  const agentMessages = new AgentMessageStore();
  const rules = RuleStore.inStateDir(stateDir, warn, (rule, by) =>
    audit?.append(ruleRevokedEntry(rule, by)),
  );
  const runs = new RunStore({
    persistence: new RunFiles({ dir: path.join(stateDir, 'runs'), onWarning: warn }),
  });
  await runs.load();
  const operations = createInboxOperations({
    broker,
    history: () => store.historyList(),
    agentMessages: (agentId, limit) => agentMessages.list(agentId, limit),
    runs,
    rules,
  });
  return { agentMessages, rules, runs, operations };
}
