import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { BrokerLocation } from './locate-broker';
import { BROKER_URL, TOKEN } from '../../config/env-vars';
import { randomBytes } from 'node:crypto';
import {
  HOOK_HELLO_PATH,
  PROOF_PURPOSE,
  endpointText,
} from '../../adapters/coding-agents/hook-wire';
import { deriveProofKey, proofMatches } from '../../service/broker-proof';

/** The broker could not be reached; the message says how to start one. */
export class BrokerUnavailableError extends Error {
  constructor(
    readonly url: string,
    cause: string,
  ) {
    super(
      `no HITL Broker is running at ${url} (${cause}). Start one with \`clarity-hitl serve\` or open the desktop app, ` +
        `then run this again (or point to it with --broker URL / ${BROKER_URL.name}).`,
    );
  }
}

/** The broker answered with an error status; `message` is its own `message` field. */
export class BrokerReplyError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface BrokerCallOptions {
  signal?: AbortSignal;
  /** Extra request headers (e.g. the CLI naming itself so the UI can say "in the terminal"). */
  headers?: Record<string, string>;
  /**
   * Largest reply body read, in bytes: beyond it the connection is dropped and the call fails with
   * a `too_large` BrokerReplyError (the hook: a squatter cannot make it buffer without end).
   */
  maxBytes?: number;
  /** Told the address and port the reply came from (the hook checks whom it is talking to). */
  onPeer?: (address: string | undefined, port: number | undefined) => void;
}

/**
 * POSTs (or GETs, with `body` undefined) JSON to the broker and returns the parsed reply.
 * Uses node:http with no timeout at all, because a held `cue` may legitimately wait for hours
 * (fetch's built-in header timeout would cut it at 5 minutes).
 */
