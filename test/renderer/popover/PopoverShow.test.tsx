// @vitest-environment happy-dom
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeInboxClient } from '../../../renderer/src/client/fake-inbox-client';
import { PopoverApp, type PopoverShell } from '../../../renderer/src/popover/PopoverApp';
import { renderWithI18n } from '../components/dom-fixtures';

afterEach(cleanup);

describe('PopoverApp kept loaded while hidden', () => {
  it('a show on the same request focuses its card again', async () => {
    let show: ((id: string | null) => void) | undefined;
    const shell: PopoverShell = {
      hide: () => undefined,
      openInWindow: () => undefined,
      onShowRequest: (listener) => {
        show = listener;
        return () => undefined;
      },
    };
    const client = new FakeInboxClient();
    const go = client.add({ key: 'go', title: 'Go?', prompt: 'p', input: { kind: 'confirm' } });
    renderWithI18n(<PopoverApp client={client} shell={shell} />);
    const inCard = () => !!document.activeElement?.closest('.popover-card');
    await waitFor(() => expect(inCard()).toBe(true));
    // Hidden, focus moved away; shown again on the same request.
    act(() => (document.activeElement as HTMLElement).blur());
    expect(inCard()).toBe(false);
    act(() => show!(go.id));
    await waitFor(() => expect(inCard()).toBe(true));
  });
});
