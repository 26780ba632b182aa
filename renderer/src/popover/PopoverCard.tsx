import { escapeControls } from '@contract/printable';
import { localizedPrompt, localizedTitle } from '@contract/hook-prompt';
import type { AnswerInput, HitlRequest } from '@contract/request';
import type { RefObject } from 'react';
import type { InboxClient } from '../client/inbox-client';
import { AnswerArea } from '../components/AnswerArea';
import { CallPrompt } from '../components/calls/CallPrompt';
import { RequestMeta } from '../components/RequestMeta';
import { ResolvedPanel } from '../components/ResolvedPanel';
import type { HeldCard } from '../components/use-departure-notices';
import { RequestDrafts } from '../drafts/RequestDrafts';
import { cardTitle } from '../format/card-title';
import { useI18n } from '../i18n/I18nProvider';
import { keyText } from '../keys/key-strings';
import { Markdown } from '../markdown/Markdown';
import { QuickText } from './QuickText';

interface Props {
  request: HitlRequest;
  /** The request resolved elsewhere while it had a draft: shown resolved until dismissed. */
  held: HeldCard | undefined;
  onDismissHeld: () => void;
  cardRef: RefObject<HTMLElement | null>;
  client: InboxClient;
  now: number;
  busy: boolean;
  error: string | undefined;
  submit: (answer: AnswerInput) => void;
}

/** The popover's card: title, meta, context, the prompt, and its answer (or, held, what won). */
export function PopoverCard({
  request,
  held,
  onDismissHeld,
  cardRef,
  client,
  now,
  ...answer
}: Props) {
  const { language } = useI18n();
  const { busy, error, submit } = answer;
  return (
    <article
      className={held ? 'popover-card resolved' : 'popover-card'}
      ref={cardRef}
      tabIndex={-1}
      aria-labelledby="popover-title"
      data-request-id={request.id}
    >
      <h1 id="popover-title">
        {escapeControls(cardTitle({ ...request, title: localizedTitle(request, language) }))}
      </h1>
      <RequestMeta request={request} now={now} />
      {request.context ? <Markdown text={request.context} className="popover-context" /> : null}
      <CallPrompt
        request={request}
        text={localizedPrompt(request, language)}
        className="prompt popover-prompt"
        label={keyText(language, 'questionLabel')}
      />
      {held ? (
        <ResolvedPanel
          key={request.id}
          request={request}
          gone={held.gone}
          now={now}
          client={client}
          onDismiss={onDismissHeld}
        />
      ) : (
        <RequestDrafts key={request.id} request={request}>
          {request.input.kind === 'text' ? (
            <QuickText request={request} busy={busy} submit={submit} />
          ) : (
            <AnswerArea request={request} client={client} busy={busy} submit={submit} />
          )}
        </RequestDrafts>
      )}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </article>
  );
}
