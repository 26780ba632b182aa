import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callBroker } from '../../../../main/cli/broker-client/broker-http';
import { locateBroker } from '../../../../main/cli/broker-client/locate-broker';
import { writeDiscovery } from '../../../../main/service/discovery';
import { ensureOperatorSecret } from '../../../../main/service/operator-secret';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';

/**
 * Issue 31: the CLI's operator commands send the operator secret only to a broker that proves it
 * holds the key derived from it. A stale discovery file whose pid now belongs to another live
 * process (pid reuse) points at a port anyone may have taken since.
 */
let root: string | undefined;
let squatter: Server | undefined;
let service: BrokerService | undefined;
afterEach(async () => {
  squatter?.closeAllConnections();
  await new Promise((r) => (squatter ? squatter.close(r) : r(undefined)));
  await service?.close();
  if (root) await rm(root, { recursive: true, force: true });
  squatter = service = root = undefined;
});

/** A port holder that answers every request with `body` and records what it was sent. */
async function squat(body: string): Promise<{ port: number; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  squatter = createServer((req, res) => {
    seen.push({ ...req.headers, path: req.url ?? '' });
    res.setHeader('content-type', 'application/json');
    res.end(body);
  });
  await new Promise<void>((r) => squatter!.listen(0, '127.0.0.1', r));
  return { port: (squatter.address() as AddressInfo).port, seen };
}

async function stateDir(): Promise<string> {
  root = await mkdtemp(join(tmpdir(), 'cli-proof-'));
  const state = join(root, 'state');
  await mkdir(state, { mode: 0o700 });
  return state;
}

describe("the CLI's operator secret goes only to a broker that proves itself", () => {
  it.each([
    ['answers everything', '{"url":"http://127.0.0.1/login?code=x","proof":"x"}'],
    [
      'answers the hello with a made-up proof',
      '{"proof":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}',
    ],
    ['sends garbage', 'not json'],
  ])('a squatter on a stale discovery file’s port that %s never gets it', async (_what, body) => {
    const state = await stateDir();
    const secret = ensureOperatorSecret(state);
    const { port, seen } = await squat(body);
    // The broker that wrote this file is gone; its pid now belongs to a live process (ours).
    writeDiscovery(state, { url: `http://127.0.0.1:${port}/`, port, pid: process.pid });
    const broker = locateBroker(
      undefined,
      { CLARITY_HITL_STATE_DIR: state },
      undefined,
      'operator',
    );
    expect(broker.operatorSecret).toBe(secret);
    await expect(callBroker(broker, '/api/login-links', {})).rejects.toThrow(
      /not the operator's broker.*the operator secret was not sent/,
    );
    expect(seen.map((h) => h.path)).toEqual(['/api/hooks/hello']);
    expect(JSON.stringify(seen)).not.toContain(secret);
    expect(seen.every((h) => h.authorization === undefined)).toBe(true);
  });

  it('the real broker proves itself and the operator command goes through', async () => {
    const state = await stateDir();
    service = await startBrokerService({ dirs: [], port: 0, stateDir: state, token: '' });
    const broker = locateBroker(
      undefined,
      { CLARITY_HITL_STATE_DIR: state },
      undefined,
      'operator',
    );
    expect(broker.operatorSecret).toBeDefined();
    const { url } = await callBroker<{ url: string }>(broker, '/api/login-links', {});
    expect(url).toMatch(/\/login\?code=/);
  });
});
