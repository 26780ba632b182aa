import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackAgent, mapLimit, request, type HttpResponse } from '../support/load/http-client';
import { startServiceInProcess } from '../support/load/service';
import { waitUntil } from '../support/load/temp';
import type { BrokerServiceHandle } from '../support/load/project';
import type { Broker } from '../../main/broker/broker';
import { parseEnvelope, EnvelopeError } from '../../main/cli/cueme/envelope';
import { parseRunLine, LineSplitter } from '@contract/jsonl-events';
import { IpcRouter } from '../../main/desktop/ipc/ipc-router';
import { IPC_INVOKE_CHANNELS } from '@contract/ipc/channels';
import { FuzzGen } from './helpers/fuzz-gen';
import { GET_SURFACES, POST_SURFACES } from './helpers/http-surfaces';
import { TempDirs } from './helpers/temp-dirs';

/** 10,000 inputs by default: 6,000 HTTP, 1,000 question files, 1,000 each cueme / IPC / JSONL. FUZZ_SCALE multiplies. */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const HELD_SOURCES = new Set(['tool-server-lite', 'cueme', 'questfoundry', 'mcp']);

const temp = new TempDirs();
let dir: string;
let service: BrokerServiceHandle;
let broker: Broker;
const agent = loopbackAgent();

beforeAll(async () => {
  dir = await temp.make('fuzz');
  service = await startServiceInProcess({ dirs: [dir] });
  broker = service.broker;
  // A valid held request (execute, cue, ask) produced by a mutation is released at once.
  broker.subscribe((e) => {
    if (e.type === 'added' && HELD_SOURCES.has(e.request.source)) {
      setTimeout(() => {
        if (broker.get(e.request.id)?.status === 'pending')
          broker.cancel(e.request.id, { reason: 'fuzz' });
      }, 0);
    }
  });
});

afterAll(async () => {
  agent.destroy();
  await service?.close();
  await temp.cleanup();
});

/** Why a response is not acceptable (a 5xx, or a 4xx without a JSON message), or undefined when fine. */
function unclearError(res: HttpResponse, what: string): string | undefined {
  if (res.status >= 500) return `${what} → ${res.status} ${res.text.slice(0, 200)}`;
  if (res.status < 400) return undefined;
  // The inbox page answers anyone but the operator with the login page (401, HTML): clear by design.
  if (
    res.status === 401 &&
    String(res.headers['content-type']).startsWith('text/html') &&
    res.text.includes('<title>Log in to HITL Broker</title>')
  )
    return undefined;
  const body = res.json as { message?: unknown } | undefined;
  if (typeof body?.message === 'string' && body.message.length > 0) return undefined;
  return `${what}: ${res.status} without a message: ${res.text.slice(0, 200)}`;
}

async function stillServesValidRequests(tag: string): Promise<void> {
  const key = `valid-after-${tag}`;
  const created = await request(`${service.url}/questions`, {
    body: { key, question: 'still alive?' },
    agent,
  });
  expect(created.status, created.text).toBe(200);
  const answered = await request(`${service.url}/answer`, {
    body: { key, response: 'yes' },
    agent,
  });
  expect(answered.status, answered.text).toBe(200);
  expect((await request(`${service.url}/questions/${key}`, { agent })).json).toMatchObject({
    status: 'answered',
    response: 'yes',
  });
}

