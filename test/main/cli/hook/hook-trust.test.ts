import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decisionText } from '../../../../main/adapters/coding-agents/hook-wire';
import { runHook } from '../../../../main/cli/hook/run-hook';
import { proofOf } from '../../../../main/service/broker-proof';
import { noDecision, printed } from '../../../support/hook-broker';
import { hookEvent, stdinOf } from '../../../support/hook-fixtures';
import {
  brokerState,
  deadPid,
  helloReply,
  hugeReply,
  nonceOf,
  startSquatter,
  type SeenRequest,
  type SquatterAnswer,
  type Squatter,
  startRelay,
} from '../../../support/hook-squatter';
import { startBrokerService } from '../../../../main/service/broker-service';
import { makeTempDir } from '../../../support/temp-dir';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let stateDir: string;
let squatter: Squatter | undefined;
beforeEach(async () => {
  temp = await makeTempDir('hitl-trust-');
  stateDir = path.join(temp.path, 'state');
  mkdirSync(stateDir);
});
afterEach(async () => {
  await squatter?.close();
  squatter = undefined;
  await temp.remove();
});

const hook = (extra: { brokerUrl?: string; timeoutSeconds?: number; env?: object } = {}) =>
  runHook({
    agent: 'claude-code',
    stdin: stdinOf(hookEvent('claude-bash')),
    brokerUrl: extra.brokerUrl,
    timeoutSeconds: extra.timeoutSeconds,
    env: { CLARITY_HITL_STATE_DIR: stateDir, ...extra.env },
  });

/** A port holder that answers every request with `json`, as a broker's allow would look. */
async function squatterAnswering(json: unknown) {
  squatter = await startSquatter(() => ({ json }));
  return squatter;
}

/**
 * A fake broker that holds the proof key (it passes the hello honestly) and answers the event
 * with `event(request, key)`: the hook's checks of the reply itself.
 */
async function keyHolder(event: (req: SeenRequest, key: string) => SquatterAnswer) {
  let key = '';
  squatter = await startSquatter((req) =>
    req.url === '/api/hooks/hello' ? helloReply(key, req) : event(req, key),
  );
  key = brokerState(stateDir, squatter.url);
  return squatter;
}

/** The event reply of an honest broker: `decision` with its proof for the request's nonce. */
const signed = (decision: unknown, req: SeenRequest, key: string, text?: string) => ({
  json: {
    decision,
    proof: proofOf(key, 'decision', nonceOf(req), text ?? JSON.stringify(decision)),
  },
});

