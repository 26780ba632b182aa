import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { LineSplitter, parseRunLine } from '@contract/jsonl-events';
import { BROKER_HELP, locateBroker, type BrokerLocation } from '../broker-client/locate-broker';
import { InProcessHil, type InProcessHilOptions } from './run/in-process-hil';
import { relaySignals } from './run/relay-signals';
import { RunForwarder } from './run/run-forwarder';
import { RunView } from './run/run-view';

/** `clarity-hitl run -- <agent command…>`: spawns the agent and shows its JSONL events live. */
export function registerRunCommand(program: Command): void {
  program
    .command('run')
    .description(
      'run an agent that prints JSONL events and show a live view; human_in_loop events go to the inbox (answers reach an in-process agent on its stdin)',
    )
    .option('--broker <url>', BROKER_HELP)
    .argument('<command...>', 'the agent command, after --')
    .passThroughOptions()
    .action(async (command: string[], opts: { broker?: string }) => {
      process.exitCode = await runAgent(
        command,
        locateBroker(opts.broker),
        (t) => process.stdout.write(t),
        {},
        { stdin: process.stdin },
      );
    });
}

export interface RunAgentOptions {
  /** What the user types, passed on to the agent (the CLI: process.stdin); its end is not. */
  stdin?: Readable;
  /** In-process HIL timings (tests). */
  hil?: Partial<Pick<InProcessHilOptions, 'graceMs' | 'retryMs'>>;
}

/**
 * Passes `from` on to the agent's stdin until the agent ends. The end of `from` is not passed
 * on: the agent's stdin stays open for the inbox's answers (`hil_response` lines).
 */
function passInput(from: Readable | undefined, to: Writable): () => void {
  if (!from) return () => {};
  const onData = (chunk: Buffer | string) => to.write(chunk);
  from.on('data', onData);
  return () => {
    from.off('data', onData);
    // Done with it: a terminal or pipe left open would keep this process alive.
    from.destroy();
  };
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
  options: RunAgentOptions = {},
): Promise<number> {
  const view = new RunView(write);
  const forwarder = new RunForwarder({
    broker,
    start: { command: command.map((part) => part.slice(0, 4_000)).slice(0, 200) },
    warn: (text) => view.text(text),
    ...forwarding,
  });
  const splitter = new LineSplitter();
  let toAgent: Writable | undefined;
  const hil = new InProcessHil({
    broker,
    reply: (line) => toAgent?.write(line),
    say: (text) => view.text(text),
    ...options.hil,
  });
  const handle = (line: string) => {
    const parsed = parseRunLine(line);
    forwarder.push(parsed);
    if (parsed.kind === 'text') return view.text(parsed.text);
    if (parsed.event.type === 'start') hil.started(parsed.event.project);
    if (parsed.event.type === 'human_in_loop') hil.handle(parsed.event);
    view.event(parsed.event);
  };
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), {
      // stdin is a pipe: the agent gets what is typed (options.stdin) and the inbox's answers.
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { CLARITY_HITL_BROKER_URL: broker.url, ...process.env },
    });
    toAgent = child.stdin;
    child.stdin.on('error', () => {}); // an agent that closed its stdin gets no answers; fine
    const stopInput = passInput(options.stdin, child.stdin);
    const stopRelay = relaySignals(child);
    const ended = () => {
      stopRelay();
      stopInput();
      hil.close();
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => splitter.push(chunk).forEach(handle));
    let failed = false;
    child.on('error', (error) => {
      failed = true;
      ended();
      const text = `✖ could not start ${command[0]}: ${error.message}`;
      view.text(text);
      forwarder.push({ kind: 'text', text });
      void forwarder.finish({ code: null, signal: null }).then(() => resolve(1));
    });
    child.on('close', (code, signal) => {
      if (failed) return;
      ended();
      splitter.flush().forEach(handle);
      view.exit(code, signal);
      void forwarder.finish({ code, signal }).then(() => resolve(code ?? 1));
    });
  });
}
