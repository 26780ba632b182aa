import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NotAvailableError } from './not-available';

/** Repository root (bench/lib/../..). */
export const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** Finds the first .ts file under `dir` (relative to the repo root) whose text matches `pattern`. */
export function findSource(dir: string, pattern: RegExp): string | undefined {
  const base = join(ROOT, dir);
  const single = `${base}.ts`;
  if (existsSync(single) && pattern.test(readFileSync(single, 'utf8'))) return single;
  if (!existsSync(base) || !statSync(base).isDirectory()) return undefined;
  const stack = [base];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else if (entry.name.endsWith('.ts') && pattern.test(readFileSync(path, 'utf8'))) return path;
    }
  }
  return undefined;
}

/** Imports `exportName` from the first source under `dir` that declares it; NotAvailableError otherwise. */
export async function loadExport<T>(dir: string, exportName: string, what: string): Promise<T> {
  const declares = new RegExp(`export\\s+(async\\s+)?(class|function|const)\\s+${exportName}\\b`);
  const file = findSource(dir, declares);
  if (!file)
    throw new NotAvailableError(`${what} not in the tree yet (no ${exportName} under ${dir}/)`);
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const value = mod[exportName];
  if (value === undefined) throw new NotAvailableError(`${file} does not export ${exportName}`);
  return value as T;
}

/** What startBrokerService returns (main/service/broker-service.ts), as far as the benchmarks rely on it. */
export interface BrokerServiceHandle {
  broker: import('../../../main/broker/broker').Broker;
  url: string;
  port: number;
  /** The HTTP server; its context holds the operator secret (the operator's credential). */
  server?: { context: { operatorSecret: string } };
  /** A fresh one-time login link to the web inbox (what `serve` prints, `clarity-hitl open` makes). */
  loginUrl?: (ttlMs?: number) => string;
  close(): Promise<void>;
}

export interface BrokerServiceOptions {
  dirs?: string[];
  port?: number;
  host?: string;
  token?: string;
  stateDir?: string;
  [option: string]: unknown;
}

export type StartBrokerService = (options: BrokerServiceOptions) => Promise<BrokerServiceHandle>;

/** The headless broker service (file watcher + HTTP server), or NotAvailableError. */
export function loadBrokerService(): Promise<StartBrokerService> {
  return loadExport<StartBrokerService>(
    'main/service',
    'startBrokerService',
    'broker service (main/service/broker-service.ts)',
  );
}

export interface ClarityFileAdapterHandle {
  close?(): Promise<void> | void;
  stop?(): Promise<void> | void;
}

export interface ClarityFileAdapterClass {
  start(options: {
    dir: string;
    broker: import('../../../main/broker/broker').Broker;
    [k: string]: unknown;
  }): Promise<ClarityFileAdapterHandle>;
}

/** The Clarity file-handshake adapter class, or NotAvailableError. */
export function loadClarityFileAdapter(): Promise<ClarityFileAdapterClass> {
  return loadExport<ClarityFileAdapterClass>(
    'main/adapters',
    'ClarityFileAdapter',
    'Clarity file adapter',
  );
}

/** Stops an adapter whatever its stop method is called. */
export async function stopAdapter(adapter: ClarityFileAdapterHandle): Promise<void> {
  if (adapter.close) await adapter.close();
  else if (adapter.stop) await adapter.stop();
}

/** True when a source file exists under `dir` that matches `pattern` (route present, etc.). */
export function hasSource(dir: string, pattern: RegExp): boolean {
  return findSource(dir, pattern) !== undefined;
}
