import { afterEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../../main/broker/broker';
import { remoteLoginUrl } from '../../../../main/desktop/attach/remote-broker';
import { createHttpServer, type HttpServer } from '../../../../main/http/server';

let server: HttpServer | undefined;
afterEach(async () => server?.close());

async function broker(): Promise<{ url: string; secret: string }> {
  server = await createHttpServer({ broker: new Broker(), port: 0, rendererDir: null });
  const url = await server.listen();
  return { url, secret: server.context.operatorSecret };
}

describe('the attached window logs in as the operator', () => {
  it('with the operator secret: a one-time login link of that broker, which then logs in once', async () => {
    const { url, secret } = await broker();
    const link = await remoteLoginUrl({ url, token: secret });
    expect(link).toMatch(new RegExp(`^${url}login\\?code=[A-Za-z0-9_-]{32}$`));
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('set-cookie')).toMatch(/^clarity_hitl_operator=.*HttpOnly/);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(401);
  });

  it("with an agent's token or none: the plain inbox URL (which shows how to log in)", async () => {
    const { url } = await broker();
    expect(await remoteLoginUrl({ url, token: 'not-the-operator' })).toBe(
      `${url}?token=not-the-operator`,
    );
    expect(await remoteLoginUrl({ url })).toBe(url);
  });
});
