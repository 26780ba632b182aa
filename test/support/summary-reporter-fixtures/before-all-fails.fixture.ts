import { beforeAll, expect, it } from 'vitest';

beforeAll(() => {
  throw new Error('the browser could not start');
});
it('never runs (1)', () => expect(true).toBe(true));
it('never runs (2)', () => expect(true).toBe(true));
