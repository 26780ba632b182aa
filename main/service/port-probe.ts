import { urlHost } from '../http/guards/allowed-hosts';

export interface PortHolder {
  /** True when whatever holds the port answers like a HITL broker. */
  isBroker: boolean;
  url: string;
  version?: string;
}

/**
 * Asks whoever holds `host:port` for `GET /api/info`. A broker answers with its info to its
 * operator, with our own 403 `operator_required` JSON to anyone else, or 401 when it needs a
 * token; anything else (or no answer in time) is not a broker.
 * `url` is always `http://<host>:<port>/`, whatever the holder claims.
 */
export async function probePortHolder(
  host: string,
  port: number,
  timeoutMs = 1500,
): Promise<PortHolder> {
  const url = `http://${urlHost(host)}:${port}/`;
  try {
    const res = await fetch(`${url}api/info`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await res.json()) as { version?: unknown; error?: unknown };
    // The URL is always the one we asked, never one the holder reports: whatever holds the port
    // may be hostile, and the URL is shown to the operator and opened in a browser.
    if (res.ok && typeof body.version === 'string')
      return { isBroker: true, url, version: body.version.slice(0, 100) };
    if (res.status === 401 && body.error === 'unauthorized') return { isBroker: true, url };
    if (res.status === 403 && body.error === 'operator_required') return { isBroker: true, url };
  } catch {
    // Not HTTP, not JSON, or too slow: not a broker.
  }
  return { isBroker: false, url };
}
