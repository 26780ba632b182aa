import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { cardTitle } from '../../../renderer/src/format/card-title';

const bash = (command: string, title: string): Pick<HitlRequest, 'title' | 'key' | 'input'> => ({
  key: 'k',
  title,
  input: { kind: 'approval', tool: 'Bash', command, rule: {} },
});

describe('cardTitle', () => {
  it('a command the broker cut mid-word is shown whole', () => {
    const command =
      'rm -rf dist node_modules/.cache coverage .turbo && npm ci && npm run build --workspaces';
    expect(cardTitle(bash(command, `Bash: ${command.slice(0, 24)}…`))).toBe(`Bash: ${command}`);
  });

  it('a very long command is cut at a word, never mid-word', () => {
    const command = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const title = cardTitle(bash(command, `Bash: ${command.slice(0, 79)}…`));
    expect(title.endsWith(' …')).toBe(true);
    const shown = title.slice('Bash: '.length, -2).split(' ');
    expect(command.split(' ').slice(0, shown.length)).toEqual(shown);
  });

  it('titles not cut, and other requests, stay as they are', () => {
    expect(cardTitle(bash('ls', 'Bash: ls'))).toBe('Bash: ls');
    expect(cardTitle({ key: 'k', title: 'Deploy…', input: { kind: 'confirm' } })).toBe('Deploy…');
    expect(cardTitle({ key: 'deploy', input: { kind: 'text' } })).toBe('deploy');
  });
});
