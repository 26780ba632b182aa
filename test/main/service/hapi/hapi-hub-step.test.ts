import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { HubUrlSchema } from '../../../../main/adapters/hapi/hub-bridge/hub-client';
import { startBrokerService } from '../../../../main/service/broker-service';
import { HapiCliSession } from '../../../support/hapi-cli';
import { hapiInstall, socketIo, startHub, type RunningHub } from '../../../support/hapi-hub';
import { makeTempDir } from '../../../support/temp-dir';

const install = await hapiInstall();
if ('skip' in install) console.warn(`skipped: the service's HAPI hub step (${install.skip})`);

const TOKEN = 'hapi-step-test-token-0123456789';

describe.skipIf('skip' in install)("the service's HAPI hub step (serve --hapi-hub)", () => {
  const { binary, modules } = install as { binary: string; modules: string };
  let home: { path: string; remove: () => Promise<void> };
  let root: { path: string; remove: () => Promise<void> };
  let hub: RunningHub;

  beforeAll(async () => {
    home = await makeTempDir('hapi-step-home-');
    root = await makeTempDir('hapi-step-broker-');
    hub = await startHub(binary, home.path, TOKEN);
  }, 60_000);
  afterAll(async () => {
    await hub?.stop();
    await home?.remove();
    await root?.remove();
  });

  it("follows the hub: its request in the service's broker, the session's messages beside it", async () => {
    const service = await startBrokerService({
      dirs: [path.join(root.path, 'handshake')],
      stateDir: path.join(root.path, 'state'),
      port: 0,
      rendererDir: null,
      cuemeDb: null,
      hapiHub: { url: HubUrlSchema.parse(hub.url), accessToken: TOKEN },
    });
    try {
      await service.hapiHub!.ready;
      const cli = await HapiCliSession.open(hub, socketIo(modules), 'Step', '/srv/step', 'x');
      const added = new Promise<HitlRequest>((resolve) =>
        service.broker.subscribe(({ type, request }) => {
          if (type === 'added' && request.source === 'hapi') resolve(request);
        }),
      );
      await cli.ask('toolu_s', 'Bash', { command: 'make' });
      const request = await added;
      const said = new Promise<string>((resolve) => service.agentMessages.onAppend(resolve));
      cli.say({ role: 'user', content: { type: 'text', text: 'go' } });
      expect(await said).toBe(request.agent!.id);
      service.broker.answer(request.id, { value: { kind: 'approval', decision: 'allow' } }, 'ui', {
        authority: 'operator',
      });
      expect(await cli.nextDecision()).toMatchObject({ id: 'toolu_s', approved: true });
      cli.close();
    } finally {
      await service.close();
    }
  });
});
