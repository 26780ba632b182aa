import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { DesktopSettings, DesktopSettingsPatch } from '@contract/desktop-settings';
import type { PhonePairingApi } from '@contract/phone-pairing';
import { useI18n } from '../i18n/I18nProvider';
import { RulesView, type RulesApi } from '../rules/RulesView';
import { NotifyEventsChoice } from '../attention/NotifyEventsChoice';
import { settingsText, type SettingsStringKey } from './settings-strings';
import { maskPassword } from './mask-password';
import { RemoteBrokersSection, type RemoteBrokersApi } from './RemoteBrokersSection';
import './settings.css';

/** The Phone section loads on first use (it brings the pairing panel). */
const PhoneFields = lazy(() => import('./PhoneSection').then((m) => ({ default: m.PhoneFields })));
const PhonePairing = lazy(() =>
  import('./PhoneSection').then((m) => ({ default: m.PhonePairing })),
);

/** Reads and writes the desktop settings (over IPC in the app). Errors carry a message naming the field. */
export interface SettingsApi {
  get(): Promise<DesktopSettings>;
  update(patch: DesktopSettingsPatch): Promise<DesktopSettings>;
}

/** The desktop settings form: every setting, validated by the main process on save. */
export function SettingsView({
  api,
  rules,
  brokers,
  phone,
  onBack,
}: {
  api: SettingsApi;
  /** Pairing a phone with the own broker (QR code, paired phones), shown below the form when given. */
  phone?: PhonePairingApi;
  /** The remote brokers (URL + token), listed below the form when given. */
  brokers?: RemoteBrokersApi;
  /** The coding agents' "always allow" rules, listed below the form when given. */
  rules?: RulesApi;
  onBack?: () => void;
}) {
  const { language } = useI18n();
  const s = (key: SettingsStringKey) => settingsText(language, key);
  const [saved, setSaved] = useState<DesktopSettings>();
  const [draft, setDraft] = useState<DesktopSettings>();
  const [dirsText, setDirsText] = useState('');
  const [rootsText, setRootsText] = useState('');
  const [editingStore, setEditingStore] = useState(false);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string }>();

  useEffect(() => {
    api.get().then(
      (settings) => {
        setSaved(settings);
        setDraft(settings);
        setDirsText(settings.handshakeDirs.join('\n'));
        setRootsText(settings.fileRoots.join('\n'));
      },
      (e: unknown) =>
        setStatus({ tone: 'error', text: String(e instanceof Error ? e.message : e) }),
    );
  }, [api]);

  if (!draft || !saved) return <p className="center hint">{status?.text ?? s('loading')}</p>;
  const set = <K extends keyof DesktopSettings>(key: K, value: DesktopSettings[K]) =>
    setDraft({ ...draft, [key]: value });

  const save = async () => {
    const next = {
      ...draft,
      handshakeDirs: lines(dirsText),
      fileRoots: lines(rootsText),
    };
    const patch: Record<string, unknown> = {};
    for (const key of Object.keys(next) as (keyof DesktopSettings)[]) {
      if (JSON.stringify(next[key]) !== JSON.stringify(saved[key])) patch[key] = next[key];
    }
    try {
      const stored = await api.update(patch as DesktopSettingsPatch);
      setSaved(stored);
      setDraft(stored);
      setStatus({ tone: 'ok', text: s('saved') });
    } catch (e) {
      setStatus({ tone: 'error', text: e instanceof Error ? e.message : String(e) });
    }
  };

  const check = (
    key: 'notifications' | 'sound' | 'doNotDisturb' | 'startAtLogin' | 'autoUpdate',
  ) => (
    <label className="check">
      <input type="checkbox" checked={draft[key]} onChange={(e) => set(key, e.target.checked)} />{' '}
      {s(key)}
    </label>
  );

  const form = (
    <form
      className="settings"
      noValidate
      aria-labelledby="settings-title"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <header className="settings-head">
        <h1 id="settings-title">{s('title')}</h1>
        {onBack ? (
          <button type="button" className="link" onClick={onBack}>
            {s('back')}
          </button>
        ) : null}
      </header>
      <Field label={s('dirs')} id="set-dirs" hint={s('dirsHint')}>
        <textarea
          id="set-dirs"
          rows={3}
          value={dirsText}
          spellCheck={false}
          onChange={(e) => setDirsText(e.target.value)}
        />
      </Field>
      <Field label={s('fileRoots')} id="set-file-roots" hint={s('fileRootsHint')}>
        <textarea
          id="set-file-roots"
          rows={3}
          value={rootsText}
          spellCheck={false}
          placeholder={s('fileRootsEmpty')}
          onChange={(e) => setRootsText(e.target.value)}
        />
      </Field>
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
      <p className="hint">{s('restartHint')}</p>
      <fieldset>
        {check('notifications')}
        {check('sound')}
        {check('doNotDisturb')}
        {check('startAtLogin')}
        {check('autoUpdate')}
      </fieldset>
      <NotifyEventsChoice
        value={draft.notifyEvents}
        disabled={!draft.notifications}
        onChange={(next) => set('notifyEvents', next)}
      />
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
      <Suspense fallback={null}>
        <PhoneFields value={draft.phone} onChange={(next) => set('phone', next)} />
      </Suspense>
      <div className="actions">
        <button type="submit" className="primary">
          {s('save')}
        </button>
        {status ? (
          <span
            role={status.tone === 'error' ? 'alert' : 'status'}
            className={status.tone === 'error' ? 'error' : 'hint'}
          >
            {status.text}
          </span>
        ) : null}
      </div>
    </form>
  );
  return rules || brokers || phone ? (
    <>
      {form}
      {phone ? (
        <Suspense fallback={null}>
          <PhonePairing api={phone} />
        </Suspense>
      ) : null}
      {brokers ? <RemoteBrokersSection api={brokers} /> : null}
      {rules ? <RulesView api={rules} headingLevel={2} /> : null}
    </>
  ) : (
    form
  );
}

function Field({
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

/** The non-empty lines of a one-path-per-line field, trimmed. */
function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
