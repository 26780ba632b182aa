import { z } from 'zod';
import { ApprovalInputSchema, ApprovalValueSchema } from './approval';
import { SOURCES, STATUSES } from './request-names';
import { DeliverySchema } from './delivery';

/** Where a request came from: one value per protocol adapter. */
export const SourceSchema = z.enum(SOURCES);
export type Source = z.infer<typeof SourceSchema>;

export const StatusSchema = z.enum(STATUSES);
export type RequestStatus = z.infer<typeof StatusSchema>;

export const ChoiceOptionSchema = z.object({
  /** What goes back to the agent when this option is picked (a key such as "A", or the label). */
  value: z.string().min(1),
  label: z.string().min(1),
  /** Extra explanation, e.g. QuestFoundry's `implication`. */
  description: z.string().optional(),
});
export type ChoiceOption = z.infer<typeof ChoiceOptionSchema>;

export const FormFieldSchema = z.object({
  label: z.string().min(1),
  kind: z.string().default('text'),
  options: z.array(z.string()).optional(),
  multiple: z.boolean().default(false),
  placeholder: z.string().optional(),
});
export type FormField = z.infer<typeof FormFieldSchema>;

/** The input a request wants from the operator. */
export const InputSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), placeholder: z.string().optional() }),
  z.object({
    kind: z.literal('confirm'),
    text: z.string().optional(),
    confirmLabel: z.string().optional(),
    cancelLabel: z.string().optional(),
    /** Destructive or dangerous: the inbox never confirms it by reflex (Decline is the default). */
    danger: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('choice'),
    options: z.array(ChoiceOptionSchema).min(1),
    multiple: z.boolean().default(false),
    /** The option value marked as recommended / safe default. */
    recommended: z.string().optional(),
  }),
  z.object({ kind: z.literal('form'), fields: z.array(FormFieldSchema).min(1) }),
  z.object({
    kind: z.literal('file'),
    /** Glob pattern relative to `root`, e.g. `**\/*.csv`. */
    pattern: z.string().min(1),
    /** Absolute workspace directory; nothing outside it is ever listed. */
    root: z.string().min(1),
  }),
  ApprovalInputSchema,
  /** Something to know, not to answer (a coding agent waiting in its terminal); dismiss = cancel. */
  z.object({
    kind: z.literal('notice'),
    /** A coding session that ended its turn: `finished` (Stop) or `failed` (StopFailure). */
    session: z.enum(['finished', 'failed']).optional(),
  }),
]);
export type InputSpec = z.infer<typeof InputSpecSchema>;
export type InputKind = InputSpec['kind'];

/** A structured answer, matching the request's input kind. */
export const AnswerValueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('confirm'), confirmed: z.boolean(), note: z.string().optional() }),
  z.object({
    kind: z.literal('choice'),
    selected: z.array(z.string()),
    other: z.string().optional(),
  }),
  z.object({
    kind: z.literal('form'),
    values: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  }),
  z.object({ kind: z.literal('file'), path: z.string().min(1) }),
  ApprovalValueSchema,
]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

/** What an operator submits: plain text, a structured value, or both. */
export const AnswerInputSchema = z
  .object({ text: z.string().max(1_000_000).optional(), value: AnswerValueSchema.optional() })
  .refine((a) => a.text !== undefined || a.value !== undefined, {
    message: 'an answer needs `text` or `value`',
  });
export type AnswerInput = z.infer<typeof AnswerInputSchema>;

/** A stored answer: `text` is always present (the plain form a text protocol receives). */
export const AnswerSchema = z.object({ text: z.string(), value: AnswerValueSchema.optional() });
export type Answer = z.infer<typeof AnswerSchema>;

export const AgentInfoSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  runtime: z.string().optional(),
  projectDir: z.string().optional(),
  terminal: z.string().optional(),
});
export type AgentInfo = z.infer<typeof AgentInfoSchema>;

/** Who or what resolved a request. */
export const ResolverSchema = z.enum(['ui', 'cli', 'http', 'auto', 'agent', 'timeout', 'system']);
export type Resolver = z.infer<typeof ResolverSchema>;

/**
 * The surface a resolution came through, for the audit log and history: a logged-in browser, the
 * desktop app, the CLI (holding the operator secret), a named operator's token (team mode), a
 * protocol's own endpoint (the Clarity spec's `POST /answer`, Tool Server Lite's complete, ...), an
 * answer file, a remembered rule, a phone button (`phone (ntfy)`, `phone (Telegram)`; plain
 * `phone` in records from before Telegram), a paired phone's own inbox session (`phone (paired)`),
 * the agent itself or the broker.
 */
export const SurfaceSchema = z.enum([
  'web-session',
  'desktop',
  'cli',
  'operator-token',
  'protocol',
  'file',
  'rule',
  'phone',
  'phone (ntfy)',
  'phone (Telegram)',
  'phone (paired)',
  'agent',
  'broker',
]);
export type Surface = z.infer<typeof SurfaceSchema>;

/** The one request record every protocol is normalised into. */
export const HitlRequestSchema = z.object({
  id: z.string().min(1),
  source: SourceSchema,
  /** The protocol's own key (Clarity key, hil_id, envelope id, ...). Unique among pending per source. */
  key: z.string().min(1),
  agent: AgentInfoSchema.optional(),
  title: z.string().optional(),
  /** The question, in markdown. */
  prompt: z.string(),
  input: InputSpecSchema,
  /** Short context shown above the question (e.g. QuestFoundry `context_summary`). */
  context: z.string().optional(),
  createdAt: z.number(),
  expiresAt: z.number().optional(),
  status: StatusSchema,
  answer: AnswerSchema.optional(),
  resolvedAt: z.number().optional(),
  resolvedBy: ResolverSchema.optional(),
  cancelReason: z.string().optional(),
  /** The operator's name when a person resolved it (team mode: per token, e.g. `alice`). */
  operator: z.string().optional(),
  /** The broker instance (host) the resolution was given on. */
  resolvedOn: z.string().optional(),
  /** The surface the resolution came through (see SurfaceSchema). */
  via: SurfaceSchema.optional(),
  /** An answered request's way back to the agent (contract/delivery.ts); absent: not tracked. */
  delivery: DeliverySchema.optional(),
  /** Adapter-private data needed to answer in the agent's protocol (never shown raw). */
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type HitlRequest = z.infer<typeof HitlRequestSchema>;

/** What an adapter hands the broker to open a request. */
export const NewRequestSchema = HitlRequestSchema.omit({
  id: true,
  status: true,
  answer: true,
  resolvedAt: true,
  resolvedBy: true,
  cancelReason: true,
  operator: true,
  resolvedOn: true,
  via: true,
  delivery: true,
}).extend({
  id: z.string().min(1).optional(),
  createdAt: z.number().optional(),
  input: InputSpecSchema.optional(),
});
export type NewRequest = z.input<typeof NewRequestSchema>;

/** True when the request can still be answered. */
export function isPending(request: HitlRequest): boolean {
  return request.status === 'pending';
}
