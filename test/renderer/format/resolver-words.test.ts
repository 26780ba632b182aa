import { describe, expect, it } from 'vitest';
import { ResolverSchema } from '@contract/request';
import { resolverWords } from '../../../renderer/src/format/resolver-words';

describe('resolverWords', () => {
  it('every resolver has plain words in both languages, never the internal name', () => {
    for (const language of ['en', 'zh'] as const)
      for (const resolver of ResolverSchema.options) {
        const words = resolverWords(language, resolver);
        expect(words.length).toBeGreaterThan(3);
        // The internal names that mean nothing to an operator never show.
        expect(words).not.toMatch(/\b(ui|cli|auto)\b/i);
      }
    expect(resolverWords('en', 'ui')).toBe('in the inbox');
  });

  it('says where, not how: a request cancelled in the inbox is never labelled answered', () => {
    for (const language of ['en', 'zh'] as const)
      for (const resolver of ResolverSchema.options)
        expect(resolverWords(language, resolver)).not.toMatch(/answered|回答/);
  });
});
