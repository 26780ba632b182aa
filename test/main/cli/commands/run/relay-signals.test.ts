import { describe, expect, it } from 'vitest';
import { relaySignals } from '../../../../../main/cli/commands/run/relay-signals';

function fakeChild() {
  const kills: string[] = [];
  return {
    kills,
    child: {
      exitCode: null as number | null,
      signalCode: null as NodeJS.Signals | null,
      kill: (signal?: NodeJS.Signals | number) => {
        kills.push(String(signal));
        return true;
      },
    },
  };
}

describe('relaySignals', () => {
  it('passes SIGTERM to the agent once, survives SIGINT/SIGHUP, and stops cleanly', () => {
    const before = ['SIGTERM', 'SIGINT', 'SIGHUP'].map((s) => process.listenerCount(s));
    const { child, kills } = fakeChild();
    const stop = relaySignals(child);
    process.emit('SIGINT', 'SIGINT');
    process.emit('SIGHUP', 'SIGHUP');
    expect(kills).toEqual([]); // the terminal already told the agent
    process.emit('SIGTERM', 'SIGTERM');
    process.emit('SIGTERM', 'SIGTERM'); // the re-raised echo
    expect(kills).toEqual(['SIGTERM']);
    stop();
    expect(['SIGTERM', 'SIGINT', 'SIGHUP'].map((s) => process.listenerCount(s))).toEqual(before);
  });

  it('does not signal an agent that already exited', () => {
    const { child, kills } = fakeChild();
    child.exitCode = 0;
    const stop = relaySignals(child);
    process.emit('SIGTERM', 'SIGTERM');
    stop();
    expect(kills).toEqual([]);
  });
});
