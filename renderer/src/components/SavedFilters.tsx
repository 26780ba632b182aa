import { useId, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { onDemandText, type OnDemandKey } from '../i18n/on-demand-strings';
import {
  isActive,
  readSavedFilters,
  withFilter,
  writeSavedFilters,
  type SavedFilter,
} from '../state/saved-filters';
import type { TriageView } from '../state/triage';

interface Props {
  view: TriageView;
  update: (patch: Partial<TriageView>) => void;
  /** Whether the view has a search or filter (only then can it be saved). */
  filtered: boolean;
}

/**
 * Saved filters (per browser): pick one to apply its search and filters; "Save filter…" names the
 * current ones; "Forget" drops the one shown.
 */
export function SavedFilters({ view, update, filtered }: Props) {
  const { language } = useI18n();
  const ot = (key: OnDemandKey, vars?: Record<string, string | number>) =>
    onDemandText(language, key, vars);
  const [filters, setFilters] = useState<SavedFilter[]>(() => readSavedFilters());
  const [naming, setNaming] = useState(false);
  // Kept here: a name typed, then Escape, is still there when naming again.
  const [name, setName] = useState('');
  const active = filters.find((f) => isActive(f, view));
  const keep = (next: SavedFilter[]) => {
    setFilters(next);
    writeSavedFilters(next);
  };
  if (naming) {
    return (
      <NameFilter
        label={ot('savedFilterName')}
        saveText={ot('savedFilterSave')}
        name={name}
        setName={setName}
        save={() => {
          if (name.trim()) keep(withFilter(filters, name, view));
          setNaming(false);
          setName('');
        }}
        cancel={() => setNaming(false)}
      />
    );
  }
  return (
    <span className="saved-filters">
      {filters.length ? (
        <select
          aria-label={ot('savedFiltersLabel')}
          value={active?.name ?? ''}
          onChange={(e) => {
            const f = filters.find((x) => x.name === e.target.value);
            if (f) update({ text: f.text, source: f.source, group: f.group, urgency: f.urgency });
          }}
        >
          <option value="">{ot('savedFiltersPick')}</option>
          {filters.map((f) => (
            <option key={f.name} value={f.name}>
              {f.name}
            </option>
          ))}
        </select>
      ) : null}
      {filtered && !active ? (
        <button type="button" className="link" onClick={() => setNaming(true)}>
          {ot('savedFilterStart')}
        </button>
      ) : null}
      {active ? (
        <button
          type="button"
          className="link"
          onClick={() => keep(filters.filter((f) => f !== active))}
        >
          {ot('savedFilterForget', { name: active.name })}
        </button>
      ) : null}
    </span>
  );
}

/** Naming the current search and filters: Enter or the button saves, Escape cancels. */
function NameFilter({
  label,
  saveText,
  name,
  setName,
  save,
  cancel,
}: {
  label: string;
  saveText: string;
  name: string;
  setName: (name: string) => void;
  save: () => void;
  cancel: () => void;
}) {
  const nameId = useId();
  return (
    <span className="saved-filters">
      <label htmlFor={nameId}>{label}</label>
      <input
        id={nameId}
        type="text"
        autoFocus
        maxLength={60}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          } else if (e.key === 'Escape') {
            e.stopPropagation();
            cancel();
          }
        }}
      />
      <button type="button" className="secondary" disabled={!name.trim()} onClick={() => save()}>
        {saveText}
      </button>
    </span>
  );
}
