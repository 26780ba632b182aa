import { useEffect, useMemo } from 'react';
import type { AgentMessageView } from '@contract/agent-message';
import type { AgentInfo } from '@contract/request';
import type { InboxClient } from '../client/inbox-client';
import { useReconnects } from '../hooks/use-reconnects';
import { useI18n } from '../i18n/I18nProvider';
import { Markdown } from '../markdown/Markdown';
import type { InboxAction } from '../state/inbox-state';
import {
  previewInput,
  toContextItems,
  type ContextItem,
  type ToolStatus,
} from '../state/tool-status';

interface Props {
  agent: AgentInfo;
  client: InboxClient;
  messages: readonly AgentMessageView[] | undefined;
  dispatch: (action: InboxAction) => void;
}

/** The agent's recent HAPI messages beside its question: text, thinking, tools with live status. */
export function AgentContextPanel({ agent, client, messages, dispatch }: Props) {
  const { t } = useI18n();
  const reconnects = useReconnects(client);
  // Loaded on showing, and again after a reconnect: what the agent said while the stream was down.
  useEffect(() => {
    let live = true;
    client.agentMessages(agent.id).then(
      (loaded) =>
        live && dispatch({ type: 'agent_messages_loaded', agentId: agent.id, messages: loaded }),
      () => undefined, // a broker without HAPI support simply shows no context
    );
    return () => {
      live = false;
    };
  }, [client, agent.id, dispatch, reconnects]);
  const items = useMemo(() => toContextItems(messages ?? []), [messages]);
  const details = [agent.runtime, agent.projectDir, agent.terminal].filter(Boolean).join(' · ');
  return (
    <aside
      className={items.length ? 'agent-context' : 'agent-context empty'}
      aria-label={t('agentContext')}
    >
      <h3>
        {t('agentContext')}: {agent.name ?? agent.id}
      </h3>
      {details ? <p className="hint">{details}</p> : null}
      {items.length === 0 ? <p className="hint">{t('agentContextEmpty')}</p> : null}
      <ol className="context-items">
        {items.map((item) => (
          <li key={item.key} className={`context-item kind-${item.kind} role-${item.role}`}>
            <ContextItemView item={item} />
          </li>
        ))}
      </ol>
    </aside>
  );
}

function ContextItemView({ item }: { item: ContextItem }) {
  const { t } = useI18n();
  switch (item.kind) {
    case 'text':
      return <Markdown text={item.text} />;
    case 'thinking':
      return (
        <details>
          <summary>{t('thinking')}</summary>
          <Markdown text={item.text} />
        </details>
      );
    case 'tool':
      return (
        <div className="tool" data-tool-status={item.status}>
          <div className="tool-head">
            <span className="tool-name">{item.name}</span>
            <ToolBadge status={item.status} />
          </div>
          {item.input !== undefined ? (
            <code className="tool-input">{previewInput(item.input)}</code>
          ) : null}
          {item.output ? (
            <details>
              <summary>{t('toolResult')}</summary>
              <pre>{item.output}</pre>
            </details>
          ) : null}
        </div>
      );
    case 'orphan_result':
      return (
        <div className="tool" data-tool-status={item.isError ? 'error' : 'success'}>
          <div className="tool-head">
            <span className="tool-name">{t('toolResult')}</span>
            <ToolBadge status={item.isError ? 'error' : 'success'} />
          </div>
          <pre>{item.output}</pre>
        </div>
      );
  }
}

function ToolBadge({ status }: { status: ToolStatus }) {
  const { t } = useI18n();
  const label =
    status === 'running'
      ? t('toolRunning')
      : status === 'success'
        ? t('toolSuccess')
        : t('toolError');
  return <span className={`badge tool-${status}`}>{label}</span>;
}
