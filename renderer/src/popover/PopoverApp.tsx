import { escapeControls } from '@contract/printable';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerInput } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { AnswerArea } from '../components/AnswerArea';
import { CallPrompt } from '../components/calls/CallPrompt';
import { Notices } from '../components/Notices';
import { RequestMeta } from '../components/RequestMeta';
import { ResolvedPanel } from '../components/ResolvedPanel';
import { useDepartureNotices } from '../components/use-departure-notices';
import { appDraftStore } from '../drafts/app-drafts';
import { RequestDrafts } from '../drafts/RequestDrafts';
import { useNow } from '../hooks/use-now';
import { useUnreadable } from '../hooks/use-unreadable';
import { useI18n } from '../i18n/I18nProvider';
import { Markdown } from '../markdown/Markdown';
import { answerByKey } from '../keys/answer-by-key';
import { KeyHelp } from '../keys/LazyKeyHelp';
import { keyText } from '../keys/key-strings';
import { watchKeys } from '../keys/reflex-guard';
import { useInbox } from '../state/use-inbox';
import { wrapIndex, type PopoverKeyAction } from './popover-keys';
import { PopoverBar } from './PopoverBar';
import { usePopoverKeys } from './use-popover-keys';
import { usePopoverRequest } from './use-popover-request';
import { popoverHintKey, popoverText } from './popover-strings';
import { QuickText } from './QuickText';
import { cardTitle } from '../format/card-title';
import { localizedPrompt, localizedTitle } from '@contract/hook-prompt';
import './popover.css';

/** What the popover needs from its window besides the inbox. */
export interface PopoverShell {
  hide(): void;
  openInWindow(id: string | null): void;
  /** The main process opened the popover on a request (null: the oldest). Returns unsubscribe. */
  onShowRequest(listener: (id: string | null) => void): () => void;
}

/**
 * The tray popover: one pending request at a time, soonest deadline first (then oldest; the
 * main window's order), answered from the keyboard.
 */
