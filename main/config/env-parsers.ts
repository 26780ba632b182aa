// Plain parsers (no zod: the hook bundle uses them). Each throws an Error saying what it expects.

/** The text as given. */
export const text = (raw: string): string => raw;

/** An http(s) URL. */
export function httpUrl(raw: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol)) throw new Error('must be an http(s) URL');
  return raw;
}

/** A number of seconds above 0. */
export function positiveSeconds(raw: string): number {
  const n = Number(raw);
  if (!(n > 0) || !Number.isFinite(n)) throw new Error('must be a number of seconds above 0');
  return n;
}

/** A number of seconds, 0 or more. */
export function seconds(raw: string): number {
  const n = Number(raw);
  if (raw.trim() === '' || !(n >= 0) || !Number.isFinite(n))
    throw new Error('must be a number of seconds (0 or more)');
  return n;
}

/** A whole number of milliseconds, 0 or more. */
export function milliseconds(raw: string): number {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < 0)
    throw new Error('must be a whole number of milliseconds (0 or more)');
  return n;
}

/** On (`1`, `true`, `yes`) or off (`0`, `false`, `no`), any case. */
export function onOff(raw: string): boolean {
  if (/^(1|true|yes)$/i.test(raw.trim())) return true;
  if (/^(0|false|no)$/i.test(raw.trim())) return false;
  throw new Error('must be 1, true or yes (on), or 0, false or no (off)');
}

/** Items separated by commas or white space. */
export function list(raw: string): string[] {
  return raw.split(/[\s,]+/).filter(Boolean);
}

/** `name=value` items separated by commas or white space. */
export function pairs(raw: string): string[] {
  const items = list(raw);
  if (items.some((item) => !/^[^=\s]+=\S+$/.test(item)))
    throw new Error('must be name=value pairs separated by commas or spaces');
  return items;
}
