import { escapeControls } from '@contract/printable';
import { useState } from 'react';
import type { AnswerInput, HitlRequest } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';
import { Markdown } from '../markdown/Markdown';
import { AnswerArea } from './AnswerArea';
import { CancelControl } from './CancelControl';
import { RequestMeta } from './RequestMeta';

export interface QuestionCardProps {
  request: HitlRequest;
  client: InboxClient;
  now: number;
  /** Called just before this card sends an answer or cancel, so the inbox knows the resolution is ours. */
  onResolving?: (id: string) => void;
  /** Called when sending failed (the resolution is then not ours after all). */
  onResolveFailed?: (id: string) => void;
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
}: QuestionCardProps) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const headingId = `card-title-${request.id}`;

  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    onResolving?.(request.id);
    action().catch((e: unknown) => {
      onResolveFailed?.(request.id);
      setBusy(false);
      setError(t('errorPrefix', { error: e instanceof Error ? e.message : String(e) }));
    });
  };
  const submit = (answer: AnswerInput) => run(() => client.answer(request.id, answer));

  return (
    <article className="card" aria-labelledby={headingId} data-request-id={request.id}>
      <header className="card-header">
        <h2 id={headingId}>{escapeControls(request.title ?? request.key)}</h2>
        <RequestMeta request={request} now={now} />
      </header>
      {request.context ? (
        <aside className="context" aria-label={t('context')}>
          <Markdown text={request.context} />
        </aside>
      ) : null}
      <Markdown text={request.prompt} className="prompt" />
      <AnswerArea request={request} client={client} busy={busy} submit={submit} />
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <footer className="card-footer">
        <CancelControl
          busy={busy}
          cancel={(reason) => run(() => client.cancel(request.id, reason))}
        />
      </footer>
    </article>
  );
}
