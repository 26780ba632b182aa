import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { describeZodError } from '../../broker/validation';

/** Electron's `safeStorage` (the OS keychain), or a fake of it in tests. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** A remote broker the operator added: a name (the "where" label), its URL and token. */
export const RemoteBrokerInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[^/]+$/, 'no "/"'),
  url: z.url({ protocol: /^https?$/ }),
  token: z.string().max(4096).optional(),
});
export type RemoteBrokerInput = z.infer<typeof RemoteBrokerInputSchema>;

/** A remote broker as the app uses it; `tokenSaved` false: the token lives for this session only. */
export interface RemoteBrokerEntry extends RemoteBrokerInput {
  tokenSaved: boolean;
}

const OnDiskSchema = z.object({
  brokers: z.array(
    z.object({
      name: z.string(),
      url: z.string(),
      /** The token encrypted by safeStorage, base64; never the token itself. */
      tokenEncrypted: z.string().optional(),
    }),
  ),
});

export const REMOTE_BROKERS_FILE = 'remote-brokers.json';

/**
 * The remote brokers of the desktop settings, in `<stateDir>/remote-brokers.json`. Tokens are
 * written only encrypted with `safeStorage`; where it is unavailable they are kept in memory for
 * the session (the settings view says so) and never reach the file.
 */
export class RemoteBrokerStore {
  private readonly file: string;
  private readonly sessionTokens = new Map<string, string>();

  constructor(
    stateDir: string,
    private readonly safeStorage: SafeStorageLike | undefined,
    private readonly log?: (message: string) => void,
  ) {
    this.file = path.join(stateDir, REMOTE_BROKERS_FILE);
  }

  /** Whether tokens can be saved (encrypted) rather than kept for this session only. */
  canSaveTokens(): boolean {
    return this.safeStorage?.isEncryptionAvailable() === true;
  }

  list(): RemoteBrokerEntry[] {
    return this.read().map((stored) => {
      let token = this.sessionTokens.get(stored.name);
      let tokenSaved = false;
      if (stored.tokenEncrypted && this.canSaveTokens()) {
        try {
          token = this.safeStorage!.decryptString(Buffer.from(stored.tokenEncrypted, 'base64'));
          tokenSaved = true;
        } catch {
          this.log?.(`the saved token of broker "${stored.name}" could not be decrypted`);
        }
      }
      return { name: stored.name, url: stored.url, ...(token ? { token } : {}), tokenSaved };
    });
  }

  /** Adds or replaces (by name) a broker; throws naming the field when the input is invalid. */
  save(input: unknown): RemoteBrokerEntry {
    const parsed = RemoteBrokerInputSchema.safeParse(input);
    if (!parsed.success) throw new Error(`remote broker: ${describeZodError(parsed.error)}`);
    const { name, url, token } = parsed.data;
    const saveToken = token !== undefined && token !== '' && this.canSaveTokens();
    this.sessionTokens.delete(name);
    if (token && !saveToken) this.sessionTokens.set(name, token);
    const stored = {
      name,
      url,
      ...(saveToken
        ? { tokenEncrypted: this.safeStorage!.encryptString(token).toString('base64') }
        : {}),
    };
    this.write([...this.read().filter((b) => b.name !== name), stored]);
    return { name, url, ...(token ? { token } : {}), tokenSaved: saveToken };
  }

  remove(name: string): void {
    this.sessionTokens.delete(name);
    this.write(this.read().filter((b) => b.name !== name));
  }

  private read(): z.infer<typeof OnDiskSchema>['brokers'] {
    let raw: string;
    try {
      raw = readFileSync(this.file, 'utf8');
    } catch {
      return [];
    }
    try {
      const parsed = OnDiskSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data.brokers;
      this.log?.(`${this.file}: ${describeZodError(parsed.error)}; ignored`);
    } catch {
      this.log?.(`${this.file} is not JSON; ignored`);
    }
    return [];
  }

  private write(brokers: z.infer<typeof OnDiskSchema>['brokers']): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${randomUUID()}.tmp`;
    writeFileSync(temp, JSON.stringify({ brokers }, null, 2) + '\n', { mode: 0o600 });
    renameSync(temp, this.file);
  }
}
