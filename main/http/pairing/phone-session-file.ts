import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { PhoneSessionViewSchema, type PhoneSessionView } from '@contract/phone-pairing';

const FileSchema = z.object({
  version: z.literal(1),
  sessions: z.array(PhoneSessionViewSchema).max(1000),
});

/**
 * Reads the paired phones' sessions kept in `file` (`<stateDir>/phone-sessions.json`). None when
 * the file does not exist; a file that does not parse is reported and read as none (every phone
 * then pairs again: fail closed).
 */
export function readPhoneSessions(
  file: string,
  onWarning: (message: string) => void = () => {},
): PhoneSessionView[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      onWarning(`${file}: ${(error as Error).message}; paired phones must pair again`);
    return [];
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success) {
    onWarning(`${file} is not a valid list of paired phones; paired phones must pair again`);
    return [];
  }
  return parsed.data.sessions;
}

/**
 * Writes the sessions to `file` (mode 0600) through a temp file in the same directory and a
 * rename, so a reader never sees half a list. The file holds no secret: a session's cookie is
 * also signed with the operator secret, which is not in it.
 */
export function writePhoneSessions(file: string, sessions: readonly PhoneSessionView[]): void {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify({ version: 1, sessions }, null, 2)}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