export function PopoverApp({ client, shell }: { client: InboxClient; shell: PopoverShell }) {
  const { language } = useI18n();
  const { state } = useInbox(client);
  const problems = useUnreadable(client).items;
  const undelivered = problems.filter((item) => item.kind === 'undelivered');
  const unreadable = problems.length - undelivered.length;
  const now = useNow();
  const { notices, dismiss, onResolving, onResolveFailed, held, dismissHeld } = useDepartureNotices(
    state.departures,
  );
  const { pending, index, request, shown, heldCard, want } = usePopoverRequest(state, held);
  const isHeld = !!heldCard;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const cardRef = useRef<HTMLElement>(null);
  const [help, setHelp] = useState(false);
  const closeHelp = useCallback(() => setHelp(false), []);
  useEffect(() => watchKeys(), []);

  // Each show counts: the window is kept loaded while hidden, so a show on the same request must
  // focus its card again (focus may have moved before it hid).
  const [shows, setShows] = useState(0);
  useEffect(
    () =>
      shell.onShowRequest((id) => {
        want(id);
        setShows((n) => n + 1);
      }),
    [shell, want],
  );

  // A choice lands on its recommended option when it names one (digits still pick any).
  const focusCard = request?.input.kind === 'choice' && request.input.recommended === undefined;
  useEffect(() => {
    setBusy(false);
    setError(undefined);
    const card = cardRef.current;
    if (!card) return;
    const target = focusCard ? card : card.querySelector<HTMLElement>('[data-answer-focus]');
    (target ?? card).focus();
  }, [shown?.id, isHeld, focusCard, shows, state.loaded]);

  const submit = useCallback(
    (answer: AnswerInput) => {
      if (!request || busy) return;
      setBusy(true);
      setError(undefined);
      onResolving(request.id);
      client.answer(request.id, answer).then(
        () => appDraftStore().remove(request.id),
        (e: unknown) => {
          onResolveFailed(request.id);
          want(request.id);
          setBusy(false);
          setError(e instanceof Error ? e.message : String(e));
        },
      );
    },
    [client, request, busy, onResolving, onResolveFailed, want],
  );

  const act = useCallback(
    (action: PopoverKeyAction) => {
      if (action.type === 'hide') return shell.hide();
      if (action.type === 'open-window') return shell.openInWindow(shown?.id ?? null);
      if (action.type === 'help') return setHelp(true);
      // A held card moves on only when dismissed; answer keys do nothing on it.
      if (isHeld) return;
      if (action.type === 'move') {
        const next = pending[wrapIndex(index, action.delta, pending.length)];
        return want(next?.id ?? null);
      }
      if (!request || busy) return;
      const answer = answerByKey(request, action, cardRef.current);
      if (answer) submit(answer);
    },
    [shell, request, shown, isHeld, pending, index, submit, busy, want],
  );
  usePopoverKeys(request, act);
  const hintKey = popoverHintKey(request);

  // Nothing until the list has come: no "all clear" before it is known (on a cold open the early
  // card, popover/early-card.ts, shows the first request meanwhile).
  if (!state.loaded) return null;
  return (
    <div className="popover">
      <PopoverBar
        index={index}
        count={pending.length}
        canMove={pending.length > 1 && !isHeld}
        act={act}
      />
      {undelivered.length ? (
        <button
          type="button"
          className="link popover-unreadable popover-undelivered"
          onClick={() => shell.openInWindow(null)}
        >
          {undelivered.length === 1
            ? popoverText(language, 'undeliveredOne', {
                origin: escapeControls(undelivered[0]!.origin),
                reason: escapeControls(undelivered[0]!.reason),
                answer: escapeControls(undelivered[0]!.answer ?? ''),
              })
            : popoverText(language, 'undelivered', { n: undelivered.length })}
        </button>
      ) : null}
      {unreadable ? (
        <button
          type="button"
          className="link popover-unreadable"
          onClick={() => shell.openInWindow(null)}
        >
          {popoverText(language, 'unreadable', { n: unreadable })}
        </button>
      ) : null}
      {shown ? (
        <article
          className={heldCard ? 'popover-card resolved' : 'popover-card'}
          ref={cardRef}
          tabIndex={-1}
          aria-labelledby="popover-title"
          data-request-id={shown.id}
        >
          <h1 id="popover-title">
            {escapeControls(cardTitle({ ...shown, title: localizedTitle(shown, language) }))}
          </h1>
          <RequestMeta request={shown} now={now} />
          {shown.context ? <Markdown text={shown.context} className="popover-context" /> : null}
          <CallPrompt
            request={shown}
            text={localizedPrompt(shown, language)}
            className="prompt popover-prompt"
            label={keyText(language, 'questionLabel')}
          />
          {heldCard ? (
            <ResolvedPanel
              key={shown.id}
              request={shown}
              gone={heldCard.gone}
              now={now}
              client={client}
              onDismiss={() => dismissHeld(shown.id)}
            />
          ) : (
            <RequestDrafts key={shown.id} request={shown}>
              {shown.input.kind === 'text' ? (
                <QuickText request={shown} busy={busy} submit={submit} />
              ) : (
                <AnswerArea request={shown} client={client} busy={busy} submit={submit} />
              )}
            </RequestDrafts>
          )}
          {error ? (
            <p className="error" role="alert">
              {error}
            </p>
          ) : null}
        </article>
      ) : (
        <p className="popover-empty" ref={(el) => el?.focus()} tabIndex={-1}>
          {popoverText(language, problems.length ? 'nothingPending' : 'allClear')}
        </p>
      )}
      {/* The latest notice takes the footer's place so it never covers or pushes away the card's inputs. */}
      {notices.length ? (
        <footer className="popover-keys popover-notice-bar">
          <Notices notices={notices.slice(-1)} dismiss={dismiss} />
        </footer>
      ) : hintKey ? (
        <footer className="popover-keys hint">{popoverText(language, hintKey)}</footer>
      ) : null}
      {help ? <KeyHelp onClose={closeHelp} /> : null}
    </div>
  );
}
