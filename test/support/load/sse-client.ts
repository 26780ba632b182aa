import { request as httpRequest, type ClientRequest } from 'node:http';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** A minimal SSE client over node:http; every event is handed to `onEvent` as it is parsed. */
export class SseClient {
  private req: ClientRequest | undefined;
  readonly events: SseEvent[] = [];
  status = 0;

  constructor(
    private readonly url: string,
    private readonly onEvent: (event: SseEvent) => void = () => {},
    private readonly headers: Record<string, string> = {},
    private readonly keep = false,
  ) {}

  /** Connects and resolves once the response headers arrived (status in `this.status`). */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const parser = new SseParser((event) => {
        if (this.keep) this.events.push(event);
        this.onEvent(event);
      });
      this.req = httpRequest(
        this.url,
        { headers: { accept: 'text/event-stream', ...this.headers } },
        (res) => {
          this.status = res.statusCode ?? 0;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => parser.feed(chunk));
          res.on('error', () => {});
          resolve();
        },
      );
      this.req.on('error', reject);
      this.req.end();
    });
  }

  close(): void {
    this.req?.destroy();
    this.req = undefined;
  }
}

/** Incremental parser of the text/event-stream format (fields id, event, data; comments ignored). */
export class SseParser {
  private buffer = '';
  /** Chunks of a line still without its end (a 100,000-request snapshot is one 25 MB line). */
  private parts: string[] = [];
  private id: string | undefined;
  private event = '';
  private data: string[] = [];

  constructor(private readonly emit: (event: SseEvent) => void) {}

  feed(chunk: string): void {
    // Searching the whole buffer again for each chunk of a long line would be quadratic.
    if (!/[\r\n]/.test(chunk)) {
      this.parts.push(chunk);
      return;
    }
    this.buffer += this.parts.join('') + chunk;
    this.parts = [];
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + width);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0)
        this.emit({ id: this.id, event: this.event || 'message', data: this.data.join('\n') });
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'id') this.id = value;
    else if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
  }
}
