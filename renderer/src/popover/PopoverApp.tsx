import { escapeControls } from '@contract/printable';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AnswerInput, HitlRequest } from '@contract/request';
import { APPROVAL, choiceAnswer, confirmAnswer } from '../answers/build-answer';
import type { InboxClient } from '../client/inbox-client';
import { AnswerArea } from '../components/AnswerArea';
import { Notices } from '../components/Notices';
import { RequestMeta } from '../components/RequestMeta';
import { useDepartureNotices } from '../components/use-departure-notices';
import { useNow } from '../hooks/use-now';
import { useUnreadable } from '../hooks/use-unreadable';
import { useI18n } from '../i18n/I18nProvider';
import { Markdown } from '../markdown/Markdown';
import { useInbox } from '../state/use-inbox';
import { popoverKeyAction, wrapIndex, type PopoverKeyAction } from './popover-keys';
import { popoverText } from './popover-strings';
import { QuickText } from './QuickText';
import './popover.css';

/** What the popover needs from its window besides the inbox. */
export interface PopoverShell {
  hide(): void;
  openInWindow(id: string | null): void;
  /** The main process opened the popover on a request (null: the oldest). Returns unsubscribe. */
  onShowRequest(listener: (id: string | null) => void): () => void;
}

/** The tray popover: one pending request at a time, oldest first, answered from the keyboard. */
export function PopoverApp({ client, shell }: { client: InboxClient; shell: PopoverShell }) {
  const { language } = useI18n();
  const { state } = useInbox(client);
  const unreadable = useUnreadable(client).items.length;
  const now = useNow();
  const { notices, dismiss, onResolving, onResolveFailed } = useDepartureNotices(state.departures);
  const pending = useMemo(
    () => [...state.pending.values()].sort((a, b) => a.createdAt - b.createdAt),
    [state.pending],
  );
  const [wanted, setWanted] = useState<string | null>(null);
  const lastIndex = useRef(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const cardRef = useRef<HTMLElement>(null);

  let index = wanted ? pending.findIndex((r) => r.id === wanted) : 0;
  if (index < 0) index = Math.min(lastIndex.current, Math.max(0, pending.length - 1));
  const request: HitlRequest | undefined = pending[index];
  useEffect(() => {
    lastIndex.current = index;
  }, [index]);

  useEffect(() => shell.onShowRequest((id) => setWanted(id)), [shell]);

  useEffect(() => {
    setBusy(false);
    setError(undefined);
    const card = cardRef.current;
    if (!card) return;
    const target =
      request?.input.kind === 'choice'
        ? card
        : card.querySelector<HTMLElement>('[data-answer-focus]');
    (target ?? card).focus();
  }, [request?.id, request?.input.kind]);

  const submit = useCallback(
    (answer: AnswerInput) => {
      if (!request || busy) return;
      setBusy(true);
      setError(undefined);
      onResolving(request.id);
      client.answer(request.id, answer).catch((e: unknown) => {
        onResolveFailed(request.id);
        setBusy(false);
        setError(e instanceof Error ? e.message : String(e));
      });
    },
    [client, request, busy, onResolving, onResolveFailed],
  );

  const act = useCallback(
    (action: PopoverKeyAction) => {
      if (action.type === 'hide') return shell.hide();
      if (action.type === 'open-window') return shell.openInWindow(request?.id ?? null);
      if (action.type === 'move') {
        const next = pending[wrapIndex(index, action.delta, pending.length)];
        return setWanted(next?.id ?? null);
      }
      if (!request) return;
      const input = request.input;
      if (action.type === 'approve')
        submit(input.kind === 'confirm' ? confirmAnswer(true, '') : APPROVAL);
      else if (action.type === 'decline') submit(confirmAnswer(false, ''));
      else if (action.type === 'pick' && input.kind === 'choice') {
        const option =
          action.value !== undefined
            ? input.options.find((o) => o.value.toLowerCase() === action.value)
            : input.options[action.index];
        const answer = option ? choiceAnswer([option.value], '') : undefined;
        if (answer) submit(answer);
      }
    },
    [shell, request, pending, index, submit],
  );

  // A layout effect: the listener must know the request on screen before the screen shows it.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const tag = target?.tagName;
      const inTextField =
        tag === 'INPUT' &&
        !['checkbox', 'radio', 'button', 'submit'].includes((target as HTMLInputElement).type);
      const inMultiline = tag === 'TEXTAREA' || tag === 'SELECT' || !!target?.isContentEditable;
      const optionKeys =
        request?.input.kind === 'choice'
          ? request.input.options.map((o) => o.value.toLowerCase()).filter((v) => v.length === 1)
          : [];
      const action = popoverKeyAction(event, {
        kind: request?.input.kind,
        inTextField,
        inMultiline,
        optionKeys,
      });
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [act, request]);

  const hintKey = !request
    ? null
    : request.input.kind === 'text'
      ? 'keysText'
      : request.input.kind === 'confirm'
        ? 'keysConfirm'
        : request.input.kind === 'choice'
          ? 'keysChoice'
          : 'keysOther';

  return (
    <div className="popover">
      <header className="popover-bar">
        <span className="popover-count">
          {pending.length
            ? popoverText(language, 'position', { i: index + 1, n: pending.length })
            : '—'}
        </span>
        <button
          type="button"
          className="link"
          aria-label={popoverText(language, 'previous')}
          disabled={pending.length < 2}
          onClick={() => act({ type: 'move', delta: -1 })}
        >
          ↑
        </button>
        <button
          type="button"
          className="link"
          aria-label={popoverText(language, 'next')}
          disabled={pending.length < 2}
          onClick={() => act({ type: 'move', delta: 1 })}
        >
          ↓
        </button>
        <button
          type="button"
          className="link popover-open"
          onClick={() => act({ type: 'open-window' })}
        >
          {popoverText(language, 'openWindow')}
        </button>
      </header>
      {unreadable ? (
        <button
          type="button"
          className="link popover-unreadable"
          onClick={() => shell.openInWindow(null)}
        >
          {popoverText(language, 'unreadable', { n: unreadable })}
        </button>
      ) : null}
      {request ? (
        <article
          className="popover-card"
          ref={cardRef}
          tabIndex={-1}
          aria-labelledby="popover-title"
          data-request-id={request.id}
        >
          <h1 id="popover-title">{escapeControls(request.title ?? request.key)}</h1>
          <RequestMeta request={request} now={now} />
          {request.context ? <Markdown text={request.context} className="popover-context" /> : null}
          <Markdown text={request.prompt} className="prompt popover-prompt" />
          {request.input.kind === 'text' ? (
            <QuickText key={request.id} request={request} busy={busy} submit={submit} />
          ) : (
            <AnswerArea
              key={request.id}
              request={request}
              client={client}
              busy={busy}
              submit={submit}
            />
          )}
          {error ? (
            <p className="error" role="alert">
              {error}
            </p>
          ) : null}
        </article>
      ) : (
        <p className="popover-empty" ref={(el) => el?.focus()} tabIndex={-1}>
          {popoverText(language, unreadable ? 'nothingPending' : 'allClear')}
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
    </div>
  );
}
