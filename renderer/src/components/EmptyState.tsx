import { useEffect, useState } from 'react';
import type { BrokerInfo, InboxClient } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';

/** Shown when nothing is pending: how a new user sends a first question, three ways. */
export function EmptyState({ client }: { client: InboxClient }) {
  const { t } = useI18n();
  const [info, setInfo] = useState<BrokerInfo | undefined>();
  useEffect(() => {
    let live = true;
    client.info().then(
      (i) => live && setInfo(i),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client]);
  const url = (info?.url ?? 'http://127.0.0.1:7842').replace(/\/+$/, '');
  const dir = info?.dirs[0] ?? '.clarity-hitl';
  const auth = info?.tokenRequired
    ? ` \\\n  -H "Authorization: Bearer $CLARITY_HITL_BROKER_TOKEN"`
    : '';
  const curl = `curl -X POST ${url}/questions \\\n  -H 'content-type: application/json'${auth} \\\n  -d '{"key":"first-question","question":"Ship **v1.2** today?"}'`;
  const file = `echo '{"key":"first-question","question":"Ship v1.2 today?","timestamp":'$(date +%s000)'}' \\\n  > ${dir}/first-question.question`;
  const cueme = `agent_id=$(cueme join my-runtime | sed -n 's/^agent_id=//p')\nprintf '<cueme_prompt>\\nShip v1.2 today?\\n</cueme_prompt>\\n' | cueme cue "$agent_id" -`;
  return (
    <section className="empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">{t('emptyTitle')}</h2>
      <p>{t('emptyIntro')}</p>
      <h3>{t('emptyCurl')}</h3>
      <pre>
        <code>{curl}</code>
      </pre>
      <h3>{t('emptyFile')}</h3>
      <pre>
        <code>{file}</code>
      </pre>
      <h3>{t('emptyCueme')}</h3>
      <pre>
        <code>{cueme}</code>
      </pre>
      <p className="hint">{t('emptyAnswerHint')}</p>
    </section>
  );
}
