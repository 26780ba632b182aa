import { z } from 'zod';
import { describeZodError } from '../../../broker/validation';
import { AuthReplySchema } from './hub-wire';

/** `--hapi-hub`: an http(s) URL without credentials, query or fragment (a path prefix is kept). */
export const HubUrlSchema = z
  .string()
  .url()
  .transform((value) => new URL(value.endsWith('/') ? value : `${value}/`))
  .refine((url) => url.protocol === 'http:' || url.protocol === 'https:', 'must be http(s)://')
  .refine((url) => !url.username && !url.password, 'must not carry a user name or password')
  .refine((url) => !url.search && !url.hash, 'must not carry a query or fragment');

/** A failed call to the hub; `status` when the hub answered. Never carries a token. */
export class HubError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HubError';
  }
}

export interface HubClientOptions {
  /** The hub's base URL (HubUrlSchema). */
  url: URL;
  /** The hub's `CLI_API_TOKEN` (optionally `token:namespace`): a secret, never logged. */
  accessToken: string;
  /** Per-call limit, the event stream excepted (default 15 s). */
  timeoutMs?: number;
}

/**
 * The broker as a client of a HAPI hub's web API: logs in with the access token
 * (`POST /api/auth`), keeps the JWT it gets, and logs in again once when a call is refused with
 * 401 (the JWT lasts 4 hours). Errors name the route and status, never a token.
 */
export class HubClient {
  private jwt: string | undefined;

  constructor(private readonly options: HubClientOptions) {}

  /** The hub's base URL as given (for messages). */
  get origin(): string {
    return this.options.url.origin;
  }

  /** GETs `path` (relative to the hub, e.g. `api/sessions`) and checks the JSON with `schema`. */
  async getJson<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    const response = await this.authorised(path, { method: 'GET' });
    return readJson(response, schema, path);
  }

  /** POSTs `body` as JSON to `path`; resolves with the status when it is 2xx, else HubError. */
  async postJson(path: string, body: unknown): Promise<number> {
    const response = await this.authorised(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.body?.cancel();
    return response.status;
  }

  /** Opens `GET /api/events?all=true` (SSE), aborted by `signal`; no time limit. */
  async openEvents(signal: AbortSignal): Promise<Response> {
    return this.authorised('api/events?all=true', { method: 'GET' }, signal);
  }

  /** Logs in (again), keeping the new JWT. */
  async login(): Promise<void> {
    const response = await this.call('api/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessToken: this.options.accessToken }),
    });
    if (response.status === 401) {
      await response.body?.cancel();
      throw new HubError('POST /api/auth: HTTP 401 (the hub refused the access token)', 401);
    }
    this.jwt = (await readJson(response, AuthReplySchema, 'api/auth')).token;
  }

  private async authorised(path: string, init: RequestInit, signal?: AbortSignal) {
    if (this.jwt === undefined) await this.login();
    let response = await this.call(path, this.withJwt(init), signal);
    if (response.status === 401) {
      await response.body?.cancel();
      await this.login();
      response = await this.call(path, this.withJwt(init), signal);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    throw new HubError(
      `${init.method} /${path}: HTTP ${response.status}${hubMessage(text)}`,
      response.status,
    );
  }

  private withJwt(init: RequestInit): RequestInit {
    return {
      ...init,
      headers: { ...(init.headers as object), authorization: `Bearer ${this.jwt}` },
    };
  }

  private async call(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const url = new URL(path, this.options.url);
    const limit = signal ?? AbortSignal.timeout(this.options.timeoutMs ?? 15_000);
    try {
      return await fetch(url, { ...init, signal: limit, redirect: 'error' });
    } catch (error) {
      throw new HubError(`${init.method} /${path.split('?')[0]}: ${networkReason(error)}`);
    }
  }
}

async function readJson<S extends z.ZodType>(
  response: Response,
  schema: S,
  path: string,
): Promise<z.output<S>> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new HubError(`/${path}: the hub's reply is not JSON`, response.status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new HubError(`/${path}: unexpected reply (${describeZodError(parsed.error)})`);
  return parsed.data;
}

/** The hub's `{error}` text, short, for a message (it never echoes a token). */
function hubMessage(text: string): string {
  const parsed = z.object({ error: z.string() }).safeParse(safeJson(text));
  return parsed.success ? ` (${parsed.data.error.slice(0, 200)})` : '';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function networkReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no reply in time';
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}
