import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  HOOK_HELLO_PATH,
  PROOF_PURPOSE,
  endpointText,
  hostLiteral,
} from '../../adapters/coding-agents/hook-wire';
import { resolveStateDir } from '../../broker/persistence/state-dir';
import { readVar } from '../../config/env-read';
import { BROKER_URL, TOKEN } from '../../config/env-vars';
import { HOOK_PROOF_FILE, proofMatches, readProofKey } from '../../service/broker-proof';
import { readDiscovery } from '../../service/discovery-read';
import { callBroker } from '../broker-client/broker-http';
import type { BrokerLocation } from '../broker-client/locate-broker';

/** The hello's reply is a proof and an origin: a few hundred bytes. */
const HELLO_REPLY_LIMIT = 4 * 1024;
/** The broker answers a hello at once; a port holder that stalls must not hold the agent. */
const HELLO_WAIT_MS = 3_000;

/** The broker the hook may talk to: located, and proven to hold the proof key. */
export interface TrustedBroker {
  location: BrokerLocation;
  /** The proof key (`<stateDir>/hook-proof.key`) its replies are checked with. */
  key: string;
  /** Headers for the calls that follow (the Host name the URL had before it was pinned). */
  headers: Record<string, string>;
}

/** Why the hook trusts no broker: one phrase for its stderr line. */
export class UntrustedBrokerError extends Error {}

/** A fresh nonce: 32 random bytes, base64url. */
export function newNonce(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Finds the operator's broker and checks it before the hook sends it anything: the URL from
 * `--broker` / `CLARITY_HITL_BROKER(_URL)`, else the live discovery file (never a default port),
 * then `POST /api/hooks/hello` with a fresh nonce and no credential; the reply's proof must be
 * proofOf(key, 'hello', nonce, <address:port the reply came from>) with the key of
 * `<stateDir>/hook-proof.key`. Throws UntrustedBrokerError otherwise (no broker, no key, a
 * squatter, a relay at another address or port).
 */
export async function trustedBroker(
  flagUrl: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<TrustedBroker> {
  const stateDir = resolveStateDir(undefined, env);
  const location = hookLocation(flagUrl, env, stateDir);
  if (!location)
    throw new UntrustedBrokerError(
      `no HITL Broker is running (no live ${path.join(stateDir, 'broker.json')})`,
    );
  const key = readProofKey(stateDir);
  if (!key)
    throw new UntrustedBrokerError(
      `no usable proof key in ${path.join(stateDir, HOOK_PROOF_FILE)} (the broker writes it 0600 when it starts)`,
    );
  let url: URL;
  try {
    url = new URL(location.url);
  } catch {
    throw new UntrustedBrokerError(`the broker URL ${location.url} is not a URL`);
  }
  const nonce = newNonce();
  let peer: { address?: string; port?: number } = {};
  let reply: unknown;
  try {
    // No token here: the credential goes only to a broker that has proven itself.
    reply = await callBroker(
      { url: location.url, from: location.from },
      HOOK_HELLO_PATH,
      { nonce },
      {
        maxBytes: HELLO_REPLY_LIMIT,
        signal: AbortSignal.timeout(HELLO_WAIT_MS),
        onPeer: (address, port) => (peer = { address, port }),
      },
    );
  } catch (error) {
    throw new UntrustedBrokerError(describe(error, location.url));
  }
  const endpoint = endpointText(peer.address, peer.port);
  const proof = (reply as { proof?: unknown } | null)?.proof;
  if (!peer.address || !proofMatches(key, PROOF_PURPOSE.hello, nonce, endpoint, proof)) {
    const claimed = (reply as { endpoint?: unknown } | null)?.endpoint;
    throw new UntrustedBrokerError(
      typeof claimed === 'string' && claimed !== endpoint
        ? `whoever answers at ${url.host} (${endpoint}) passes on a proof of ${claimed.slice(0, 60)}: a relay, not the broker`
        : `whoever answers at ${url.host} is not the operator's broker (no valid proof)`,
    );
  }
  return { location: pinned(location, url, peer.address), key, headers: { host: url.host } };
}

/**
 * The location with its host replaced by the verified address, so the event goes to the very
 * endpoint that proved itself (a name such as `localhost` could resolve to another listener on
 * the next connection); the Host header keeps the name. https keeps its name (its certificate).
 */
function pinned(location: BrokerLocation, url: URL, address: string): BrokerLocation {
  if (url.protocol !== 'http:') return location;
  const literal = new URL(url);
  literal.hostname = hostLiteral(address);
  return { ...location, url: literal.toString() };
}

/**
 * locateBroker's choice without its fall-back port and without the operator secret (the CLI's
 * operator commands read it; the hook never holds it): `--broker`, `CLARITY_HITL_BROKER(_URL)`, or
 * the live discovery file; the token from `CLARITY_HITL_TOKEN` / `CLARITY_HITL_BROKER_TOKEN`, else
 * the discovery file's when the URL is the discovered broker's.
 */
function hookLocation(
  flagUrl: string | undefined,
  env: NodeJS.ProcessEnv,
  stateDir: string,
): BrokerLocation | undefined {
  const discovery = readDiscovery(stateDir);
  const fromEnv = flagUrl ? undefined : readVar(BROKER_URL, env);
  const url = flagUrl || fromEnv || discovery?.url;
  if (!url) return undefined;
  const discovered = discovery !== undefined && sameOrigin(url, discovery.url);
  const token = readVar(TOKEN, env) || (discovered ? discovery.token : '');
  return {
    url: url.endsWith('/') ? url : `${url}/`,
    from: flagUrl ? 'flag' : fromEnv ? 'env' : 'discovery',
    ...(token ? { token } : {}),
  };
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

function describe(error: unknown, url: string): string {
  if (error instanceof Error && /abort|timeout/i.test(`${error.name} ${error.message}`))
    return `the broker at ${url} did not answer the hello in time`;
  const message = error instanceof Error ? error.message : String(error);
  return message.split('. ')[0]!;
}
