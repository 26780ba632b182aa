// Reads one variable through its aliases. No zod: main/cli/hook (out/main/hook.js) imports this.

/** One environment variable of the broker: its name, older names, and how its text is read. */
export interface EnvVar<T> {
  /** The documented name; it wins when an alias is set too. */
  readonly name: string;
  /** Other names read when `name` is unset or empty, in this order. */
  readonly aliases: readonly string[];
  /** Parses the text; throws an Error saying what the value must be. */
  readonly parse: (raw: string) => T;
  /** Its value is a secret: an error never repeats it. */
  readonly secret?: boolean;
}

/** A variable with a bad value: `CLARITY_HITL_HOOK_TIMEOUT=abc: must be a number of seconds`. */
export class ConfigError extends Error {}

/** The set variable (the name, else the first alias set) and its text; empty counts as unset. */
export function envRaw(
  v: EnvVar<unknown>,
  env: NodeJS.ProcessEnv,
): { name: string; raw: string } | undefined {
  for (const name of [v.name, ...v.aliases]) {
    const raw = env[name];
    if (raw) return { name, raw };
  }
  return undefined;
}

/** `NAME=value: why` (the value hidden for secrets, cut to 80 characters). */
export function badValue(v: EnvVar<unknown>, name: string, raw: string, why: string): string {
  const shown = v.secret ? '…' : JSON.stringify(raw.slice(0, 80)).slice(1, -1);
  return `${name}=${shown}: ${why}`;
}

/** The variable's value, undefined when unset; a bad value throws a ConfigError naming it. */
export function readVar<T>(v: EnvVar<T>, env: NodeJS.ProcessEnv = process.env): T | undefined {
  const found = envRaw(v, env);
  if (!found) return undefined;
  try {
    return v.parse(found.raw);
  } catch (error) {
    throw new ConfigError(badValue(v, found.name, found.raw, (error as Error).message));
  }
}
