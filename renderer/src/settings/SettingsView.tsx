import { lazy, Suspense } from 'react';
import type { DesktopSettings } from '@contract/desktop-settings';
import type { PhonePairingApi } from '@contract/phone-pairing';
import { useI18n } from '../i18n/I18nProvider';
import { RulesView, type RulesApi } from '../rules/RulesView';
import { NotifyEventsChoice } from '../attention/NotifyEventsChoice';
import { settingsText, type SettingsStringKey } from './settings-strings';
import { CheckFields, Field, PreferenceFields, ServerFields } from './SettingsFields';
import { useSettingsForm, type SettingsApi, type SettingsStatus } from './use-settings-form';
import { RemoteBrokersSection, type RemoteBrokersApi } from './RemoteBrokersSection';
import './settings.css';

/** The Phone section loads on first use (it brings the pairing panel). */
const PhoneFields = lazy(() => import('./PhoneSection').then((m) => ({ default: m.PhoneFields })));
const PhonePairing = lazy(() =>
  import('./PhoneSection').then((m) => ({ default: m.PhonePairing })),
);

export type { SettingsApi } from './use-settings-form';

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
  const form = useSettingsForm(api, s('saved'));
  const { draft, saved, status } = form;
  if (!draft || !saved) return <p className="center hint">{status?.text ?? s('loading')}</p>;
  const shown = <SettingsForm {...form} draft={draft} s={s} onBack={onBack} />;
  return rules || brokers || phone ? (
    <>
      {shown}
      {phone ? (
        <Suspense fallback={null}>
          <PhonePairing api={phone} />
        </Suspense>
      ) : null}
      {brokers ? <RemoteBrokersSection api={brokers} /> : null}
      {rules ? <RulesView api={rules} headingLevel={2} /> : null}
    </>
  ) : (
    shown
  );
}

/** The form itself: paths, server, on/off settings, notified events, preferences, phone, Save. */
function SettingsForm({
  draft,
  set,
  s,
  dirsText,
  setDirsText,
  rootsText,
  setRootsText,
  status,
  save,
  onBack,
}: ReturnType<typeof useSettingsForm> & {
  draft: DesktopSettings;
  s: (key: SettingsStringKey) => string;
  onBack: (() => void) | undefined;
}) {
  const fields = { draft, set, s };
  return (
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
      <ServerFields {...fields} />
      <p className="hint">{s('restartHint')}</p>
      <CheckFields {...fields} />
      <NotifyEventsChoice
        value={draft.notifyEvents}
        disabled={!draft.notifications}
        onChange={(next) => set('notifyEvents', next)}
      />
      <PreferenceFields {...fields} />
      <Suspense fallback={null}>
        <PhoneFields value={draft.phone} onChange={(next) => set('phone', next)} />
      </Suspense>
      <SaveActions s={s} status={status} />
    </form>
  );
}

/** Save, and what the last save (or the load) said. */
function SaveActions({
  s,
  status,
}: {
  s: (key: SettingsStringKey) => string;
  status: SettingsStatus | undefined;
}) {
  return (
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
  );
}
