import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  installRouteAuthority,
  ROUTE_CLASSES,
  routeClass,
} from '../../../../main/http/guards/route-authority';
import { makeServer } from '../helpers';

describe('every route has one authority class', () => {
  it('every class in the table names a route the server really serves', async () => {
    const t = await makeServer({ rendererDir: 'out/renderer' });
    const missing = Object.keys(ROUTE_CLASSES).filter((entry) => {
      const [method, url] = entry.split(' ') as [string, string];
      // The renderer's routes exist only with a built UI; the table still lists them.
      if (url === '/' || url === '/*') return false;
      return !t.server.app.hasRoute({ method: method as 'GET', url });
    });
    expect(missing).toEqual([]);
    await t.server.close();
  });

  it('registering a route without a class fails at start, not open', async () => {
    const app = Fastify();
    installRouteAuthority(app, { operatorAnswersOnly: false });
    app.get('/api/new-thing', async () => ({}));
    await expect(app.ready()).rejects.toThrow(
      /without a class in ROUTE_CLASSES: GET \/api\/new-thing/,
    );
  });

  it("HEAD follows GET; an unknown route is the operator's", () => {
    expect(routeClass('HEAD', '/api/requests')).toBe('operator');
    expect(routeClass('GET', '/questions')).toBe('agent');
    expect(routeClass('DELETE', '/api/requests')).toBe('operator');
  });

  it('the operator routes answer 403 operator_required to an agent, and work for the operator', async () => {
    const t = await makeServer();
    const operatorRoutes = Object.entries(ROUTE_CLASSES)
      .filter(([, c]) => c === 'operator')
      .map(([entry]) => entry.split(' ') as ['GET' | 'POST', string]);
    expect(operatorRoutes.length).toBeGreaterThan(10);
    for (const [method, url] of operatorRoutes) {
      const path = url.replace(':id', 'x').replace(':agentId', 'agent-1');
      const res = await t.inject({
        method,
        url: path,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json(), `${method} ${path}`).toMatchObject({ error: 'operator_required' });
    }
    const asOperator = await t.get('/api/requests', t.operator);
    expect(asOperator.statusCode).toBe(200);
    await t.server.close();
  });

  it("with --operator-answers-only the protocols' answer endpoints need the operator too", async () => {
    const t = await makeServer({ operatorAnswersOnly: true });
    t.broker.add({ source: 'clarity-http', key: 'k', prompt: 'Ship?' });
    const agent = await t.post('/answer', { key: 'k', response: 'yes' });
    expect(agent.statusCode).toBe(403);
    expect(t.broker.findPending('clarity-http', 'k')).toBeDefined();
    const operator = await t.post('/answer', { key: 'k', response: 'yes' }, t.operator);
    expect(operator.statusCode).toBe(200);
    expect(t.broker.findByKey('k')).toMatchObject({ status: 'answered', via: 'cli' });
    await t.server.close();
  });

  it('without it, the spec endpoint answers its own question as before, recorded as protocol', async () => {
    const t = await makeServer();
    t.broker.add({ source: 'clarity-http', key: 'k', prompt: 'Ship?' });
    expect((await t.post('/answer', { key: 'k', response: 'yes' })).statusCode).toBe(200);
    expect(t.broker.findByKey('k')).toMatchObject({ status: 'answered', via: 'protocol' });
    await t.server.close();
  });
});
