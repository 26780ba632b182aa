/**
 * The hook adapter's prompt in its parts: the lead line ("… wants to run a command:") and the
 * footer (project, session), without the fenced body a call view shows better. Undefined for a
 * prompt not in that shape (it is then shown whole).
 */
export function splitCallPrompt(prompt: string): { lead: string; footer: string } | undefined {
  const first = prompt.indexOf('\n\n');
  const last = prompt.lastIndexOf('\n\n');
  if (first < 0) return undefined;
  const footer = prompt.slice(last + 2);
  if (footer.includes('\n') || !/^_[^_]+_ `/.test(footer)) return undefined;
  return { lead: prompt.slice(0, first), footer };
}