describe('fuzz: generated bad inputs on every surface', () => {
  it(`HTTP bodies and paths (${6000 * SCALE}): no crash, every error clear, valid requests still served`, async () => {
    const gen = new FuzzGen(SEED);
    const cases = Array.from({ length: 6000 * SCALE }, (_, i) => i);
    let heldTimeouts = 0;
    const failures: string[] = [];
    const check = (problem: string | undefined) => problem && failures.push(problem);
    // Half the cases come from the operator (the inbox's routes then reach their own checks), half
    // from an agent (those routes answer 403 with a message).
    const operator = { authorization: `Bearer ${service.server!.context.operatorSecret}` };
    await mapLimit(cases, 16, async (i) => {
      const caller: Record<string, string> = gen.bool() ? { ...operator } : {};
      const r = gen.next();
      if (r < 0.25) {
        const path = gen.pick(GET_SURFACES)(gen.string());
        let res: HttpResponse;
        try {
          res = await request(`${service.url}${path}`, {
            agent,
            timeoutMs: 3000,
            headers: caller,
          });
        } catch (error) {
          // `?wait=` may legitimately hold a long-poll open; anything else must answer.
          if (path.includes('wait=')) return void heldTimeouts++;
          return void failures.push(`#${i} GET ${path}: ${(error as Error).message}`);
        }
        check(unclearError(res, `#${i} GET ${path}`));
        if (/root:x:0|"name":\s*"clarity-hitl-broker"/.test(res.text))
          failures.push(`#${i} GET ${path} served a file outside the UI`);
        return;
      }
      const surface = gen.pick(POST_SURFACES);
      const path = surface.path(gen);
      const kind = gen.next();
      let body: unknown;
      const headers = caller;
      if (kind < 0.6) body = gen.mutate(surface.valid);
      else if (kind < 0.8) body = gen.json(3);
      else if (kind < 0.9) {
        body = `${JSON.stringify(surface.valid).slice(0, gen.int(40))}${gen.string()}`; // truncated / garbage JSON
        headers['content-type'] = 'application/json';
      } else if (kind < 0.97) {
        body = JSON.stringify(surface.valid);
        headers['content-type'] = gen.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          '',
        ]);
      } else {
        body = JSON.stringify({ ...surface.valid, pad: 'x'.repeat(1024 * 1024 + gen.int(1000)) });
        headers['content-type'] = 'application/json';
      }
      const res = await request(`${service.url}${path}`, {
        body: body === undefined ? 'null' : body,
        headers,
        agent,
        timeoutMs: 10_000,
      }).catch((error: Error) => error);
      if (res instanceof Error) return void failures.push(`#${i} POST ${path}: ${res.message}`);
      check(unclearError(res, `#${i} POST ${path} ${JSON.stringify(body)?.slice(0, 160)}`));
    });
    expect(
      failures.slice(0, 10),
      `${failures.length} of ${cases.length} inputs got no clear error`,
    ).toEqual([]);
    expect(heldTimeouts).toBeLessThan(6000 * SCALE * 0.05);
    await stillServesValidRequests('http');
  });

  it(`question files (${1000 * SCALE}): each bad one reported once with a reason, the watcher keeps going`, async () => {
    const gen = new FuzzGen(SEED + 1);
    const valid = { key: 'file-key', question: 'Proceed?', timestamp: 1, pid: 1 };
    const names: string[] = [];
    for (let i = 0; i < 1000 * SCALE; i++) {
      const name = `fuzz-${i}`;
      const r = gen.next();
      let content: string | Buffer;
      if (r < 0.5) content = JSON.stringify(gen.mutate({ ...valid, key: `file-key-${i}` }));
      else if (r < 0.7) content = gen.bytes();
      else if (r < 0.9) content = gen.string();
      else if (r < 0.995) content = JSON.stringify(gen.json(3));
      else
        content = JSON.stringify({
          ...valid,
          key: `big-${i}`,
          question: 'x'.repeat(1024 * 1024 + 10),
        });
      await writeFile(join(dir, `${name}.question`), content);
      names.push(name);
    }
    await symlink('/etc/passwd', join(dir, 'fuzz-link.question'));
    names.push('fuzz-link');
    await writeFile(join(dir, 'ignored.txt'), 'not a question');
    const adapter = (
      service as unknown as {
        watched: { list(): Array<{ invalidFiles(): Array<{ file: string; reason: string }> }> };
      }
    ).watched.list()[0]!;
    const accounted = () => {
      const pendingBases = new Set(broker.pending().map((p) => String(p.meta?.baseName)));
      const invalid = new Map(
        adapter.invalidFiles().map((f) => [f.file.replace(/\.question$/, ''), f]),
      );
      return names.filter((n) => !pendingBases.has(n) && !invalid.has(n));
    };
    await waitUntil(
      () => accounted().length === 0,
      'every fuzzed file to be pending or reported invalid',
      60_000,
    ).catch(() => {});
    expect(accounted(), 'files neither pending nor reported').toEqual([]);
    const invalid = adapter.invalidFiles();
    expect(new Set(invalid.map((f) => f.file)).size, 'each reported once').toBe(invalid.length);
    for (const f of invalid) expect(f.reason.length, f.file).toBeGreaterThan(5);
    expect(invalid.map((f) => f.file)).toContain('fuzz-link.question');
    expect(invalid.some((f) => f.file === 'ignored.txt')).toBe(false);
    await writeFile(
      join(dir, 'after-fuzz.question'),
      JSON.stringify({ key: 'after-fuzz', question: 'still watching?' }),
    );
    await waitUntil(
      () => broker.findPending('clarity-file', 'after-fuzz') !== undefined,
      'a valid question after the fuzz',
    );
    await stillServesValidRequests('files');
  });

  it(`cueme envelopes (${1000 * SCALE}): each rejected with an EnvelopeError and a one-line reason, never a crash`, () => {
    const gen = new FuzzGen(SEED + 2);
    const parts = [
      '<cueme_prompt>',
      '</cueme_prompt>',
      '<cueme_payload>',
      '</cueme_payload>',
      '\n',
      '  ',
      'Pick one',
      '{"type":"choice","options":["a"]}',
      'null',
      '{',
      '[]',
    ];
    let accepted = 0;
    for (let i = 0; i < 1000 * SCALE; i++) {
      const input = gen.bool()
        ? Array.from({ length: 1 + gen.int(8) }, () =>
            gen.next() < 0.7 ? gen.pick(parts) : gen.string(),
          ).join(gen.pick(['\n', '', ' ']))
        : gen.string();
      try {
        parseEnvelope(input, { allowPayload: gen.bool() });
        accepted++;
      } catch (error) {
        expect(error, `input ${JSON.stringify(input).slice(0, 200)}`).toBeInstanceOf(EnvelopeError);
        const message = (error as Error).message;
        expect(message.length).toBeGreaterThan(5);
        expect(message.includes('\n'), 'one line').toBe(false);
      }
    }
    expect(accepted).toBeLessThan(1000 * SCALE);
  });

  it(`IPC payloads (${1000 * SCALE}) at their validator: refused with 400 naming the channel, never thrown`, async () => {
    const gen = new FuzzGen(SEED + 3);
    const handlers = new Map<
      string,
      (sender: { frameUrl?: string }, payload: unknown) => Promise<unknown>
    >();
    const router = new IpcRouter({
      ipc: {
        handle: (channel, fn) => handlers.set(channel, fn as never),
        removeHandler: (channel) => handlers.delete(channel),
      },
      isTrustedSender: () => true,
    });
    for (const channel of IPC_INVOKE_CHANNELS) router.handle(channel, (() => 'handled') as never);
    for (let i = 0; i < 1000 * SCALE; i++) {
      const channel = gen.pick(IPC_INVOKE_CHANNELS);
      const payload =
        gen.next() < 0.5
          ? gen.json(3)
          : gen.mutate({ id: 'x', input: { text: 'y' }, q: 'z', url: 'https://x' });
      const result = (await handlers.get(channel)!({ frameUrl: 'app://renderer' }, payload)) as {
        ok: boolean;
        value?: unknown;
        error?: { status: number; message: string };
      };
      if (result.ok) expect(result.value).toBe('handled');
      else {
        expect(result.error!.status, JSON.stringify(result)).toBe(400);
        expect(result.error!.message).toContain(channel);
      }
    }
  });

  it(`JSONL lines (${1000 * SCALE}): classified as event or text, never thrown; splitter bounded`, () => {
    const gen = new FuzzGen(SEED + 4);
    const valid = {
      type: 'human_in_loop',
      call_id: 'c-1',
      hil_id: 'HIL-1',
      title: 't',
      message: 'm',
      ui: { type: 'confirm' },
      timeout_sec: 10,
    };
    for (let i = 0; i < 1000 * SCALE; i++) {
      const line = gen.bool() ? JSON.stringify(gen.mutate(valid)) : gen.string();
      const parsed = parseRunLine(line);
      expect(['event', 'text']).toContain(parsed.kind);
    }
    const splitter = new LineSplitter() as unknown as {
      push?(chunk: string): string[];
      feed?(chunk: string): string[];
    };
    const push = (splitter.push ?? splitter.feed)?.bind(splitter);
    if (push) for (let i = 0; i < 200; i++) expect(() => push(gen.string())).not.toThrow();
  });
});
