import { describe, expect, it } from 'vitest';
import { promptPreview } from '@contract/prompt-preview';

describe('promptPreview', () => {
  it('takes the first non-empty line without markdown markup', () => {
    expect(promptPreview('\n\n# Deploy **v1.2.0** to `prod`?\nmore')).toBe(
      'Deploy v1.2.0 to prod?',
    );
    expect(promptPreview('> - quoted item')).toBe('quoted item');
    expect(promptPreview('keep snake_case names')).toBe('keep snake_case names');
    expect(promptPreview('x'.repeat(300), 10)).toBe('xxxxxxxxxx');
    expect(promptPreview('')).toBe('');
  });
});
