import { request as httpRequest, type ClientRequest } from 'node:http';

export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** A minimal SSE reader over node:http for tests: collects parsed messages (and comments). */
export class SseTestClient {
  readonly messages: SseMessage[] = [];
  status = 0;
  ended = false;
  private req: ClientRequest | undefined;
  private buffer = '';

  static connect(
    port: number,
    headers: Record<string, string> = {},
    path = '/events',
  ): Promise<SseTestClient> {
    const client = new SseTestClient();
    return new Promise((resolve, reject) => {
      client.req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          headers: { host: `127.0.0.1:${port}`, accept: 'text/event-stream', ...headers },
        },
        (res) => {
          client.status = res.statusCode ?? 0;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => client.feed(chunk));
          res.on('end', () => (client.ended = true));
          res.on('close', () => (client.ended = true));
          resolve(client);
        },
      );
      client.req.on('error', (error) => (client.status ? (client.ended = true) : reject(error)));
      client.req.end();
    });
  }

  /** Unnamed messages (the default `message` event), parsed. */
  unnamed(): Array<{ id?: string; json: Record<string, unknown> }> {
    return this.messages
      .filter((m) => m.event === undefined && m.data !== undefined)
      .map((m) => ({ id: m.id, json: JSON.parse(m.data!) as Record<string, unknown> }));
  }

  /** Messages with an event name (comments and retry lines left out). */
  events(): SseMessage[] {
    return this.messages.filter((m) => m.event !== undefined);
  }

  close(): void {
    this.req?.destroy();
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const message: SseMessage = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) message.comment = line.slice(1).trim();
        else if (line.startsWith('id: ')) message.id = line.slice(4);
        else if (line.startsWith('event: ')) message.event = line.slice(7);
        else if (line.startsWith('data: '))
          message.data = (message.data ? `${message.data}\n` : '') + line.slice(6);
      }
      if (
        message.comment !== undefined ||
        message.event !== undefined ||
        message.data !== undefined
      )
        this.messages.push(message);
    }
  }
}
