import { SETTINGS, type SettingKey } from './settings-table';

/** The variable's names for a help text: `$CLARITY_HITL_BROKER (or $CLARITY_HITL_BROKER_URL)`. */
export function envNames(key: SettingKey): string {
  const { name, aliases } = SETTINGS[key].env;
  const more = aliases.map((alias) => `$${alias}`).join(', ');
  return more ? `$${name} (or ${more})` : `$${name}`;
}

/**
 * The default of an option's help: `default: $CLARITY_HITL_BROKER (or $CLARITY_HITL_BROKER_URL),
 * else the discovery file, else http://127.0.0.1:7842/`; `fallback` replaces the setting's own
 * default where a command has another one (the hook never falls back to the default port).
 */
export function defaultHelp(key: SettingKey, fallback: string = SETTINGS[key].default): string {
  return `default: ${envNames(key)}, else ${fallback}`;
}

/** An option's whole help text: what it is, then its default in parentheses. */
export function optionHelp(key: SettingKey, what: string, fallback?: string): string {
  return `${what} (${defaultHelp(key, fallback)})`;
}
