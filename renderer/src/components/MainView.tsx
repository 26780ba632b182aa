import { lazy, Suspense } from 'react';
import type { InboxClient } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';
import type { InboxAction, InboxState } from '../state/inbox-state';
import { Inbox } from './Inbox';
import type { useDepartureNotices } from './use-departure-notices';
import type { View } from './ViewTabs';

/** The other views load when first opened, so the inbox's first paint does not wait for them. */
const HistoryView = lazy(() => import('./HistoryView').then((m) => ({ default: m.HistoryView })));
const RunsView = lazy(() => import('../runs/RunsView').then((m) => ({ default: m.RunsView })));
const RulesView = lazy(() => import('../rules/RulesView').then((m) => ({ default: m.RulesView })));
const WebPairPhoneView = lazy(() =>
  import('../phone/WebPairPhoneView').then((m) => ({ default: m.WebPairPhoneView })),
);

/** The view shown under the top bar: the Inbox, or a view loaded on first use. */
export function MainView({
  view,
  client,
  state,
  now,
  dispatch,
  notices,
  open,
  openRequest,
}: {
  view: View;
  client: InboxClient;
  state: InboxState;
  now: number;
  dispatch: (action: InboxAction) => void;
  /** The departure notices' callbacks and held cards. */
  notices: ReturnType<typeof useDepartureNotices>;
  /** A request to show in the Inbox. */
  open: { id: string } | undefined;
  /** Shows a request in the Inbox (the Runs view's links). */
  openRequest: (id: string) => void;
}) {
  const { t } = useI18n();
  return view === 'inbox' ? (
    <Inbox
      client={client}
      state={state}
      now={now}
      dispatch={dispatch}
      onResolving={notices.onResolving}
      onResolveFailed={notices.onResolveFailed}
      initialId={open?.id}
      openRequest={open}
      held={notices.held}
      onDismissHeld={notices.dismissHeld}
    />
  ) : view === 'runs' ? (
    <Suspense fallback={<p className="hint center">{t('loading')}</p>}>
      <RunsView client={client} pending={state.pending} now={now} onOpenRequest={openRequest} />
    </Suspense>
  ) : view === 'phone' ? (
    <Suspense fallback={<p className="hint center">{t('loading')}</p>}>
      <WebPairPhoneView />
    </Suspense>
  ) : view === 'rules' ? (
    <Suspense fallback={<p className="hint center">{t('loading')}</p>}>
      <RulesView api={client} />
    </Suspense>
  ) : (
    <Suspense fallback={<p className="hint center">{t('loading')}</p>}>
      <HistoryView client={client} refreshKey={state.departures.at(-1)?.n ?? 0} />
    </Suspense>
  );
}
