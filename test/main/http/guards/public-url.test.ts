import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { createHttpServer } from '../../../../main/http/server';
import { startBrokerService, type BrokerService } from '../../../../main/service/broker-service';

/** A raw request to 127.0.0.1, so the Host and Origin headers are exactly what is sent. */
function raw(
  port: number,
  method: string,
  pathName: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: pathName, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const TOKEN = 'agent-token-5f1c';
const PUBLIC = 'https://laptop.tailnet.example';
let root: string;
let service: BrokerService;

// Bound beyond loopback with a public URL, as `serve --host 0.0.0.0 --public-url … --token-file …`.
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hitl-public-url-'));
  service = await startBrokerService({
    port: 0,
    host: '0.0.0.0',
    token: TOKEN,
    publicUrl: PUBLIC,
    stateDir: path.join(root, 'state'),
    rendererDir: null,
  });
});
afterAll(async () => {
  await service.close();
  await rm(root, { recursive: true, force: true });
});

describe('bound to 0.0.0.0 with --public-url', () => {
  it("accepts the public URL's host as its proxy forwards it, and loopback", async () => {
    const bearer = { authorization: `Bearer ${TOKEN}` };
    for (const host of [
      'laptop.tailnet.example',
      'laptop.tailnet.example:443',
      `LAPTOP.tailnet.example:${service.port}`,
      `127.0.0.1:${service.port}`,
      `localhost:${service.port}`,
      `192.168.1.5:${service.port}`,
    ]) {
      const res = await raw(service.port, 'GET', '/questions', { host, ...bearer });
      expect(res.status, host).toBe(200);
    }
  });

  it('refuses any other Host name (DNS rebinding), even with the token', async () => {
    const bearer = { authorization: `Bearer ${TOKEN}` };
    for (const host of [
      `evil.example:${service.port}`,
      'evil.example',
      'laptop.tailnet.example.evil.example',
      `laptop.tailnet.example:${service.port + 1}`,
      'laptop.tailnet.example:8443',
      `tailnet.example:${service.port}`,
    ]) {
      const res = await raw(service.port, 'GET', '/questions', { host, ...bearer });
      expect(res.status, host).toBe(403);
      expect(JSON.parse(res.body).error, host).toBe('forbidden_host');
    }
  });

  it("takes the public URL's origin as the broker's own, and refuses others", async () => {
    const headers = { host: 'laptop.tailnet.example', authorization: `Bearer ${TOKEN}` };
    expect(
      (await raw(service.port, 'GET', '/questions', { ...headers, origin: PUBLIC })).status,
    ).toBe(200);
    for (const origin of ['http://laptop.tailnet.example', 'https://evil.example', 'null']) {
      const res = await raw(service.port, 'GET', '/questions', { ...headers, origin });
      expect(res.status, origin).toBe(403);
      expect(JSON.parse(res.body).error).toBe('forbidden_origin');
    }
  });

  it('agent routes need the token; operator routes refuse agents and anonymous callers', async () => {
    const host = 'laptop.tailnet.example';
    expect((await raw(service.port, 'GET', '/questions', { host })).status).toBe(401);
    expect(
      (await raw(service.port, 'GET', '/questions', { host, authorization: 'Bearer wrong' }))
        .status,
    ).toBe(401);
    const agent = { host, authorization: `Bearer ${TOKEN}` };
    const request = service.broker.add({
      source: 'claude-code',
      key: 'k-public',
      prompt: 'Run?',
      input: { kind: 'approval', tool: 'Bash', command: 'rm -rf build' },
    });
    expect((await raw(service.port, 'GET', '/api/requests', { host })).status).toBe(401);
    const listed = await raw(service.port, 'GET', '/api/requests', agent);
    expect(listed.status).toBe(403);
    expect(JSON.parse(listed.body).error).toBe('operator_required');
    const answer = await raw(
      service.port,
      'POST',
      `/api/requests/${request.id}/answer`,
      { ...agent, 'content-type': 'application/json' },
      JSON.stringify({ value: { kind: 'approval', decision: 'allow' } }),
    );
    expect(answer.status).toBe(403);
    expect(service.broker.get(request.id)?.status).toBe('pending');
    const operator = {
      host,
      authorization: `Bearer ${service.server.context.operatorSecret}`,
    };
    expect((await raw(service.port, 'GET', '/api/requests', operator)).status).toBe(200);
  });
});

describe('bound to loopback behind a proxy with --public-url', () => {
  it("accepts the proxy's forwarded public Host, and still refuses other names", async () => {
    const server = await createHttpServer({
      broker: new Broker(),
      port: 0,
      publicUrl: 'https://inbox.example.org/',
      rendererDir: null,
    });
    await server.listen();
    try {
      const port = server.port();
      expect((await raw(port, 'GET', '/questions', { host: 'inbox.example.org' })).status).toBe(
        200,
      );
      for (const host of ['evil.example', `evil.example:${port}`, `192.168.1.5:${port}`])
        expect((await raw(port, 'GET', '/questions', { host })).status, host).toBe(403);
    } finally {
      await server.close();
    }
  });
});
