import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { operatorTokensFromEnvAndFile } from '../../../../main/cli/commands/operator-tokens';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const fail = (message: string): never => {
  throw new Error(message);
};

describe('named operators outside argv', () => {
  it('reads name=token lines from the file, skipping blanks and comments, then the env list', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'op-tokens-'));
    const file = path.join(dir, 'operators');
    await writeFile(file, '# team\nalice=tok-a\n\n  bob=tok-b  \n', { mode: 0o600 });
    const env = { CLARITY_HITL_OPERATOR_TOKENS: 'carol=tok-c, dave=tok-d' };
    expect(operatorTokensFromEnvAndFile(file, fail, env)).toEqual([
      'alice=tok-a',
      'bob=tok-b',
      'carol=tok-c',
      'dave=tok-d',
    ]);
  });

  it('takes the file from $CLARITY_HITL_OPERATOR_TOKEN_FILE when no flag names one', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'op-tokens-'));
    const file = path.join(dir, 'operators');
    await writeFile(file, 'alice=tok-a\n');
    expect(
      operatorTokensFromEnvAndFile(undefined, fail, { CLARITY_HITL_OPERATOR_TOKEN_FILE: file }),
    ).toEqual(['alice=tok-a']);
  });

  it('a missing or empty file is a usage error naming it; no source gives no operators', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'op-tokens-'));
    const empty = path.join(dir, 'empty');
    await writeFile(empty, '# nobody yet\n');
    expect(() => operatorTokensFromEnvAndFile(path.join(dir!, 'nope'), fail, {})).toThrow(
      /--operator-token-file .*nope: ENOENT/,
    );
    expect(() => operatorTokensFromEnvAndFile(empty, fail, {})).toThrow(/no name=token line/);
    expect(operatorTokensFromEnvAndFile(undefined, fail, {})).toEqual([]);
  });
});