describe('the hook believes only its verified broker', () => {
  it('control: a holder of the proof key that signs a well-formed allow / deny is believed', async () => {
    await keyHolder((req, key) => signed({ behavior: 'allow' }, req, key));
    expect(printed(await hook(), 'claude-code', 'PermissionRequest')).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
    await squatter!.close();
    await keyHolder((req, key) => signed({ behavior: 'deny', message: 'not now' }, req, key));
    expect(
      printed(await hook(), 'claude-code', 'PermissionRequest').hookSpecificOutput.decision,
    ).toEqual({ behavior: 'deny', message: 'not now' });
  });

  it('a squatter on the discovered port answering "allow" to everything: no decision, and it never sees the event or the token', async () => {
    await squatterAnswering({ decision: { behavior: 'allow' }, proof: 'x'.repeat(43) });
    brokerState(stateDir, squatter!.url, { token: 'agent-token-from-discovery' });
    expect(noDecision(await hook())).toContain('is not the operator');
    expect(squatter!.seen.map((r) => r.url)).toEqual(['/api/hooks/hello']);
    expect(squatter!.seen[0]!.authorization).toBeUndefined();
    expect(squatter!.seen[0]!.body).not.toContain('npm test');
  });

  it('a squatter named by CLARITY_HITL_BROKER_URL (the override is verified just the same)', async () => {
    await squatterAnswering({ decision: { behavior: 'allow' } });
    brokerState(stateDir, 'http://127.0.0.1:9/');
    const outcome = await hook({
      env: { CLARITY_HITL_BROKER_URL: squatter!.url, CLARITY_HITL_TOKEN: 'agent-token' },
    });
    noDecision(outcome);
    expect(squatter!.seen).toHaveLength(1);
    expect(squatter!.seen[0]!.authorization).toBeUndefined();
  });

  it("a relay: a hello proof made for the broker's own origin does not pass at another port", async () => {
    const key = brokerState(stateDir, 'http://127.0.0.1:9/');
    squatter = await startSquatter((req) =>
      req.url === '/api/hooks/hello'
        ? helloReply(key, req, '127.0.0.1:7842')
        : { json: { decision: { behavior: 'allow' } } },
    );
    const line = noDecision(await hook({ brokerUrl: squatter.url }));
    expect(line).toContain('passes on a proof of 127.0.0.1:7842: a relay');
    expect(squatter.seen).toHaveLength(1);
  });

  it.skipIf(process.platform !== 'linux')(
    "a relay at another loopback address on the broker's own port, passing everything to the real broker: it gets only the hello",
    async () => {
      const service = await startBrokerService({
        port: 0,
        stateDir,
        rendererDir: null,
        token: 'agent-token',
      });
      try {
        squatter = await startRelay(service.url, '127.0.0.2', service.port);
        const line = noDecision(
          await hook({ brokerUrl: squatter.url, env: { CLARITY_HITL_TOKEN: 'agent-token' } }),
        );
        expect(line).toContain(`passes on a proof of 127.0.0.1:${service.port}: a relay`);
        expect(squatter.seen.map((r) => [r.url, r.authorization])).toEqual([
          ['/api/hooks/hello', undefined],
        ]);
        expect(service.broker.pending()).toEqual([]);
      } finally {
        await squatter?.close();
        squatter = undefined;
        await service.close();
      }
    },
  );

  it.each<[string, unknown]>([
    ['{"decision":{}}', {}],
    ['"yes"', 'yes'],
    ['1', 1],
    ['[]', []],
    ['{"behavior":"Deny"}', { behavior: 'Deny' }],
    ['"ask"', 'ask'],
    ['"allow"', 'allow'],
    ['true', true],
    ['{"behavior":"allow","updatedInput":{}}', { behavior: 'allow', updatedInput: {} }],
    ['{"behavior":"allow","message":"ok"}', { behavior: 'allow', message: 'ok' }],
    ['{"behavior":"deny","message":7}', { behavior: 'deny', message: 7 }],
    ['{"behavior":["allow"]}', { behavior: ['allow'] }],
  ])('a signed but malformed decision %s: neither allow nor deny, no output', async (_l, d) => {
    await keyHolder((req, key) => signed(d, req, key));
    expect(noDecision(await hook())).toContain('is not one this hook knows');
  });

  it.each<[string, (req: SeenRequest, key: string) => SquatterAnswer]>([
    ['the reply a string', () => ({ json: 'allow' })],
    ['the reply an array', () => ({ json: [{ behavior: 'allow' }] })],
    ['no decision field', (req, key) => ({ json: { proof: signed(null, req, key).json.proof } })],
    ['an allow without proof', () => ({ json: { decision: { behavior: 'allow' } } })],
    [
      'an allow with the proof of another nonce (a replay)',
      (_req, key) => ({
        json: {
          decision: { behavior: 'allow' },
          proof: proofOf(key, 'decision', 'A'.repeat(43), decisionText({ behavior: 'allow' })),
        },
      }),
    ],
    [
      'an allow with a proof of a deny',
      (req, key) => signed({ behavior: 'allow' }, req, key, decisionText({ behavior: 'deny' })),
    ],
    [
      'an allow with a hello proof',
      (req, key) => ({
        json: {
          decision: { behavior: 'allow' },
          proof: proofOf(key, 'hello', nonceOf(req), decisionText({ behavior: 'allow' })),
        },
      }),
    ],
    ['an error status', () => ({ status: 500, json: { decision: { behavior: 'allow' } } })],
    ['not JSON', () => (_req, res) => res.end('{"decision":{"behavior":"allow"}')],
  ])('%s: no output', async (_label, answer) => {
    await keyHolder(answer);
    const line = noDecision(await hook());
    expect(line).toMatch(/not a JSON object|no decision|broker proof|HTTP 500|non-JSON/);
  });

  it('a 200 MB reply to the event: the hook stops reading at 1 MB and prints nothing', async () => {
    const huge = hugeReply(200);
    await keyHolder(() => huge.write);
    expect(noDecision(await hook())).toContain('over 1048576 bytes');
    expect(await huge.sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('a 200 MB reply declared up front, and a 200 MB reply to the hello: refused at once', async () => {
    const declared = hugeReply(200, true);
    await keyHolder(() => declared.write);
    noDecision(await hook());
    expect(await declared.sent).toBeLessThan(64 * 1024 * 1024);
    await squatter!.close();
    const hello = hugeReply(200);
    squatter = await startSquatter(() => hello.write);
    brokerState(stateDir, squatter.url);
    noDecision(await hook());
    expect(await hello.sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('a stale discovery file (its broker died) naming a port that would allow: nothing is sent there', async () => {
    squatter = await startSquatter(() => ({ json: { decision: { behavior: 'allow' } } }));
    brokerState(stateDir, squatter.url, { pid: await deadPid() });
    expect(noDecision(await hook())).toContain('no HITL Broker is running');
    expect(squatter.seen).toEqual([]);
  });

  it('no broker at all, and a discovered port nobody listens on: no output', async () => {
    expect(noDecision(await hook())).toContain('no HITL Broker is running');
    brokerState(stateDir, 'http://127.0.0.1:9/');
    expect(noDecision(await hook())).toContain('no HITL Broker is running at http://127.0.0.1:9/');
  });

  it('no proof key in the state dir: nothing is sent, even to a live discovered broker', async () => {
    squatter = await startSquatter(() => ({ json: {} }));
    brokerState(stateDir, squatter.url, { key: false });
    expect(noDecision(await hook())).toContain('no usable proof key');
    expect(squatter.seen).toEqual([]);
  });

  it('a verified broker that never answers: the hook gives up at its limit', async () => {
    await keyHolder(() => () => {});
    expect(noDecision(await hook({ timeoutSeconds: 0.2 }))).toContain('did not answer in time');
  });

  it('a hello that never comes back: the hook gives up within seconds', async () => {
    squatter = await startSquatter(() => () => {});
    brokerState(stateDir, squatter.url);
    expect(noDecision(await hook())).toContain('did not answer the hello in time');
  }, 10_000);

  it("a verified allow for Codex's PreToolUse: nothing printed (Codex rejects a bare allow there)", async () => {
    await keyHolder((req, key) => signed({ behavior: 'allow' }, req, key));
    const outcome = await runHook({
      agent: 'codex',
      stdin: stdinOf(hookEvent('codex-bash', { hook_event_name: 'PreToolUse' })),
      env: { CLARITY_HITL_STATE_DIR: stateDir },
    });
    expect(noDecision(outcome)).toContain('codex takes no "allow" from a PreToolUse hook');
  });

  it('an unknown agent name: one stderr line, nothing asked', async () => {
    await keyHolder((req, key) => signed({ behavior: 'allow' }, req, key));
    const outcome = await runHook({
      agent: 'claude',
      stdin: stdinOf(hookEvent('claude-bash')),
      env: { CLARITY_HITL_STATE_DIR: stateDir },
    });
    expect(noDecision(outcome)).toContain('unknown agent "claude" (use claude-code or codex)');
    expect(squatter!.seen).toEqual([]);
  });
});
