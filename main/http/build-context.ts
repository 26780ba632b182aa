import { FileRootPolicy } from '../adapters/file-pick/file-roots';
import { RuleStore } from '../adapters/coding-agents/rule-store';
import { AgentMessageStore } from '../adapters/hapi/agent-message-store';
import { RunStore } from '../adapters/tool-server-lite/run-store';
import { version as packageVersion } from '../version';
import { createInboxOperations } from '../operations/inbox-operations';
import type { HttpContext } from './context';
import type { OperatorToken } from './guards/security-guard';
import { LoginCodes } from './guards/login-codes';
import type { PhoneSessions } from './pairing/phone-sessions';
import type { EventHub } from './sse/event-hub';
import type { HttpServerOptions } from './server-options';

/** What createHttpServer settled before the context: who is an operator, the hub, the URL. */
export interface ContextParts {
  token: string | undefined;
  operators: readonly OperatorToken[];
  operatorSecret: string;
  phones: PhoneSessions;
  events: EventHub;
  url: () => string;
}

/**
 * The context every route module gets: the server's options with their defaults (in-memory
 * stores, the broker's own history, inbox operations built over them when the service gave none).
 */
export function buildHttpContext(options: HttpServerOptions, parts: ContextParts): HttpContext {
  const { token, operators } = parts;
  const agentMessages = options.agentMessages ?? new AgentMessageStore();
  const history = options.history ?? (() => options.broker.resolved());
  const runs = options.runs ?? new RunStore();
  const rules = options.rules ?? new RuleStore(null);
  return {
    broker: options.broker,
    operations:
      options.operations ??
      createInboxOperations({
        broker: options.broker,
        history,
        agentMessages: (agentId, limit) => agentMessages.list(agentId, limit),
        runs,
        rules,
      }),
    dirs: options.dirs ?? [],
    dirProblems: options.dirProblems ?? (() => []),
    fileRoots: options.fileRoots ?? new FileRootPolicy({ handshakeDirs: () => options.dirs ?? [] }),
    events: parts.events,
    history,
    mirrorQuestion: options.mirrorQuestion,
    requestFiles: options.requestFiles,
    filesSettled: options.filesSettled,
    saveProblem: options.saveProblem,
    agentMessages,
    runs,
    rules,
    version: packageVersion,
    tokenRequired: token !== undefined || operators.length > 0,
    operatorSecret: parts.operatorSecret,
    loginCodes: options.loginCodes ?? new LoginCodes(),
    phones: parts.phones,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    url: parts.url,
    ...(options.toolServerUpstream ? { toolServerUpstream: options.toolServerUpstream } : {}),
    ...(options.webhookDeliveries ? { webhookDeliveries: options.webhookDeliveries } : {}),
  };
}
