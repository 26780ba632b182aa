import { describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import type { InboxEvent } from '../../../renderer/src/client/inbox-client';

describe('FakeInboxClient', () => {
  it('starts every subscription with a snapshot and tells every listener each change', async () => {
    const fake = new FakeInboxClient(() => 100);
    const a = fake.add({ key: 'k', prompt: 'q' });
    const events: InboxEvent[] = [];
    fake.subscribe((e) => events.push(e));
    expect(events[0]).toMatchObject({ type: 'snapshot', pending: [{ id: a.id }] });
    await fake.answer(a.id, { value: { kind: 'confirm', confirmed: false } });
    expect(events[1]).toMatchObject({
      type: 'answered',
      request: { answer: { text: 'declined' } },
    });
  });

  it('first resolution wins: a late answer is a 409, an unknown id a 404', async () => {
    const fake = new FakeInboxClient();
    const a = fake.add({ key: 'k', prompt: 'q' });
    fake.resolveElsewhere(a.id);
    await expect(fake.answer(a.id, { text: 'x' })).rejects.toMatchObject({ status: 409 });
    await expect(fake.cancel('nope')).rejects.toMatchObject({ status: 404 });
    expect((await fake.history({ q: 'k' })).map((r) => r.status)).toEqual(['answered']);
  });
});
