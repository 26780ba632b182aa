/**
 * Child process of the file-latency benchmark: an SSE client on argv[2] that prints
 * `<key> <epoch ms, high resolution>` for every `new_question` event, then `READY {}` once
 * connected. In its own process, as a browser tab would be.
 */
import { performance } from 'node:perf_hooks';
import { SseClient } from '../../test/support/load/sse-client';

const client = new SseClient(process.argv[2]!, (event) => {
  if (event.event !== 'new_question') return;
  const at = performance.timeOrigin + performance.now();
  process.stdout.write(`${(JSON.parse(event.data) as { key: string }).key} ${at}\n`);
});
client.connect().then(
  () => console.log(client.status === 200 ? 'READY {}' : `GET /events answered ${client.status}`),
  (error: unknown) => {
    console.error(String(error));
    process.exit(1);
  },
);
process.on('SIGTERM', () => {
  client.close();
  process.exit(0);
});
