import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hapiOptions } from '../../../../main/cli/commands/serve-hapi-flags';
import { makeTempDir } from '../../../support/temp-dir';

let dir: { path: string; remove: () => Promise<void> };
beforeEach(async () => {
  dir = await makeTempDir('hapi-flags-');
});
afterEach(async () => {
  await dir.remove();
});

const fail = (message: string): never => {
  throw new Error(message);
};

function tokenFile(text: string, mode = 0o600): string {
  const file = path.join(dir.path, 'hub-token');
  writeFileSync(file, text);
  chmodSync(file, mode);
  return file;
}

describe('serve --hapi-hub / --hapi-token-file', () => {
  it('reads the token from a private file; the URL keeps its path', () => {
    const options = hapiOptions(
      { hapiHub: 'http://127.0.0.1:3006/hapi', hapiTokenFile: tokenFile('s3cret:team\nrest\n') },
      fail,
    );
    expect(options.hapiHub?.url.href).toBe('http://127.0.0.1:3006/hapi/');
    expect(options.hapiHub?.accessToken).toBe('s3cret:team');
    expect(hapiOptions({}, fail)).toEqual({});
  });

  it.runIf(process.platform !== 'win32')(
    'refuses a token file others can read, without showing it',
    () => {
      const file = tokenFile('s3cret', 0o644);
      expect(() =>
        hapiOptions({ hapiHub: 'http://127.0.0.1:3006', hapiTokenFile: file }, fail),
      ).toThrow(`--hapi-token-file ${file}: others can read it; chmod 600 ${file}`);
    },
  );

  it.each([
    [{ hapiTokenFile: '/x' }, '--hapi-token-file needs --hapi-hub <url>'],
    [{ hapiHub: 'http://127.0.0.1:3006' }, '--hapi-hub needs --hapi-token-file'],
    [{ hapiHub: 'ftp://hub', hapiTokenFile: '/x' }, '--hapi-hub: expected an http(s) URL'],
    [{ hapiHub: 'http://u:p@hub', hapiTokenFile: '/x' }, 'must not carry a user name or password'],
    [
      { hapiHub: 'http://hub', hapiTokenFile: '/no/such/file' },
      '--hapi-token-file /no/such/file: ENOENT',
    ],
  ])('%o is a usage error naming the flag', (flags, message) => {
    expect(() => hapiOptions(flags, fail)).toThrow(message);
  });

  it('refuses an empty token file', () => {
    const file = tokenFile('\n');
    expect(() => hapiOptions({ hapiHub: 'http://hub', hapiTokenFile: file }, fail)).toThrow(
      'the file is empty',
    );
  });
});
