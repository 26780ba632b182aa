import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startBrokerService, type BrokerService } from '../../../main/service/broker-service';
import type { BrokerServiceOptions } from '../../../main/service/broker-service-types';
import { makeTempDir } from '../../support/temp-dir';
import type { UnreadableItem } from '@contract/unreadable';

/** A real broker service watching one handshake dir, and the calls the delivery tests make. */
export interface HandshakeService {
  service: BrokerService;
  root: string;
  dir: string;
  warnings: string[];
  /** Writes `{base}.question` as a Clarity runtime does. */
  ask: (base: string, key: string) => Promise<void>;
  /** The spec's `POST /answer` as the operator: status and JSON reply. */
  answer: (key: string, response: string) => Promise<{ status: number; body: AnswerReply }>;
  /** GET /api/unreadable as the operator: the "could not read" and undelivered items. */
  unreadable: () => Promise<UnreadableItem[]>;
  close: () => Promise<void>;
}

export interface AnswerReply {
  ok?: boolean;
  status?: string;
  path?: string;
  delivered?: boolean;
  deliveryError?: string;
  error?: string;
  message?: string;
}

/** Starts the service on 127.0.0.1 port 0 with `dir` (default: a fresh `hs` under a temp root). */
export async function startHandshakeService(
  options: { dir?: string } & Partial<BrokerServiceOptions> = {},
): Promise<HandshakeService> {
  const temp = await makeTempDir('hitl-delivery-');
  const dir = options.dir ?? join(temp.path, 'hs');
  const warnings: string[] = [];
  const service = await startBrokerService({
    port: 0,
    stateDir: join(temp.path, 'state'),
    rendererDir: null,
    onWarning: (message) => warnings.push(message),
    ...options,
    dirs: [dir],
  });
  const operator = { authorization: `Bearer ${service.server.context.operatorSecret}` };
  return {
    service,
    root: temp.path,
    dir,
    warnings,
    ask: (base, key) =>
      writeFile(join(dir, `${base}.question`), JSON.stringify({ key, question: `About ${key}?` })),
    answer: async (key, response) => {
      const reply = await fetch(`${service.url}answer`, {
        method: 'POST',
        headers: { ...operator, 'content-type': 'application/json' },
        body: JSON.stringify({ key, response }),
      });
      return { status: reply.status, body: (await reply.json()) as AnswerReply };
    },
    unreadable: async () => {
      const reply = await fetch(`${service.url}api/unreadable`, { headers: operator });
      const list = (await reply.json()) as { items: UnreadableItem[] };
      return list.items;
    },
    close: async () => {
      await service.close();
      await temp.remove();
    },
  };
}
