import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { LineSplitter, parseRunLine, type RunEvent } from '@contract/jsonl-events';
import { callBroker } from '../broker-client/broker-http';
import { locateBroker, type BrokerLocation } from '../broker-client/locate-broker';
import { relaySignals } from './run/relay-signals';
import { RunForwarder } from './run/run-forwarder';
import { RunView } from './run/run-view';

/** `clarity-hitl run -- <agent command…>`: spawns the agent and shows its JSONL events live. */
export function registerRunCommand(program: Command): void {
  program
    .command('run')
    .description(
      'run an agent that prints JSONL events and show a live view; human_in_loop events enrich the inbox',
    )
    .option(
      '--broker <url>',
      'broker URL (default: CLARITY_HITL_BROKER_URL, the discovery file, or http://127.0.0.1:7842)',
    )
    .argument('<command...>', 'the agent command, after --')
    .passThroughOptions()
    .action(async (command: string[], opts: { broker?: string }) => {
      process.exitCode = await runAgent(command, locateBroker(opts.broker), (t) =>
        process.stdout.write(t),
      );
    });
}

/**
 * Runs the agent to completion; resolves with its exit code (1 when it could not start). Every
 * output line is also forwarded to the broker's run view (batched; `forwarding` tunes it in tests).
 */
export function runAgent(
  command: string[],
  broker: BrokerLocation,
  write: (text: string) => void,
  forwarding: Partial<ConstructorParameters<typeof RunForwarder>[0]> = {},
): Promise<number> {
  const view = new RunView(write);
  const forwarder = new RunForwarder({
    broker,
    start: { command: command.map((part) => part.slice(0, 4_000)).slice(0, 200) },
    warn: (text) => view.text(text),
    ...forwarding,
  });
  const splitter = new LineSplitter();
  let warned = false;
  const forward = (e: Extract<RunEvent, { type: 'human_in_loop' }>) => {
    const body = {
      title: e.title,
      message: e.message,
      ui: e.ui,
      timeout_sec: e.timeout_sec ?? undefined,
    };
    callBroker(broker, `/api/hil/annotate/${encodeURIComponent(e.hil_id)}`, body).catch(
      (error: Error) => {
        if (!warned) view.text(`⚠ could not update ${e.hil_id} in the broker: ${error.message}`);
        warned = true;
      },
    );
  };
  const handle = (line: string) => {
    const parsed = parseRunLine(line);
    forwarder.push(parsed);
    if (parsed.kind === 'text') return view.text(parsed.text);
    if (parsed.event.type === 'human_in_loop') forward(parsed.event);
    view.event(parsed.event);
  };
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), {
      stdio: ['inherit', 'pipe', 'inherit'],
      env: { CLARITY_HITL_BROKER_URL: broker.url, ...process.env },
    });
    const stopRelay = relaySignals(child);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => splitter.push(chunk).forEach(handle));
    let failed = false;
    child.on('error', (error) => {
      failed = true;
      stopRelay();
      const text = `✖ could not start ${command[0]}: ${error.message}`;
      view.text(text);
      forwarder.push({ kind: 'text', text });
      void forwarder.finish({ code: null, signal: null }).then(() => resolve(1));
    });
    child.on('close', (code, signal) => {
      if (failed) return;
      stopRelay();
      splitter.flush().forEach(handle);
      view.exit(code, signal);
      void forwarder.finish({ code, signal }).then(() => resolve(code ?? 1));
    });
  });
}
