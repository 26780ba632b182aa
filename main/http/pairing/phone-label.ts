/** The longest user agent kept with a phone's session. */
export const USER_AGENT_MAX = 500;

const DEVICES: ReadonlyArray<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
// Order matters: Edge and Samsung Internet also say Chrome; Chrome also says Safari.
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/EdgA?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/**
 * A short name for a paired phone from its user agent (`Android · Chrome`, `iPhone · Safari`);
 * `Unknown browser` when the agent names nothing known. Plain text: the UI shows it as text.
 */
export function phoneLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const device = DEVICES.find(([pattern]) => pattern.test(ua))?.[1];
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const parts = [device, browser].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(' · ') : 'Unknown browser';
}

/** The user agent as kept: printable ASCII only, at most USER_AGENT_MAX characters. */
export function keptUserAgent(userAgent: string | undefined): string {
  return (userAgent ?? '').replace(/[^\x20-\x7e]/g, '').slice(0, USER_AGENT_MAX);
}
