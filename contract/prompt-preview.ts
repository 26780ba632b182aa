/**
 * The first non-empty line of a markdown prompt without its markup, for one-line list rows (the
 * app's list, and the early list the broker and the entry script paint before the app).
 */
export function promptPreview(markdown: string, max = 200): string {
  const line = markdown.split('\n').find((l) => l.trim() !== '') ?? '';
  return line
    .replace(/^[#>*\-\s`]+/, '')
    .replace(/\*\*|__|~~|`/g, '')
    .slice(0, max);
}
