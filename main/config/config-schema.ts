import { z } from 'zod';
import { badValue, ConfigError, envRaw, type EnvVar } from './env-read';
import { SETTINGS, type SettingKey } from './settings-table';

/** What one variable gave: the name it was found under and its text. */
const Found = z.object({ name: z.string(), raw: z.string() }).optional();

/** A setting's schema: the found text through the variable's own parser, issues naming it. */
function field<T>(v: EnvVar<T>) {
  return Found.transform((found, ctx): T | undefined => {
    if (!found) return undefined;
    try {
      return v.parse(found.raw);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: badValue(v, found.name, found.raw, (error as Error).message),
      });
      return z.NEVER;
    }
  });
}

type Fields = {
  [K in SettingKey]: ReturnType<typeof field<ReturnType<(typeof SETTINGS)[K]['env']['parse']>>>;
};

/** The zod schema of every setting of {@link SETTINGS}, keyed like it. */
export const ConfigSchema = z.object(
  Object.fromEntries(
    Object.entries(SETTINGS).map(([key, setting]) => [key, field(setting.env as EnvVar<unknown>)]),
  ) as Fields,
);

/** The broker's settings from the environment: each undefined when its variable is unset. */
export type BrokerConfig = z.infer<typeof ConfigSchema>;

/**
 * Reads and checks the settings named by `keys` (all of {@link SETTINGS} when omitted) from `env`,
 * aliases resolved (the documented name wins). Each is undefined when its variable is unset.
 * Throws a ConfigError naming each bad variable, e.g.
 * `CLARITY_HITL_HOOK_TIMEOUT=abc: must be a number of seconds above 0`. A command passes the keys
 * it reads, so a bad variable of another command does not stop it.
 */
export function readConfig(env?: NodeJS.ProcessEnv): BrokerConfig;
export function readConfig<K extends SettingKey>(
  env: NodeJS.ProcessEnv,
  keys: readonly K[],
): Pick<BrokerConfig, K>;
export function readConfig(
  env: NodeJS.ProcessEnv = process.env,
  keys: readonly SettingKey[] = Object.keys(SETTINGS) as SettingKey[],
): Partial<BrokerConfig> {
  const found = Object.fromEntries(keys.map((key) => [key, envRaw(SETTINGS[key].env, env)]));
  const mask = Object.fromEntries(keys.map((key) => [key, true])) as Record<SettingKey, true>;
  const parsed = ConfigSchema.pick(mask).safeParse(found);
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map((issue) => issue.message).join('; '));
}
