import { describe, expect, it } from 'vitest';
import { IdsByKey } from '../../../main/broker/ids-by-key';

describe('IdsByKey', () => {
  it('gives the ids of a key in the order they were added, one or many', () => {
    const ids = new IdsByKey();
    ids.add('k', 'a');
    expect([...ids.of('k')]).toEqual(['a']);
    ids.add('k', 'b');
    ids.add('k', 'c');
    expect([...ids.of('k')]).toEqual(['a', 'b', 'c']);
    expect([...ids.of('other')]).toEqual([]);
  });

  it('an id added again keeps its place and is listed once', () => {
    const ids = new IdsByKey();
    ids.add('k', 'a');
    ids.add('k', 'a');
    expect([...ids.of('k')]).toEqual(['a']);
    ids.add('k', 'b');
    ids.add('k', 'a');
    expect([...ids.of('k')]).toEqual(['a', 'b']);
  });

  it('forgets a key once its last id is deleted, and ignores ids it does not hold', () => {
    const ids = new IdsByKey();
    ids.add('k', 'a');
    ids.delete('k', 'x');
    ids.delete('nope', 'a');
    expect([...ids.of('k')]).toEqual(['a']);
    ids.delete('k', 'a');
    expect([...ids.of('k')]).toEqual([]);
    ids.add('k', 'a');
    ids.add('k', 'b');
    ids.delete('k', 'a');
    expect([...ids.of('k')]).toEqual(['b']);
    ids.delete('k', 'b');
    expect([...ids.of('k')]).toEqual([]);
    ids.add('k', 'c');
    expect([...ids.of('k')]).toEqual(['c']);
  });
});
