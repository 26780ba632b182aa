import { expect, it } from 'vitest';

it('adds', () => expect(1 + 1).toBe(2));
it('concatenates', () => expect('a' + 'b').toBe('ab'));
it.skip('is skipped on purpose', () => undefined);
