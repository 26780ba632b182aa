import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_AGE_MS, DraftStore } from '../../../renderer/src/drafts/draft-store';
import { draftText } from '../../../renderer/src/drafts/draft-text';
import { followDrafts } from '../../../renderer/src/drafts/use-draft-following';
import { MemoryStorage } from './memory-storage';

const owner = { source: 'clarity-file', key: 'deploy' };

describe('DraftStore', () => {
  it('keeps each field of a request draft, keyed by broker and request id', () => {
    const storage = new MemoryStorage();
    const store = new DraftStore(storage, 'http://127.0.0.1:7842', () => 5);
    store.write('r1', 'text', 'half an answer', owner);
    store.write('r1', 'note', 'and a note', owner);
    expect(store.read('r1')).toEqual({
      fields: { text: 'half an answer', note: 'and a note' },
      ...owner,
      updatedAt: 5,
    });
    expect([...storage.items.keys()]).toEqual(['hitl.draft.v1:http://127.0.0.1:7842:r1']);
    // Another broker's drafts are its own.
    expect(new DraftStore(storage, 'http://127.0.0.1:9999').read('r1')).toBeUndefined();
  });

  it('an emptied field is dropped, and an empty draft removed', () => {
    const storage = new MemoryStorage();
    const store = new DraftStore(storage, 'b');
    store.write('r1', 'text', 'x');
    store.write('r1', 'selected', ['A']);
    store.write('r1', 'text', '');
    expect(store.read('r1')?.fields).toEqual({ selected: ['A'] });
    store.write('r1', 'selected', []);
    expect(store.read('r1')).toBeUndefined();
    expect(storage.items.size).toBe(0);
    store.write('r2', 'values', { Name: '', Team: [] });
    expect(storage.items.size).toBe(0);
  });

  it('moves a draft to a new id, never over a draft already there', () => {
    const store = new DraftStore(new MemoryStorage(), 'b');
    store.write('old', 'text', 'mine', owner);
    store.move('old', 'new');
    expect(store.read('old')).toBeUndefined();
    expect(store.read('new')?.fields).toEqual({ text: 'mine' });
    store.write('other', 'text', 'older draft');
    store.move('other', 'new');
    expect(store.read('new')?.fields).toEqual({ text: 'mine' });
  });

  it('prunes drafts untouched for two weeks', () => {
    let now = 1_000;
    const store = new DraftStore(new MemoryStorage(), 'b', () => now);
    store.write('stale', 'text', 'old');
    now += DRAFT_MAX_AGE_MS - 1;
    store.write('fresh', 'text', 'new');
    now += 2;
    store.prune();
    expect(store.list().map((d) => d.requestId)).toEqual(['fresh']);
  });

  it('a storage that fails (quota, private mode) or holds junk never throws', () => {
    const storage = new MemoryStorage();
    storage.items.set('hitl.draft.v1:b:junk', '{not json');
    const store = new DraftStore(storage, 'b');
    expect(store.read('junk')).toBeUndefined();
    storage.failWrites = true;
    expect(() => store.write('r', 'text', 'x')).not.toThrow();
    expect(new DraftStore(undefined, 'b').read('r')).toBeUndefined();
  });
});

describe('followDrafts', () => {
  it('moves a draft whose id is no longer pending to the pending request with the same source and key', () => {
    const store = new DraftStore(new MemoryStorage(), 'b');
    store.write('before-restart', 'text', 'typed', owner);
    store.write('gone-for-good', 'text', 'kept until pruned', { source: 'cueme', key: 'x' });
    const pending = new Map([['after-restart', { id: 'after-restart', ...owner }]]);
    followDrafts(store, pending);
    expect(store.read('after-restart')?.fields).toEqual({ text: 'typed' });
    expect(store.read('before-restart')).toBeUndefined();
    expect(store.read('gone-for-good')?.fields).toEqual({ text: 'kept until pruned' });
  });
});

describe('draftText', () => {
  it('reads a draft as plain text to copy: form fields as "label: value"', () => {
    expect(draftText(undefined)).toBe('');
    expect(draftText({ text: 'hello' })).toBe('hello');
    expect(draftText({ selected: ['A', 'C'], other: 'or D' })).toBe('A, C\n\nor D');
    expect(draftText({ values: { Name: 'Ada', Teams: ['core', 'ui'], Empty: '' } })).toBe(
      'Name: Ada\nTeams: core, ui',
    );
  });
});
