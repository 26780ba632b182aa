import path from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import type { BrokerEvent } from '../../main/broker/broker';
import type { HitlRequest } from '@contract/request';
import { runHook, type HookOutcome } from '../../main/cli/hook/run-hook';
import { startBrokerService, type BrokerService } from '../../main/service/broker-service';
import { OUTPUT_SCHEMAS, schemaErrors, stdinOf } from './hook-fixtures';
import { makeTempDir } from './temp-dir';
import { waitFor } from './wait-for';

export interface HookBroker {
  readonly service: BrokerService;
  /** Every broker event since the test began (tests may reset it). */
  events: BrokerEvent[];
  /** The test's temp dir (the audit log is `audit.jsonl` in it). */
  readonly dir: string;
  /** Runs the hook for `event` in-process; resolves with what it would print. */
  hook(
    agent: string,
    event: unknown,
    extra?: { timeoutSeconds?: number; brokerUrl?: string },
  ): Promise<HookOutcome>;
  /** The first pending request matching `predicate`, once there is one. */
  pendingFor(predicate?: (r: HitlRequest) => boolean): Promise<HitlRequest>;
}

/**
 * A real headless broker (temp state dir, audit log, a free port) per test, and the hook command
 * run against it in-process with a documented event on its stdin.
 */
export function useHookBroker(): HookBroker {
  let temp: Awaited<ReturnType<typeof makeTempDir>> | undefined;
  let service: BrokerService | undefined;
  const fixture: HookBroker = {
    get service() {
      if (!service) throw new Error('use the hook broker inside a test');
      return service;
    },
    get dir() {
      return temp!.path;
    },
    events: [],
    hook: (agent, event, extra = {}) =>
      runHook({
        agent,
        stdin: stdinOf(event),
        brokerUrl: extra.brokerUrl ?? fixture.service.url,
        timeoutSeconds: extra.timeoutSeconds,
        // The broker's state dir: the hook reads its proof key there.
        env: { CLARITY_HITL_STATE_DIR: fixture.service.stateDir },
      }),
    pendingFor: (predicate = () => true) =>
      waitFor(() => fixture.service.broker.pending().find(predicate), 'the request in the inbox'),
  };
  beforeEach(async () => {
    temp = await makeTempDir('hitl-hook-');
    service = await startBrokerService({
      port: 0,
      stateDir: path.join(temp.path, 'state'),
      rendererDir: null,
      token: '',
      logFile: path.join(temp.path, 'audit.jsonl'),
    });
    fixture.events = [];
    service.broker.subscribe((e) => fixture.events.push(e));
  });
  afterEach(async () => {
    await service?.close();
    await temp?.remove();
  });
  return fixture;
}

/** How a test answers as the operator (a coding agent's request needs the operator's authority). */
export const OPERATOR = { authority: 'operator', via: 'desktop' } as const;

/** The printed JSON, after checking it against every published schema for the agent/event. */
export function printed(outcome: HookOutcome, agent: string, eventName: string) {
  expect(outcome).toHaveProperty('stdout');
  const json = JSON.parse((outcome as { stdout: string }).stdout);
  for (const schema of OUTPUT_SCHEMAS[agent]![eventName]!) {
    expect(schemaErrors(schema, json), schema).toEqual([]);
  }
  return json;
}

/** Checks "no decision": nothing for stdout, one stderr line; returns the line. */
export function noDecision(outcome: HookOutcome): string {
  expect(outcome).not.toHaveProperty('stdout');
  const line = (outcome as { stderr: string }).stderr;
  expect(line.split('\n')).toHaveLength(1);
  expect(line).toMatch(/^clarity-hitl hook: .*no decision/);
  return line;
}
