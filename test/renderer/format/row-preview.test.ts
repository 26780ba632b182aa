import { describe, expect, it } from 'vitest';
import { rowPreview } from '../../../renderer/src/format/row-preview';

describe('rowPreview', () => {
  it('a title taken from the prompt’s first line: the next line, not the same words twice', () => {
    expect(
      rowPreview('Deploy v1.2 to prod?', '## Deploy **v1.2** to prod?\n\nDetails follow.'),
    ).toBe('Details follow.');
    expect(rowPreview('Go on?', 'Go on?')).toBe('');
  });

  it('a title cut short: the rest of the line', () => {
    expect(
      rowPreview('Please review the migration…', 'Please review the migration plan first'),
    ).toBe('…plan first');
  });

  it('a title of its own: the prompt’s first line as before', () => {
    expect(rowPreview('Deploy', 'Ship **v2** now?')).toBe('Ship v2 now?');
    expect(rowPreview(undefined, 'Ship it?')).toBe('Ship it?');
  });
});
