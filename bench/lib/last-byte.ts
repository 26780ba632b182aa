import type { Agent } from 'node:http';
import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * Milliseconds from sending `GET url` until the response's last byte has arrived. The body is
 * counted and dropped, not decoded or parsed: that part is the client's cost, and at 100,000
 * entries (20+ MB) parsing it would outweigh what the server did. Rejects on a non-200 status.
 */
export function lastByteMs(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = httpRequest(url, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200 || bytes === 0)
          reject(new Error(`GET ${url}: ${res.statusCode} with ${bytes} bytes`));
        else resolve(performance.now() - start);
      });
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end();
  });
}
