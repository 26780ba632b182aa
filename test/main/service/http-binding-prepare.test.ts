import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Broker } from '../../../main/broker/broker';
import { createHttpServer, type HttpServer } from '../../../main/http/server';
import { HttpBinding, type HttpBindingConfig } from '../../../main/service/http-binding';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

/** A binding over real servers, recording each one it built, closed, and reported listening. */
function binding() {
  const broker = new Broker();
  const built: HttpServer[] = [];
  const closed: HttpServer[] = [];
  const listened: HttpBindingConfig[] = [];
  const http = new HttpBinding(
    async ({ port }) => {
      const server = await createHttpServer({ broker, port, rendererDir: null });
      const close = server.close.bind(server);
      server.close = () => {
        closed.push(server);
        return close();
      };
      built.push(server);
      return server;
    },
    (_server, config) => listened.push(config),
  );
  cleanups.push(() => http.close());
  return { http, built, closed, listened };
}

async function heldPort(): Promise<number> {
  const holder: Server = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
  return (holder.address() as { port: number }).port;
}

describe('HttpBinding.prepare', () => {
  it('builds and readies the server without listening; listenPrepared binds and reports it', async () => {
    const { http, built, listened } = binding();
    await http.prepare({ port: 0 });
    expect(built).toHaveLength(1);
    expect(built[0]!.app.server.listening).toBe(false);
    expect(listened).toEqual([]);
    expect(() => http.server).toThrow('has not started');

    const url = await http.listenPrepared();
    expect(built).toHaveLength(1);
    expect(http.server).toBe(built[0]);
    expect(listened).toEqual([{ port: 0 }]);
    expect((await fetch(`${url}questions`)).status).toBe(200);
    await expect(http.listenPrepared()).rejects.toThrow('no HTTP server was prepared');
  });

  it('close() closes a server prepared but never listened', async () => {
    const { http, built, closed } = binding();
    await http.prepare({ port: 0 });
    expect(closed).toEqual([]);
    await http.close();
    expect(closed).toEqual(built);
    expect(built[0]!.app.server.listening).toBe(false);
  });

  it('a listen that fails closes the server it built, and a later start works', async () => {
    const { http, built, closed, listened } = binding();
    await http.prepare({ port: await heldPort() });
    await expect(http.listenPrepared()).rejects.toThrow(/EADDRINUSE/);
    expect(listened).toEqual([]);
    expect(closed).toEqual(built);

    const url = await http.start({ port: 0 });
    expect(built).toHaveLength(2);
    expect(closed).toHaveLength(1);
    expect((await fetch(`${url}questions`)).status).toBe(200);
  });
});
