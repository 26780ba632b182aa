import { describe, expect, it } from 'vitest';
import { titleFromPrompt } from '../../../main/adapters/title-from-prompt';

describe('titleFromPrompt', () => {
  it('takes the first meaningful line without markdown markers', () => {
    expect(titleFromPrompt('\n## Deploy **v1.2**?\n\nmore')).toBe('Deploy v1.2?');
    expect(titleFromPrompt('- see [the plan](https://x.y) now')).toBe('see the plan now');
    expect(titleFromPrompt('```\ncode\n```')).toBe('code');
    expect(titleFromPrompt('   \n  ')).toBeUndefined();
    expect(titleFromPrompt('**')).toBeUndefined();
  });

  it('cuts long lines with an ellipsis', () => {
    const t = titleFromPrompt('x'.repeat(200), 10)!;
    expect(t).toBe('xxxxxxxxx…');
  });
});
