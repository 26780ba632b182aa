import { z } from 'zod';

/**
 * What the broker reads of a HAPI hub's web API (`hapi hub`, @twsxtd/hapi 0.30.x; the shapes of
 * its `shared/src/schemas.ts`). The hub is another program: every reply and event is checked
 * here, with bounds, and anything else in them is ignored.
 */

const Id = z.string().min(1).max(200);
const Text = z.string().max(10_000);

/** `POST /api/auth {accessToken}` → a JWT (4 h) for the other routes. */
export const AuthReplySchema = z.object({ token: z.string().min(1).max(10_000) });

/** A session's metadata as far as the inbox shows it. */
export const HubMetadataSchema = z.looseObject({
  path: Text.optional(),
  host: Text.optional(),
  name: Text.optional(),
  flavor: z.string().max(100).optional(),
  summary: z.looseObject({ text: Text }).optional(),
});
export type HubMetadata = z.infer<typeof HubMetadataSchema>;

/** One pending permission request of `agentState.requests` (keyed by its id). */
export const HubPermissionSchema = z.object({
  tool: z.string().min(1).max(500),
  arguments: z.unknown(),
  createdAt: z.number().nullish(),
});
export type HubPermission = z.infer<typeof HubPermissionSchema>;

/** An answered one of `agentState.completedRequests`. */
export const HubCompletedSchema = z.looseObject({
  status: z.string().max(50),
  decision: z.string().max(50).optional(),
});

/** At most this many pending requests of one session are shown (the rest wait for room). */
export const MAX_REQUESTS_PER_SESSION = 100;

/** A request id as the hub's routes take it back. */
export const RequestIdSchema = Id;

/** Each entry of `requests` is read on its own (a malformed one is skipped, not the session). */
export const HubAgentStateSchema = z.looseObject({
  requests: z.record(z.string(), z.unknown()).nullish(),
  completedRequests: z.record(z.string(), z.unknown()).nullish(),
});
export type HubAgentState = z.infer<typeof HubAgentStateSchema>;

/** `GET /api/sessions/:id` → `{session}`. */
export const HubSessionSchema = z.looseObject({
  id: Id,
  active: z.boolean(),
  metadata: HubMetadataSchema.nullish(),
  agentState: HubAgentStateSchema.nullish(),
  agentStateVersion: z.number().optional(),
});
export type HubSession = z.infer<typeof HubSessionSchema>;
export type SessionPatch = z.infer<typeof SessionPatchSchema>;
export const SessionReplySchema = z.object({ session: HubSessionSchema });

/**
 * `GET /api/sessions` → summaries (no request arguments: the broker fetches those it needs); the
 * first 5,000 are read (the hub lists active sessions with pending requests first).
 */
export const SessionsReplySchema = z.object({
  sessions: z
    .array(
      z.looseObject({
        id: Id,
        active: z.boolean().optional(),
        pendingRequestsCount: z.number().optional(),
      }),
    )
    .transform((sessions) => sessions.slice(0, 5000)),
});

/**
 * `session-updated`'s patch: the parts the bridge follows. (The hub also sends the whole session
 * as `data` at times: HubSessionSchema reads that one.)
 */
export const SessionPatchSchema = z.looseObject({
  active: z.boolean().optional(),
  metadata: z.looseObject({ version: z.number(), value: HubMetadataSchema.nullable() }).optional(),
  agentState: z
    .looseObject({ version: z.number(), value: HubAgentStateSchema.nullable() })
    .optional(),
});

/** One `data:` frame of `GET /api/events` (a `SyncEvent`); other types are ignored. */
export const HubEventSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('connection-changed') }),
  z.looseObject({ type: z.literal('heartbeat') }),
  z.looseObject({ type: z.literal('session-added'), sessionId: Id }),
  z.looseObject({ type: z.literal('session-updated'), sessionId: Id, data: z.unknown() }),
  z.looseObject({ type: z.literal('session-removed'), sessionId: Id }),
  z.looseObject({ type: z.literal('session-ended'), sessionId: Id }),
  z.looseObject({
    type: z.literal('message-received'),
    sessionId: Id,
    message: z.looseObject({ content: z.unknown() }),
  }),
]);
export type HubEvent = z.infer<typeof HubEventSchema>;

/** The event types the bridge reads (a frame of another type is skipped before parsing). */
export const FOLLOWED_EVENTS: ReadonlySet<string> = new Set([
  'connection-changed',
  'heartbeat',
  'session-added',
  'session-updated',
  'session-removed',
  'session-ended',
  'message-received',
]);

/** What the broker sends to `POST …/permissions/:requestId/approve|deny`. */
export type HubDecision = 'approve' | 'deny';
