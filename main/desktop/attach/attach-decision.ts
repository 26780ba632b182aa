import { proveBroker } from '../../cli/broker-client/broker-http';
import { readDiscovery, type Discovery } from '../../service/discovery';
import { readOperatorSecret } from '../../service/operator-secret';
import { OwnerLockError } from '../../service/owner-lock';
import { BrokerAlreadyRunningError } from '../service-start';
import type { RemoteBrokerTarget } from './remote-broker';

/** How the desktop app runs: its own in-process broker, or as a client of one already running. */
export type DesktopStartPlan =
  { kind: 'own' } | { kind: 'attach'; target: RemoteBrokerTarget; reason: string };

/**
 * Decides before starting: a live broker named by `<stateDir>/broker.json` (another process, e.g.
 * `clarity-hitl serve`) is attached to; otherwise the app starts its own broker.
 */
export function planDesktopStart(
  stateDir: string,
  read: (stateDir: string) => Discovery | undefined = readDiscovery,
  secret: (stateDir: string) => string | undefined = readOperatorSecret,
): DesktopStartPlan {
  const found = read(stateDir);
  if (!found) return { kind: 'own' };
  return {
    kind: 'attach',
    // The same user's broker: the app is its operator (the secret), not an agent (the token).
    target: withSlash({ url: found.url, token: secret(stateDir) ?? found.token }),
    reason: `a broker (pid ${found.pid}) already runs at ${found.url}`,
  };
}

/**
 * After the own start failed: the running broker it failed on (its port, or a lock on the state
 * dir), to attach to instead; undefined for any other failure. Its credential (the operator
 * secret of the state dir, else the discovery file's token) is used only when the discovery file
 * names the same origin: a credential never goes to another broker.
 */
export function attachTargetAfter(
  error: unknown,
  stateDir: string,
  read: (stateDir: string) => Discovery | undefined = readDiscovery,
  secret: (stateDir: string) => string | undefined = readOperatorSecret,
): RemoteBrokerTarget | undefined {
  let url: string | undefined;
  if (error instanceof BrokerAlreadyRunningError) url = error.url;
  else if (error instanceof OwnerLockError) url = error.holder.url;
  if (!url) return undefined;
  const found = read(stateDir);
  const ours = found !== undefined && sameOrigin(found.url, url);
  const token = ours ? (secret(stateDir) ?? found.token) : undefined;
  return withSlash({ url, token });
}

/**
 * The target when its credential may go there: a target holding the operator secret only after
 * the broker proved it holds the key derived from it (the hook's hello, docs/security.md), so a
 * stale discovery file whose pid was reused never hands the secret to whoever took the port.
 * Undefined when the proof fails; a target with another credential (or none) as it is.
 */
export async function provenAttachTarget(
  target: RemoteBrokerTarget,
  stateDir: string,
  secret: (stateDir: string) => string | undefined = readOperatorSecret,
): Promise<RemoteBrokerTarget | undefined> {
  const operatorSecret = secret(stateDir);
  if (!operatorSecret || target.token !== operatorSecret) return target;
  try {
    await proveBroker({ url: target.url, from: 'discovery' }, operatorSecret);
    return target;
  } catch {
    return undefined;
  }
}

function withSlash(target: RemoteBrokerTarget): RemoteBrokerTarget {
  const url = target.url.endsWith('/') ? target.url : `${target.url}/`;
  return target.token ? { url, token: target.token } : { url };
}

/** Whether two URLs share one origin (false when either does not parse). */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
