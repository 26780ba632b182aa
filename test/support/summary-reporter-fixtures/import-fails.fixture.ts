import { it } from 'vitest';

throw new Error('this file fails while it is imported');
it('is never collected', () => undefined);
