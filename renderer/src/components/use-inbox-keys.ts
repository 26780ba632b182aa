import { optionKeysOf } from '../keys/editing';
import type { InboxModel } from './use-inbox-model';
import { useListKeyboard } from './use-list-keyboard';

/** The inbox's keys (useListKeyboard) over its model: the list, the shown card, the ticked ones. */
export function useInboxKeys(m: InboxModel) {
  const { ids, selectedIndex, choose, selected, selectedId, select, bulk, snoozed } = m;
  useListKeyboard({
    move: (delta) => {
      if (!ids.length) return;
      const next = Math.max(
        0,
        Math.min(ids.length - 1, (selectedIndex < 0 ? 0 : selectedIndex) + delta),
      );
      choose(ids[next]);
    },
    focusAnswer: () =>
      m.detailRef.current?.querySelector<HTMLElement>('[data-answer-focus]')?.focus(),
    back: () => m.listRef.current?.focus(),
    answerKey: (action) => m.cardRef.current?.act(action),
    shown: () => ({
      kind: selected?.input.kind,
      optionKeys: selected ? optionKeysOf(selected.input) : [],
    }),
    toggle: () => selectedId && select({ type: 'toggle', id: selectedId }),
    selectAll: () => select({ type: 'all', visible: ids }),
    search: () => m.searchRef.current?.focus(),
    undo: () => {
      const id = m.undo?.undo();
      if (id) choose(id);
    },
    bulk: bulk.deny,
    bulkApprove: () => bulk.approve?.(),
    ticked: () => m.ticked.ids.size > 0,
    snooze: () => snoozed.start(selectedId),
    markDone: () => m.detailRef.current?.querySelector<HTMLElement>('[data-mark-done]')?.click(),
  });
}
