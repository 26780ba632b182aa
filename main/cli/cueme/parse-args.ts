/** `cueme`'s argument list as the original reads it: `--key value` / `--flag`, the rest positional. */
export interface ParsedArgs {
  positionals: string[];
  options: Record<string, string | true>;
}

/**
 * The original's parsing: `--name` takes the next argument as its value unless that is missing or
 * starts with `--` (then it is `true`); everything else, `-` and `-x` included, is positional.
 */
export function parseArgs(args: readonly string[]): ParsedArgs {
  const out: ParsedArgs = { positionals: [], options: {} };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      out.positionals.push(arg);
      continue;
    }
    const next = args[i + 1];
    if (next === undefined || next.startsWith('--')) out.options[arg.slice(2)] = true;
    else {
      out.options[arg.slice(2)] = next;
      i++;
    }
  }
  return out;
}
