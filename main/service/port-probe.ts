import { urlHost } from '../http/guards/allowed-hosts';

export interface PortHolder {
  /** True when whatever holds the port answers like a HITL broker. */
  isBroker: boolean;
  url: string;
  version?: string;
}

/**
 * Asks whoever holds `host:port` for `GET /api/info`. A broker answers with its info, or with our
 * own 401 JSON when it needs a token; anything else (or no answer in time) is not a broker.
 */
export async function probePortHolder(
  host: string,
  port: number,
  timeoutMs = 1500,
): Promise<PortHolder> {
  const url = `http://${urlHost(host)}:${port}/`;
  try {
    const res = await fetch(`${url}api/info`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await res.json()) as { version?: unknown; url?: unknown; error?: unknown };
    if (res.ok && typeof body.version === 'string') {
      return {
        isBroker: true,
        url: typeof body.url === 'string' ? body.url : url,
        version: body.version,
      };
    }
    if (res.status === 401 && body.error === 'unauthorized') return { isBroker: true, url };
  } catch {
    // Not HTTP, not JSON, or too slow: not a broker.
  }
  return { isBroker: false, url };
}
