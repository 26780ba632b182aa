import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTs, type TsChild } from './child';
import { loadBrokerService, type BrokerServiceHandle, type BrokerServiceOptions } from './project';

export interface ChildInfo {
  url: string;
  port: number;
  pid: number;
}

/** A broker service (or the bare echo floor) running in its own process, with its state dir. */
/** The service child's answer to a `MEMORY` probe (bytes; heapUsed measured after a full GC). */
export interface ChildMemory {
  heapUsed: number;
  rss: number;
  afterGc: boolean;
}

export interface ServiceProcess {
  info: ChildInfo;
  proc: TsChild<ChildInfo>;
  /** The service's state dir (its operator secret is there); the floors have none. */
  stateDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the broker service in a child process (so its RSS is its own), with a fresh state dir.
 * `'bare'` starts the node:http echo floor instead, `'fastify'` the same on a bare Fastify,
 * `'fastify-rules'` that plus a zod check and a journal line per request. Throws
 * NotAvailableError if the service code has not landed.
 */
export async function startServiceProcess(
  options: BrokerServiceOptions | 'bare' | 'fastify' | 'fastify-rules',
): Promise<ServiceProcess> {
  const floor = options === 'bare' || options === 'fastify' || options === 'fastify-rules';
  if (!floor) await loadBrokerService();
  const stateDir = await mkdtemp(join(tmpdir(), 'hitl-state-'));
  const arg = floor ? options : JSON.stringify({ stateDir, ...options });
  // --expose-gc only lets the MEMORY probe collect first; nothing else calls gc().
  const proc = spawnTs<ChildInfo>('bench/children/service-child.ts', [arg], {}, ['--expose-gc']);
  const cleanup = async () => {
    await proc.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
  try {
    const info = await proc.ready;
    return { info, proc, stateDir, stop: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Starts the broker service in this process with a fresh state dir; `close` removes the dir too. */
export async function startServiceInProcess(
  options: BrokerServiceOptions,
): Promise<BrokerServiceHandle> {
  const start = await loadBrokerService();
  const stateDir = await mkdtemp(join(tmpdir(), 'hitl-state-'));
  try {
    const service = await start({ host: '127.0.0.1', port: 0, stateDir, ...options });
    return {
      ...service,
      broker: service.broker,
      url: service.url.replace(/\/+$/, ''),
      port: service.port,
      close: async () => {
        await service.close();
        await rm(stateDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(stateDir, { recursive: true, force: true });
    throw error;
  }
}