export async function callBroker<T>(
  broker: BrokerLocation,
  path: string,
  body?: unknown,
  options: BrokerCallOptions = {},
): Promise<T> {
  // The operator secret goes only to a broker that proves it holds the key derived from it: a
  // stale discovery file whose pid was reused must not hand it to whoever took the port.
  if (broker.operatorSecret) await proveBroker(broker, broker.operatorSecret, options.signal);
  const url = new URL(path.replace(/^\//, ''), broker.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  // node:https (and TLS) only when asked for: the hook runs on every tool call and the broker is
  // nearly always plain http on the loopback.
  const send = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  const headers = {
    accept: 'application/json',
    ...(payload === undefined
      ? {}
      : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
    ...authorization(broker),
    ...options.headers,
  };
  return new Promise<T>((resolve, reject) => {
    const method = payload === undefined ? 'GET' : 'POST';
    const req = send(url, { method, headers, signal: options.signal }, (res) => {
      options.onPeer?.(res.socket?.remoteAddress, res.socket?.remotePort);
      const limit = options.maxBytes ?? Infinity;
      readReply(res, limit, broker.url, () => req.destroy()).then(
        (json) => resolve(json as T),
        reject,
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(options.signal?.aborted ? error : connectionError(error, broker.url)),
    );
    req.end(payload);
  });
}

const UNREACHABLE = ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'EADDRNOTAVAIL'];

/** A connection error as BrokerUnavailableError when it means nobody answers at `url`. */
function connectionError(error: NodeJS.ErrnoException, url: string): Error {
  return UNREACHABLE.includes(error.code ?? '')
    ? new BrokerUnavailableError(url, error.code ?? error.message)
    : error;
}

/**
 * Reads a reply of at most `limit` bytes (beyond it `drop()` ends the connection) and resolves
 * with its JSON for a 2xx status; rejects with a BrokerReplyError otherwise.
 */
function readReply(
  res: IncomingMessage,
  limit: number,
  url: string,
  drop: () => void,
): Promise<unknown> {
  const status = res.statusCode ?? 0;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () => {
      drop();
      const why = `the reply from ${url} is over ${limit} bytes; stopped reading`;
      reject(new BrokerReplyError(status, 'too_large', why));
    };
    if (Number(res.headers['content-length'] ?? 0) > limit) return tooLarge();
    res.on('data', (c: Buffer) => {
      if (size > limit) return;
      size += c.length;
      if (size > limit) return tooLarge();
      chunks.push(c);
    });
    res.on('error', reject);
    res.on('end', () => {
      if (size > limit) return;
      try {
        resolve(replyJson(status, Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** The parsed body of a 2xx reply; a BrokerReplyError (thrown) for any other status or non-JSON. */
function replyJson(status: number, text: string): unknown {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    throw new BrokerReplyError(
      status,
      'bad_reply',
      `the broker sent a non-JSON reply (HTTP ${status})`,
    );
  }
  if (status >= 200 && status < 300) return json;
  const err = (json ?? {}) as { error?: string; message?: string };
  const hint =
    status === 401
      ? ` (give the broker token with --token, ${[TOKEN.name, ...TOKEN.aliases].join(' or ')})`
      : '';
  throw new BrokerReplyError(
    status,
    err.error ?? 'error',
    `${err.message ?? `HTTP ${status}`}${hint}`,
  );
}

/** The operator secret when the operator's command holds it, else the agent token, else nothing. */
function authorization(broker: BrokerLocation): { authorization?: string } {
  const credential = broker.operatorSecret ?? broker.token;
  return credential ? { authorization: `Bearer ${credential}` } : {};
}

/** The hello's reply is a proof and an endpoint: a few hundred bytes, at once. */
const HELLO_REPLY_LIMIT = 4 * 1024;
const HELLO_WAIT_MS = 3_000;

/** Whoever answers at the broker URL did not prove it is the operator's broker. */
export class UnprovenBrokerError extends BrokerReplyError {
  constructor(url: string, why: string) {
    super(
      0,
      'unproven_broker',
      `whoever answers at ${url} is not the operator's broker (${why}); the operator secret was not sent. Is the broker still running? (\`clarity-hitl serve\` or the desktop app)`,
    );
  }
}

/**
 * Checks, before the CLI sends the operator secret, that the broker at `broker.url` holds the key
 * derived from that secret: `POST /api/hooks/hello {nonce}` with no credential must come back
 * with proofOf(key, 'hello', nonce, <address:port the reply came from>), as the coding-agent hook
 * checks (docs/security.md § How the hook trusts its broker). A squatter on the port of a stale
 * discovery file (its pid reused by another process) has no key. Throws UnprovenBrokerError, or
 * BrokerUnavailableError when nobody answers.
 */
export async function proveBroker(
  broker: BrokerLocation,
  secret: string,
  signal?: AbortSignal,
): Promise<void> {
  const nonce = randomBytes(32).toString('base64url');
  let peer: { address?: string; port?: number } = {};
  let reply: unknown;
  const wait = AbortSignal.timeout(HELLO_WAIT_MS);
  try {
    reply = await callBroker(
      { url: broker.url, from: broker.from },
      HOOK_HELLO_PATH,
      { nonce },
      {
        maxBytes: HELLO_REPLY_LIMIT,
        signal: signal ? AbortSignal.any([signal, wait]) : wait,
        onPeer: (address, port) => (peer = { address, port }),
      },
    );
  } catch (error) {
    if (error instanceof BrokerUnavailableError || signal?.aborted) throw error;
    throw new UnprovenBrokerError(
      broker.url,
      error instanceof Error ? error.message : String(error),
    );
  }
  const proof = (reply as { proof?: unknown } | null)?.proof;
  const endpoint = endpointText(peer.address, peer.port);
  if (
    !peer.address ||
    !proofMatches(deriveProofKey(secret), PROOF_PURPOSE.hello, nonce, endpoint, proof)
  )
    throw new UnprovenBrokerError(broker.url, 'no valid proof');
}
