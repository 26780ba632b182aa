import { useI18n } from '../i18n/I18nProvider';
import { KeyHint } from '../keys/LazyKeyHelp';
import { AgentContextPanel } from './LazyPanels';
import { QuestionCard } from './QuestionCard';
import type { InboxModel, InboxProps } from './use-inbox-model';

/**
 * The inbox's detail pane: the shown request's card (held, with how it was resolved, when it was
 * resolved elsewhere) and its agent's context beside it, or why there is no card; the snoozed bar
 * and the key hint under it.
 */
export function InboxDetail({ model: m, ...props }: InboxProps & { model: InboxModel }) {
  const { t } = useI18n();
  const { selected, checked, heldCard } = m;
  const messages = selected?.agent ? props.state.agentMessages.get(selected.agent.id) : undefined;
  return (
    <section ref={m.detailRef} className="detail" aria-label={t('request')}>
      {selected ? (
        // The agent's context takes a column beside the card only when it has something to show.
        <div className={messages?.length ? 'detail-grid with-context' : 'detail-grid'}>
          <QuestionCard
            ref={m.cardRef}
            key={selected.id}
            request={selected}
            client={props.client}
            now={props.now}
            onResolving={props.onResolving}
            onResolveFailed={props.onResolveFailed}
            resolved={
              heldCard
                ? {
                    gone: heldCard.gone,
                    onDismiss: () => props.onDismissHeld?.(heldCard.request.id),
                  }
                : undefined
            }
          />
          {selected.agent ? (
            <AgentContextPanel
              agent={selected.agent}
              client={props.client}
              messages={messages}
              dispatch={props.dispatch}
            />
          ) : null}
        </div>
      ) : checked && !checked.ok ? (
        <p className="error" role="alert">
          {t('malformedRequest', { error: checked.reason })}
        </p>
      ) : m.listed && !m.checks ? null : (
        <p className="hint center">{t('selectRequest')}</p>
      )}
      {m.snoozed.bar}
      <KeyHint />
    </section>
  );
}
