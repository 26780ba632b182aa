import { escapeControls } from '@contract/printable';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { AnswerInput, HitlRequest } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';
import { answerByKey } from '../keys/answer-by-key';
import { keyText } from '../keys/key-strings';
import { cardTitle } from '../format/card-title';
import { localizedPrompt, localizedTitle } from '@contract/hook-prompt';
import { Markdown } from '../markdown/Markdown';
import type { PopoverKeyAction } from '../popover/popover-keys';
import { appDraftStore } from '../drafts/app-drafts';
import { RequestDrafts } from '../drafts/RequestDrafts';
import { AnswerArea } from './AnswerArea';
import { CallPrompt } from './calls/CallPrompt';
import { CancelControl } from './CancelControl';
import { MARKED_DONE_REASON, NoticeDone } from './NoticeDone';
import { RequestMeta } from './RequestMeta';
import { ResolvedPanel } from './ResolvedPanel';
import { useUndo } from '../undo/undo-context';
import { undoWindowMs } from '../undo/undo-prefs';

/** What the inbox's answer keys reach on the shown card. */
export interface QuestionCardHandle {
  /** Runs an answer key (Y, N, 1–9, an option letter) on this card. */
  act(action: PopoverKeyAction): void;
}

export interface QuestionCardProps {
  /** Receives the card's key handle. */
  ref?: Ref<QuestionCardHandle>;
  request: HitlRequest;
  client: InboxClient;
  now: number;
  /** Called just before this card sends an answer or cancel, so the inbox knows the resolution is ours. */
  onResolving?: (id: string) => void;
  /** Called when sending failed (the resolution is then not ours after all). */
  onResolveFailed?: (id: string) => void;
  /**
   * Set when the request was resolved elsewhere and its card is held: the card then says how
   * and when, shows the answer that won and the unsent draft, until `onDismiss`.
   */
  resolved?: { gone: boolean; onDismiss: () => void };
}

/**
 * One pending request: title, context, the question as markdown, the native answer input and
 * Cancel. Reused by the main window and the desktop popover. Key it by request id.
 */
export function QuestionCard({
  request,
  client,
  now,
  onResolving,
  onResolveFailed,
  ref,
  resolved,
}: QuestionCardProps) {
  const { t, language } = useI18n();
  const { busy, error, run, submit } = useSendAnswer(request, client, onResolving, onResolveFailed);
  const headingId = `card-title-${request.id}`;
  const cardRef = useRef<HTMLElement>(null);
  useImperativeHandle(ref, () => ({
    act(action) {
      if (busy || resolved) return;
      const answer = answerByKey(request, action, cardRef.current);
      if (answer) submit(answer);
    },
  }));

  return (
    <article
      ref={cardRef}
      className={resolved ? 'card resolved' : 'card'}
      aria-labelledby={headingId}
      data-request-id={request.id}
    >
      <header className="card-header">
        <h2 id={headingId}>
          {escapeControls(cardTitle({ ...request, title: localizedTitle(request, language) }))}
        </h2>
        <RequestMeta request={request} now={now} />
      </header>
      {request.context ? (
        <aside className="context" aria-label={t('context')}>
          <Markdown text={request.context} />
        </aside>
      ) : null}
      <CallPrompt
        request={request}
        text={localizedPrompt(request, language)}
        className="prompt"
        label={keyText(language, 'questionLabel')}
      />
      {resolved ? (
        <ResolvedPanel
          request={request}
          gone={resolved.gone}
          now={now}
          onDismiss={resolved.onDismiss}
          client={client}
        />
      ) : (
        <CardAnswer
          request={request}
          client={client}
          busy={busy}
          error={error}
          submit={submit}
          run={run}
        />
      )}
    </article>
  );
}

/**
 * Sending the card's answer or cancel: busy meanwhile, the error if it failed; an answer is held
 * for the undo window first when one is set.
 */
function useSendAnswer(
  request: HitlRequest,
  client: InboxClient,
  onResolving: ((id: string) => void) | undefined,
  onResolveFailed: ((id: string) => void) | undefined,
) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    onResolving?.(request.id);
    action().then(
      () => appDraftStore().remove(request.id),
      (e: unknown) => {
        onResolveFailed?.(request.id);
        setBusy(false);
        setError(t('errorPrefix', { error: e instanceof Error ? e.message : String(e) }));
      },
    );
  };
  const undo = useUndo();
  const submit = (answer: AnswerInput) => {
    const ms = undo ? undoWindowMs(request, undo.seconds) : 0;
    if (!undo || ms === 0) return run(() => client.answer(request.id, answer));
    // Held for the undo window (the list leaves the request out meanwhile), then sent.
    undo.hold(request, ms, () => {
      onResolving?.(request.id);
      return client.answer(request.id, answer).then(
        () => appDraftStore().remove(request.id),
        (e: unknown) => {
          onResolveFailed?.(request.id);
          undo.failed(request, e);
          throw e;
        },
      );
    });
  };
  return { busy, error, run, submit };
}

/** The card's answer input (with its drafts), the send error, and Cancel or Done. */
function CardAnswer({
  request,
  client,
  busy,
  error,
  submit,
  run,
}: {
  request: HitlRequest;
  client: InboxClient;
  busy: boolean;
  error: string | undefined;
  submit: (answer: AnswerInput) => void;
  run: (action: () => Promise<unknown>) => void;
}) {
  return (
    <>
      <RequestDrafts request={request}>
        <AnswerArea request={request} client={client} busy={busy} submit={submit} />
      </RequestDrafts>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <footer className="card-footer">
        {request.input.kind === 'notice' ? (
          <NoticeDone
            busy={busy}
            done={() => run(() => client.cancel(request.id, MARKED_DONE_REASON))}
          />
        ) : (
          <CancelControl
            busy={busy}
            cancel={(reason) => run(() => client.cancel(request.id, reason))}
          />
        )}
      </footer>
    </>
  );
}
