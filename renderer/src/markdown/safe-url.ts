/**
 * The only URLs agent markdown may link to: absolute http(s). Everything else (javascript:, data:,
 * file:, relative paths that would hit the broker itself) is dropped so the link renders inert.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const trimmed = url.trim();
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
