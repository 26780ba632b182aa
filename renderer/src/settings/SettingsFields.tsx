import { useState, type ReactNode } from 'react';
import type { DesktopSettings } from '@contract/desktop-settings';
import type { SettingsStringKey } from './settings-strings';
import { maskPassword } from './mask-password';

/** What every group of settings fields gets: the edited settings, the setter, the strings. */
export interface FieldsProps {
  draft: DesktopSettings;
  set: <K extends keyof DesktopSettings>(key: K, value: DesktopSettings[K]) => void;
  s: (key: SettingsStringKey) => string;
}

/** A labelled settings field with its hint. */
export function Field({
  label,
  id,
  hint,
  children,
}: {
  label: string;
  id: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="settings-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {hint ? <span className="hint">{hint}</span> : null}
    </div>
  );
}

/** The broker's port and token, and the store (its password masked unless being edited). */
export function ServerFields({ draft, set, s }: FieldsProps) {
  const [editingStore, setEditingStore] = useState(false);
  return (
    <>
      <div className="settings-row">
        <Field label={s('port')} id="set-port">
          <input
            id="set-port"
            type="number"
            min={0}
            max={65535}
            value={draft.port}
            onChange={(e) => set('port', e.target.valueAsNumber)}
          />
        </Field>
        <Field label={s('token')} id="set-token" hint={s('tokenHint')}>
          <input
            id="set-token"
            type="password"
            autoComplete="off"
            value={draft.token}
            onChange={(e) => set('token', e.target.value)}
          />
        </Field>
      </div>
      <Field label={s('store')} id="set-store" hint={s('storeHint')}>
        <input
          id="set-store"
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="embedded"
          value={editingStore ? draft.store : maskPassword(draft.store)}
          onFocus={() => setEditingStore(true)}
          onBlur={() => setEditingStore(false)}
          onChange={(e) => set('store', e.target.value)}
        />
      </Field>
    </>
  );
}

const CHECKS = ['notifications', 'sound', 'doNotDisturb', 'startAtLogin', 'autoUpdate'] as const;

/** The on/off settings. */
export function CheckFields({ draft, set, s }: FieldsProps) {
  return (
    <fieldset>
      {CHECKS.map((key) => (
        <label key={key} className="check">
          <input
            type="checkbox"
            checked={draft[key]}
            onChange={(e) => set(key, e.target.checked)}
          />{' '}
          {s(key)}
        </label>
      ))}
    </fieldset>
  );
}

/** Language, theme and the history's size. */
export function PreferenceFields({ draft, set, s }: FieldsProps) {
  return (
    <div className="settings-row align-inputs">
      <Field label={s('language')} id="set-language">
        <select
          id="set-language"
          value={draft.language}
          onChange={(e) => set('language', e.target.value as DesktopSettings['language'])}
        >
          <option value="system">{s('languageSystem')}</option>
          <option value="en">English</option>
          <option value="zh-CN">简体中文</option>
        </select>
      </Field>
      <Field label={s('theme')} id="set-theme">
        <select
          id="set-theme"
          value={draft.theme}
          onChange={(e) => set('theme', e.target.value as DesktopSettings['theme'])}
        >
          <option value="system">{s('themeSystem')}</option>
          <option value="light">{s('themeLight')}</option>
          <option value="dark">{s('themeDark')}</option>
        </select>
      </Field>
      <Field label={s('historySize')} id="set-history">
        <input
          id="set-history"
          type="number"
          min={10}
          max={100000}
          value={draft.historySize}
          onChange={(e) => set('historySize', e.target.valueAsNumber)}
        />
      </Field>
    </div>
  );
}
