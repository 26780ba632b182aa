// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UnreadableItem } from '@contract/unreadable';
import { unreadableItem as item } from '../client/fixtures';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { useUnreadable } from '../../../renderer/src/hooks/use-unreadable';

afterEach(cleanup);

/** A client whose dismiss reply comes back late, after whatever changed in the meantime. */
class SlowDismissClient extends FakeInboxClient {
  reply: (() => void) | undefined;
  override dismissUnreadable(id: string): Promise<UnreadableItem[]> {
    const stale = this.listUnreadable().then((items) => items.filter((i) => i.id !== id));
    void super.dismissUnreadable(id);
    return new Promise((resolve) => {
      this.reply = () => void stale.then(resolve);
    });
  }
}

describe('useUnreadable', () => {
  it('removes a dismissed item at once and keeps what changed after it', async () => {
    const client = new SlowDismissClient();
    client.addUnreadable(item('a'));
    client.addUnreadable(item('b'));
    const { result } = renderHook(() => useUnreadable(client));
    await act(async () => undefined);
    expect(result.current.items.map((i) => i.id)).toEqual(['a', 'b']);

    act(() => result.current.dismiss('a'));
    expect(result.current.items.map((i) => i.id)).toEqual(['b']);
    // A new bad file arrives before the dismiss reply, which was made without it.
    await act(async () => client.addUnreadable(item('c')));
    await act(async () => client.reply?.());
    expect(result.current.items.map((i) => i.id)).toEqual(['b', 'c']);
  });

  it('brings the item back when the dismissal fails', async () => {
    const client = new FakeInboxClient();
    client.dismissUnreadable = () => Promise.reject(new Error('broker unreachable'));
    client.addUnreadable(item('a'));
    const { result } = renderHook(() => useUnreadable(client));
    await act(async () => undefined);
    await act(async () => result.current.dismiss('a'));
    expect(result.current.items.map((i) => i.id)).toEqual(['a']);
  });
});
