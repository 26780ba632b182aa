import { z } from 'zod';
import { AgentMessageViewSchema } from './agent-message';
import { RuleScopeSchema } from './approval';
import { HitlRequestSchema } from './request';
import { RunSummarySchema } from './run-schemas';

/**
 * What each inbox operation returns (main/operations), ONE shape per operation on every transport:
 * the HTTP route replies with it (its `response` schema, in GET /openapi.json) and the IPC
 * channel resolves with it (contract/ipc/declare.ts). Results are built by main, so these
 * document and type them; they are not re-checked on the way out.
 */

/** A request as it leaves the broker (`meta`, adapter-private, never does). */
export const PublicRequestSchema = HitlRequestSchema.omit({ meta: true });

/** The pending list (or its first page), the event seq it is as of, and how many are pending. */
export const PendingListSchema = z.object({
  requests: z.array(PublicRequestSchema),
  seq: z.number().int(),
  total: z.number().int().nonnegative(),
});
export type PendingList = z.infer<typeof PendingListSchema>;

/** Resolved requests, newest first (history), or the answered ones still undelivered. */
export const RequestListSchema = z.object({ requests: z.array(PublicRequestSchema) });
export type RequestList = z.infer<typeof RequestListSchema>;

/** One request: what answer and cancel resolve with. */
export const RequestResultSchema = z.object({ request: PublicRequestSchema });
export type RequestResult = z.infer<typeof RequestResultSchema>;

/** The files a file_pick request offers (at most 5,000; `truncated` when there were more). */
export const FileListSchema = z.object({ files: z.array(z.string()), truncated: z.boolean() });
export type FileList = z.infer<typeof FileListSchema>;

/** An agent's recent HAPI messages, oldest first. */
export const AgentMessageListSchema = z.object({ messages: z.array(AgentMessageViewSchema) });
export type AgentMessageList = z.infer<typeof AgentMessageListSchema>;

/** Agent runs (`clarity-hitl run`), newest first. */
export const RunListSchema = z.object({ runs: z.array(RunSummarySchema) });
export type RunList = z.infer<typeof RunListSchema>;

/** A remembered "always allow" rule as clients see it (ApprovalRuleView). */
export const RuleViewSchema = RuleScopeSchema.extend({
  id: z.string(),
  agent: z.string(),
  tool: z.string(),
  project: z.string(),
  createdAt: z.number(),
  fromRequest: z.string().optional(),
  hits: z.number(),
  lastUsedAt: z.number().optional(),
  inactive: z.string().optional(),
});

/** The remembered rules, oldest first. */
export const RuleListSchema = z.object({ rules: z.array(RuleViewSchema) });
export type RuleList = z.infer<typeof RuleListSchema>;

/** The rule just revoked. */
export const RuleResultSchema = z.object({ rule: RuleViewSchema });
export type RuleResult = z.infer<typeof RuleResultSchema>;
