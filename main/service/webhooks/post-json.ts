import http from 'node:http';
import https from 'node:https';

// Kept-alive connections per scheme: a webhook or ntfy server gets one connection reused across
// events instead of a handshake each (idle sockets do not keep the process alive).
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 16 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 16 }),
};

/** A POST that took longer than its time limit. */
export class PostTimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * POSTs `body` to an http(s) URL over a kept-alive connection and resolves with the status (the
 * response body is read and dropped; redirects are not followed). Rejects on a network error,
 * on `signal`, or after `timeoutMs` (PostTimeoutError). Lighter than fetch, which costs a
 * receiver noticeably more per event.
 */
export async function postJson(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<number> {
  return (await post(url, body, headers, options, 0)).status;
}

/**
 * The same POST, resolving with the status and the response body as text (at most `maxBytes`;
 * a longer one rejects).
 */
export function postJsonForText(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; signal?: AbortSignal; maxBytes: number },
): Promise<{ status: number; text: string }> {
  return post(url, body, headers, options, options.maxBytes);
}

function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; signal?: AbortSignal },
  keep: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: url.protocol === 'https:' ? agents['https:'] : agents['http:'],
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('error', fail);
        if (keep > 0)
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > keep) request.destroy(new Error(`a reply longer than ${keep} bytes`));
            else chunks.push(chunk);
          });
        else response.resume();
        response.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, text });
        });
      },
    );
    const timer = setTimeout(
      () => request.destroy(new PostTimeoutError(`timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on('error', fail);
    request.end(body);
  });
}

/** A network error as the delivery log shows it: its code (ECONNREFUSED, ...) or its message. */
export function describePostError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return (error as NodeJS.ErrnoException).code ?? error.message;
}
