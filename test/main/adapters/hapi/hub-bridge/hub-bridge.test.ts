import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { Broker } from '../../../../../main/broker/broker';
import type { AgentMessageView } from '@contract/agent-message';
import { AgentMessageStore } from '../../../../../main/adapters/hapi/agent-message-store';
import { ForbiddenError } from '../../../../../main/broker/errors';
import { HubBridge } from '../../../../../main/adapters/hapi/hub-bridge/hub-bridge';
import { HubUrlSchema } from '../../../../../main/adapters/hapi/hub-bridge/hub-client';
import { HapiCliSession } from '../../../../support/hapi-cli';
import {
  HAPI_VERSION,
  hapiInstall,
  socketIo,
  startHub,
  type RunningHub,
} from '../../../../support/hapi-hub';
import { makeTempDir } from '../../../../support/temp-dir';

const install = await hapiInstall();
if ('skip' in install) console.warn(`skipped: the HAPI hub bridge tests (${install.skip})`);

const TOKEN = 'hub-bridge-test-token-0123456789';
const HOST = 'hub-bridge-test-host';
const allow = { value: { kind: 'approval' as const, decision: 'allow' as const } };
const deny = { value: { kind: 'approval' as const, decision: 'deny' as const } };
const asOperator = { authority: 'operator' as const, via: 'web-session' as const };

/** The request with `key` once it is pending (at once when it already is). */
function shown(broker: Broker, key: string): Promise<HitlRequest> {
  return new Promise((resolve) => {
    const now = broker.findPending('hapi', key);
    if (now) return resolve(now);
    const stop = broker.subscribe(({ type, request }) => {
      if (type === 'added' && request.key === key) {
        stop();
        resolve(request);
      }
    });
  });
}

