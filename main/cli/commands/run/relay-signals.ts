import type { ChildProcess } from 'node:child_process';

/**
 * While the agent runs, `clarity-hitl run` outlives the signals that would end it, so the agent's
 * own exit still ends its run in the broker:
 * - SIGTERM (a process manager, `kill`) is passed on to the agent, once: a repeat is ignored
 *   (the persistence layer's exit hook re-raises each signal it sees).
 * - SIGINT and SIGHUP (Ctrl-C, a closed terminal) reach the agent from the terminal itself, as
 *   it shares the CLI's process group; passing them on would deliver them twice.
 * Returns the function that stops, called once the agent has exited.
 */
export function relaySignals(
  child: Pick<ChildProcess, 'kill' | 'exitCode' | 'signalCode'>,
): () => void {
  let relayed = false;
  const onTerm = () => {
    if (relayed || child.exitCode !== null || child.signalCode !== null) return;
    relayed = true;
    child.kill('SIGTERM');
  };
  const survive = () => {};
  process.on('SIGTERM', onTerm);
  process.on('SIGINT', survive);
  process.on('SIGHUP', survive);
  return () => {
    process.off('SIGTERM', onTerm);
    process.off('SIGINT', survive);
    process.off('SIGHUP', survive);
  };
}
