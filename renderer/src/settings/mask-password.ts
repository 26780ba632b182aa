/** A database URL as shown when not being edited: its password (if any) as dots. */
export function maskPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@/\s]*@/i, '$1:••••@');
}
