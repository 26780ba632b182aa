import { useEffect, useState } from 'react';
import type { RemoteBrokersView } from '@contract/ipc/channels';

type Strings = (key: SettingsStringKey) => string;
type BrokerInput = Parameters<RemoteBrokersApi['save']>[0];
import { useI18n } from '../i18n/I18nProvider';
import { settingsText, type SettingsStringKey } from './settings-strings';

/** The remote brokers of the desktop settings (over IPC in the app). Tokens go in, never out. */
export interface RemoteBrokersApi {
  list(): Promise<RemoteBrokersView>;
  save(input: { name: string; url: string; token?: string }): Promise<RemoteBrokersView>;
  remove(name: string): Promise<RemoteBrokersView>;
  /** Pushes the list again when a broker connects, disconnects, is added or removed. */
  onChange?(listener: (view: RemoteBrokersView) => void): () => void;
}

/** Lists, adds and removes remote brokers (URL + token); says when tokens last only a session. */
export function RemoteBrokersSection({ api }: { api: RemoteBrokersApi }) {
  const { language } = useI18n();
  const s = (key: SettingsStringKey) => settingsText(language, key);
  const [view, setView] = useState<RemoteBrokersView>();
  const [error, setError] = useState<string>();
  const run = (call: Promise<RemoteBrokersView>, after?: () => void) =>
    call.then(
      (next) => {
        setView(next);
        setError(undefined);
        after?.();
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );

  useEffect(() => void run(api.list()), [api]);
  useEffect(() => api.onChange?.(setView), [api]);

  return (
    <section className="settings-brokers" aria-labelledby="brokers-title">
      <h2 id="brokers-title">{s('brokers')}</h2>
      <p className="hint">{s('brokersHint')}</p>
      {view && !view.canSaveTokens ? (
        <p className="hint" role="note">
          {s('brokersSessionOnly')}
        </p>
      ) : null}
      <ul className="broker-list">
        {view?.brokers.map((b) => (
          <BrokerItem key={b.name} broker={b} s={s} remove={() => void run(api.remove(b.name))} />
        ))}
      </ul>
      <AddBrokerForm s={s} add={(input, clear) => void run(api.save(input), clear)} />
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** One remote broker: name, URL, whether connected, where its token lives, and Remove. */
function BrokerItem({
  broker: b,
  s,
  remove,
}: {
  broker: RemoteBrokersView['brokers'][number];
  s: Strings;
  remove: () => void;
}) {
  return (
    <li>
      <strong>{b.name}</strong> <code>{b.url}</code>{' '}
      {b.connected === undefined ? null : (
        <span className={b.connected ? 'broker-state up' : 'broker-state down'}>
          {s(b.connected ? 'brokerConnected' : 'brokerDisconnected')}
        </span>
      )}{' '}
      <span className="hint">
        {b.fromLaunch
          ? s('brokerFromLaunch')
          : b.hasToken
            ? s(b.tokenSaved ? 'brokerTokenSaved' : 'brokerTokenSession')
            : s('brokerNoToken')}
      </span>{' '}
      {b.fromLaunch ? null : (
        <button
          type="button"
          className="secondary"
          aria-label={`${s('brokerRemove')} ${b.name}`}
          onClick={remove}
        >
          {s('brokerRemove')}
        </button>
      )}
    </li>
  );
}

/** Adding a broker: name, URL and token (optional); cleared once the broker is saved. */
function AddBrokerForm({
  s,
  add,
}: {
  s: Strings;
  add: (input: BrokerInput, clear: () => void) => void;
}) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  return (
    <form
      className="broker-add"
      onSubmit={(e) => {
        e.preventDefault();
        add({ name, url, ...(token ? { token } : {}) }, () => {
          setName('');
          setUrl('');
          setToken('');
        });
      }}
    >
      <input
        aria-label={s('brokerName')}
        placeholder={s('brokerName')}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <input
        aria-label={s('brokerUrl')}
        placeholder="https://vm.example:7842/"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <input
        aria-label={s('brokerToken')}
        placeholder={s('brokerToken')}
        type="password"
        autoComplete="off"
        value={token}
        onChange={(e) => setToken(e.target.value)}
      />
      <button type="submit" className="primary">
        {s('brokerAdd')}
      </button>
    </form>
  );
}
