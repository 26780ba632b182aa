import { beforeAll, describe, expect, it } from 'vitest';

it('runs outside the broken suite', () => expect(2).toBe(2));
describe('a suite whose set-up fails', () => {
  beforeAll(() => {
    throw new Error('set-up failed');
  });
  it('never runs', () => expect(true).toBe(true));
});