describe.skipIf('skip' in install)(
  `HAPI hub bridge against the real hapi hub ${HAPI_VERSION}`,
  () => {
    const { binary, modules } = install as { binary: string; modules: string };
    const io = socketIo(modules);
    let home: { path: string; remove: () => Promise<void> };
    let hub: RunningHub;
    let broker: Broker;
    let agentMessages: AgentMessageStore;
    let bridge: HubBridge;
    let sessions: HapiCliSession[];
    const warnings: string[] = [];

    beforeAll(async () => {
      home = await makeTempDir('hapi-home-');
      hub = await startHub(binary, home.path, TOKEN);
    }, 60_000);
    afterAll(async () => {
      await hub?.stop();
      await home?.remove();
    });
    beforeEach(async () => {
      broker = new Broker();
      agentMessages = new AgentMessageStore();
      sessions = [];
      warnings.length = 0;
      bridge = new HubBridge({
        broker,
        url: HubUrlSchema.parse(hub.url),
        accessToken: TOKEN,
        agentMessages,
        host: HOST,
        retryMs: 50,
        onWarning: (m) => warnings.push(m),
      });
      await bridge.ready;
    });
    afterEach(async () => {
      bridge.close();
      for (const s of sessions) s.close();
      await bridge.settled();
    });

    const open = async (name: string) => {
      const cli = await HapiCliSession.open(hub, io, name, '/work/payments', HOST);
      sessions.push(cli);
      return cli;
    };

    it("shows a session's permission request with the hook card; the operator's Allow reaches the hub", async () => {
      const cli = await open('Refactor payments');
      const request = shown(broker, `${cli.id}/toolu_1`);
      await cli.ask('toolu_1', 'Bash', { command: 'npm test', description: 'Run the tests' });
      const card = await request;
      expect(card).toMatchObject({
        source: 'hapi',
        title: 'Bash: npm test',
        agent: {
          name: 'Refactor payments',
          runtime: 'HAPI · claude',
          projectDir: '/work/payments',
        },
        input: {
          kind: 'approval',
          tool: 'Bash',
          command: 'npm test',
          scopes: [],
          call: { kind: 'shell', command: 'npm test', description: 'Run the tests' },
        },
      });
      expect(card.prompt).toContain('```sh\nnpm test\n```');
      expect(() => broker.answer(card.id, allow), 'an agent cannot approve').toThrow(
        ForbiddenError,
      );
      broker.answer(card.id, allow, 'ui', asOperator);
      expect(await cli.nextDecision()).toEqual({
        id: 'toolu_1',
        approved: true,
        decision: 'approved',
      });
      await bridge.settled();
      expect(broker.get(card.id)?.status).toBe('answered');
      expect(warnings).toEqual([]);
    });

    it("the operator's Deny reaches the hub; an Edit from another machine keeps its diff in the prompt", async () => {
      const cli = await open('Docs');
      const request = shown(broker, `${cli.id}/toolu_2`);
      const edit = { file_path: '/work/payments/README.md', old_string: 'v1', new_string: 'v2' };
      await cli.ask('toolu_2', 'Edit', edit);
      const card = await request;
      expect(card.title).toBe('Edit: README.md');
      expect(card.input).toMatchObject({ kind: 'approval', tool: 'Edit', path: 'README.md' });
      expect(card.prompt).toContain('-v1\n+v2');
      broker.answer(card.id, deny, 'ui', asOperator);
      expect(await cli.nextDecision()).toEqual({
        id: 'toolu_2',
        approved: false,
        decision: 'denied',
      });
    });

    it("a request approved through the hub's own API leaves the inbox; a question tool is left to HAPI", async () => {
      const cli = await open('Migrations');
      const question = `${cli.id}/toolu_q`;
      await cli.ask('toolu_q', 'AskUserQuestion', { questions: [{ question: 'Which DB?' }] });
      const request = shown(broker, `${cli.id}/toolu_3`);
      await cli.ask('toolu_3', 'Bash', { command: 'rm -rf dist' });
      const card = await request;
      // Both were in the state that showed toolu_3: the question was read, and not shown.
      expect(broker.findPending('hapi', question)).toBeUndefined();
      const resolved = broker.waitForResolution(card.id);
      const auth = await fetch(`${hub.url}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accessToken: TOKEN }),
      });
      const { token } = (await auth.json()) as { token: string };
      const approve = await fetch(`${hub.url}/api/sessions/${cli.id}/permissions/toolu_3/approve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(approve.status).toBe(200);
      expect(await resolved).toMatchObject({
        status: 'cancelled',
        resolvedBy: 'agent',
        cancelReason: 'approved in HAPI',
      });
      expect((await cli.nextDecision()).approved).toBe(true);
    });

    it("shows the session's messages beside its request: HAPI's output envelope, the user's text", async () => {
      const cli = await open('Context');
      const request = shown(broker, `${cli.id}/toolu_6`);
      await cli.ask('toolu_6', 'Bash', { command: 'ls' });
      const agentId = (await request).agent!.id;
      const heard: AgentMessageView[] = [];
      const two = new Promise<void>((resolve) =>
        agentMessages.onAppend((id, message) => {
          if (id === agentId && heard.push(message) === 2) resolve();
        }),
      );
      cli.say({
        role: 'user',
        content: { type: 'text', text: 'List the files' },
        meta: { sentFrom: 'webapp' },
      });
      cli.say({ role: 'agent', content: { type: 'event', data: { type: 'ready' } } });
      cli.say({
        role: 'agent',
        content: {
          type: 'output',
          data: {
            type: 'assistant',
            message: {
              role: 'assistant',
              content: [
                { type: 'redacted_thinking', data: 'EuYB' },
                { type: 'tool_use', id: 'toolu_6', name: 'Bash', input: { command: 'ls' } },
              ],
            },
          },
        },
        meta: { sentFrom: 'cli' },
      });
      await two;
      expect(heard.map(({ role, content }) => ({ role, content }))).toEqual([
        { role: 'user', content: [{ type: 'text', text: 'List the files' }] },
        {
          role: 'assistant',
          content: [
            { type: 'redacted', data: 'EuYB' },
            { type: 'tool_use', id: 'toolu_6', name: 'Bash', input: { command: 'ls' } },
          ],
        },
      ]);
    });

    it('an event longer than 8 MiB (a message carrying a whole file) is skipped, the stream goes on', async () => {
      const cli = await open('Big output');
      const agentId = `hapi-${cli.id}`;
      const small = new Promise<AgentMessageView>((resolve) =>
        agentMessages.onAppend((id, message) => {
          if (id === agentId) resolve(message);
        }),
      );
      cli.say({ role: 'user', content: { type: 'text', text: 'x'.repeat(9 * 1024 * 1024) } });
      cli.say({ role: 'user', content: { type: 'text', text: 'after the big one' } });
      expect((await small).content).toEqual([{ type: 'text', text: 'after the big one' }]);
      // The hub may carry the big message in more than one event (the message, the session's
      // update): each is skipped, and nothing else goes wrong.
      expect(warnings.length).toBeGreaterThan(0);
      expect(new Set(warnings)).toEqual(
        new Set(['HAPI hub sent an event longer than 8 MiB; skipped']),
      );
    }, 60_000);

    it('a session that ends takes its requests out of the inbox', async () => {
      const cli = await open('Short task');
      const request = shown(broker, `${cli.id}/toolu_5`);
      await cli.ask('toolu_5', 'WebFetch', { url: 'https://example.org/spec', prompt: 'Read it' });
      const card = await request;
      expect(card.input).toMatchObject({
        kind: 'approval',
        tool: 'WebFetch',
        call: { kind: 'fetch' },
      });
      const resolved = broker.waitForResolution(card.id);
      cli.end();
      expect(await resolved).toMatchObject({
        status: 'cancelled',
        cancelReason: 'the HAPI session is no longer active',
      });
    });

    it('a refused access token is a warning naming the route, never the token', async () => {
      const wrong = 'not-the-hub-token-4242';
      const warned = new Promise<string>((resolve) => {
        const other = new HubBridge({
          broker: new Broker(),
          url: HubUrlSchema.parse(hub.url),
          accessToken: wrong,
          retryMs: 60_000,
          onWarning: (m) => {
            other.close();
            resolve(m);
          },
        });
      });
      const warning = await warned;
      expect(warning).toBe(
        'HAPI hub event stream: POST /api/auth: HTTP 401 (the hub refused the access token); reconnecting',
      );
    });

    it('follows the hub through a restart: a request asked afterwards shows', async () => {
      const cli = await open('Long run');
      await hub.stop();
      hub = await startHub(binary, home.path, TOKEN, hub.port);
      const request = shown(broker, `${cli.id}/toolu_4`);
      // The CLI's socket reconnects by itself (the update waits in its buffer until then).
      await cli.ask('toolu_4', 'Bash', { command: 'make release' });
      const card = await request;
      broker.answer(card.id, allow, 'ui', asOperator);
      expect(await cli.nextDecision()).toMatchObject({ id: 'toolu_4', approved: true });
      expect(warnings.some((w) => w.includes('reconnecting'))).toBe(true);
    }, 60_000);
  },
);
