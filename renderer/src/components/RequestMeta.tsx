import { escapeControls } from '@contract/printable';
import type { HitlRequest } from '@contract/request';
import { formatAge } from '../format/age';
import { useI18n } from '../i18n/I18nProvider';
import { Countdown } from './Countdown';
import { whereDisconnected, whereOf } from '../client/multi-broker-client';

/** Key, source, agent, live age and (with a deadline) the countdown of a request, as a definition list. */
export function RequestMeta({ request, now }: { request: HitlRequest; now: number }) {
  const { t } = useI18n();
  const agent = request.agent;
  const where = whereOf(request);
  return (
    <dl className="meta">
      {where ? (
        <div>
          <dt>{t('where')}</dt>
          <dd className={whereDisconnected(request) ? 'where disconnected' : 'where'}>
            {escapeControls(where)}
            {whereDisconnected(request) ? ` · ${t('whereDisconnected')}` : null}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('key')}</dt>
        <dd>
          <code>{escapeControls(request.key)}</code>
        </dd>
      </div>
      <div>
        <dt>{t('source')}</dt>
        <dd>{request.source}</dd>
      </div>
      {agent ? (
        <div>
          <dt>{t('agent')}</dt>
          <dd title={[agent.runtime, agent.projectDir, agent.terminal].filter(Boolean).join(' · ')}>
            {agent.name ?? agent.id}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('age')}</dt>
        <dd>
          <time dateTime={new Date(request.createdAt).toISOString()}>
            {formatAge(now - request.createdAt, t)}
          </time>
        </dd>
      </div>
      {request.expiresAt !== undefined ? (
        <div>
          <dt>{t('deadline')}</dt>
          <dd>
            <Countdown request={request} now={now} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
