const HEADER = /^\*\*\* (?:Update|Add|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/;

/**
 * The files a Codex `apply_patch` patch touches: each `*** Update File:`, `*** Add File:`,
 * `*** Delete File:` header and each `*** Move to:` target, in order, without repeats.
 */
export function patchFiles(patch: string): string[] {
  const files: string[] = [];
  for (const line of patch.split(/\r?\n/)) {
    const m = HEADER.exec(line.trimEnd());
    const file = (m?.[1] ?? m?.[2])?.trim();
    if (file && !files.includes(file)) files.push(file);
  }
  return files;
}
