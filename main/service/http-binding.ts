import { DEFAULT_PORT, type HttpServer } from '../http/server';

/** Where the broker's HTTP server listens and with which token. */
export interface HttpBindingConfig {
  port?: number;
  token?: string;
}

/**
 * The broker's HTTP server, which can move to another port or token while the broker runs (the
 * desktop app's settings). A move builds a new server: browser tabs and long polls on the old one
 * end, as on a restart, and reconnect where the operator points them.
 */
export class HttpBinding {
  private current: HttpServer | undefined;
  /** Built and ready, not listening yet (prepare). */
  private prepared: { server: HttpServer; config: HttpBindingConfig } | undefined;
  private config: HttpBindingConfig = {};
  private changing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly create: (config: HttpBindingConfig) => Promise<HttpServer> | HttpServer,
    /** Told each time a server starts listening (to write the discovery file). */
    private readonly onListening: (server: HttpServer, config: HttpBindingConfig) => void,
  ) {}

  /** The server now in use. */
  get server(): HttpServer {
    if (!this.current) throw new Error('the HTTP server has not started');
    return this.current;
  }

  /** Creates the first server and listens; resolves with its URL. */
  async start(config: HttpBindingConfig): Promise<string> {
    await this.prepare(config);
    return this.listenPrepared();
  }

  /**
   * Builds the first server and readies its routes without listening, so that listenPrepared()
   * only binds the port: the service builds it while its handshake dirs are still being read.
   */
  async prepare(config: HttpBindingConfig): Promise<void> {
    await this.closePrepared();
    const server = await this.create(config);
    this.prepared = { server, config };
    await server.app.ready();
  }

  /** Listens with the server prepare() built; resolves with its URL. A failed listen closes it. */
  async listenPrepared(): Promise<string> {
    const prepared = this.prepared;
    if (!prepared) throw new Error('no HTTP server was prepared');
    this.prepared = undefined;
    const { server, config } = prepared;
    const url = await server.listen().catch(async (error: unknown) => {
      await server.close().catch(() => undefined);
      throw error;
    });
    this.current = server;
    this.config = config;
    this.onListening(server, config);
    return url;
  }

  /**
   * Moves to `config`. A new port is taken before the old one is let go, so a port that cannot be
   * had leaves the broker serving where it was (and the call fails with the listen error). On the
   * same port (a token change) the old server closes first; if the port is lost meanwhile, the
   * old configuration is restored. Calls run one after another.
   */
  rebind(config: HttpBindingConfig): Promise<string> {
    const run = this.changing.then(() => this.move(config));
    this.changing = run.catch(() => undefined);
    return run;
  }

  /** Closes a server prepare() built that never listened (a start that failed before it). */
  async closePrepared(): Promise<void> {
    const prepared = this.prepared;
    this.prepared = undefined;
    await prepared?.server.close();
  }

  /** Closes the server in use (and one prepared, if any). */
  async close(): Promise<void> {
    await this.changing;
    await this.closePrepared();
    await this.current?.close();
    this.current = undefined;
  }

  private async move(config: HttpBindingConfig): Promise<string> {
    const old = this.server;
    const samePort = (config.port ?? DEFAULT_PORT) === old.port();
    if (!samePort) {
      const next = await this.create(config);
      const url = await next.listen().catch(async (error: unknown) => {
        await next.close().catch(() => undefined);
        throw error;
      });
      this.current = next;
      this.config = config;
      await old.close();
      this.onListening(next, config);
      return url;
    }
    await old.close();
    try {
      return await this.start({ ...config, port: old.port() });
    } catch (error) {
      await this.start({ ...this.config, port: old.port() });
      throw error;
    }
  }
}
