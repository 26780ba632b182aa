import { runHook } from './run-hook';

/**
 * `clarity-hitl hook <agent> [--broker URL] [--timeout S]` without the rest of the CLI: the bin
 * script loads this small entry directly, so the agent's hook starts fast. Always exits 0.
 */
export async function hookMain(argv: string[] = process.argv.slice(3)): Promise<void> {
  const [agent = '', ...rest] = argv;
  const flag = (name: string) => {
    const i = rest.findIndex((a) => a === name || a.startsWith(`${name}=`));
    if (i < 0) return undefined;
    return rest[i]!.includes('=') ? rest[i]!.slice(name.length + 1) : rest[i + 1];
  };
  const timeout = Number(flag('--timeout'));
  const outcome = await runHook({
    agent,
    stdin: process.stdin,
    brokerUrl: flag('--broker'),
    timeoutSeconds: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
  });
  if ('stdout' in outcome) process.stdout.write(`${outcome.stdout}\n`);
  else if (outcome.stderr) process.stderr.write(`${outcome.stderr}\n`);
  process.exitCode = 0;
  // A held connection or timer must not keep the agent waiting once the answer is out.
  process.stdout.end(() => process.exit(0));
}

if (
  process.argv[1] !== undefined &&
  /hook-main\.[cm]?[jt]s$|out[\\/]main[\\/]hook\.js$/.test(process.argv[1])
) {
  void hookMain();
}
