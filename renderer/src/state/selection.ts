/** Requests picked for a bulk action, and the anchor a shift-click extends from. */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor?: string;
}

export type SelectionAction =
  | { type: 'toggle'; id: string }
  /** Shift: select every visible id from the anchor to `id` (inclusive). */
  | { type: 'range'; id: string; visible: readonly string[] }
  | { type: 'all'; visible: readonly string[] }
  | { type: 'clear' }
  /** Drop ids that are no longer pending. */
  | { type: 'keep'; pending: { has(id: string): boolean } };

export const emptySelection: Selection = { ids: new Set() };

/** The selection after `action`. Pure. */
export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'toggle': {
      const ids = new Set(state.ids);
      if (ids.has(action.id)) ids.delete(action.id);
      else ids.add(action.id);
      return { ids, anchor: action.id };
    }
    case 'range': {
      const to = action.visible.indexOf(action.id);
      const from = state.anchor ? action.visible.indexOf(state.anchor) : -1;
      if (to < 0) return state;
      if (from < 0) return selectionReducer(state, { type: 'toggle', id: action.id });
      const ids = new Set(state.ids);
      for (let i = Math.min(from, to); i <= Math.max(from, to); i += 1) ids.add(action.visible[i]!);
      return { ids, anchor: state.anchor };
    }
    case 'all': {
      const ids = new Set(state.ids);
      for (const id of action.visible) ids.add(id);
      return { ids, anchor: state.anchor };
    }
    case 'clear':
      return state.ids.size ? emptySelection : state;
    case 'keep': {
      const kept = [...state.ids].filter((id) => action.pending.has(id));
      return kept.length === state.ids.size ? state : { ids: new Set(kept), anchor: state.anchor };
    }
  }
}
