import { useCallback, useEffect, useState } from 'react';
import type { ApprovalRuleView } from '@contract/approval';
import { scopeText } from '@contract/scope-text';
import { useI18n } from '../i18n/I18nProvider';
import './rules.css';

/** What the rules list needs from a client (the InboxClient, over HTTP or IPC). */
export interface RulesApi {
  listRules(): Promise<ApprovalRuleView[]>;
  revokeRule(id: string): Promise<ApprovalRuleView>;
}

/** The coding agents' "always allow" rules, each with Revoke. Shown as a tab and in the settings. */
export function RulesView({ api, headingLevel = 2 }: { api: RulesApi; headingLevel?: 2 | 3 }) {
  const { t } = useI18n();
  const [rules, setRules] = useState<ApprovalRuleView[]>();
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const reload = useCallback(
    () =>
      api
        .listRules()
        .then(setRules, (e: unknown) =>
          setStatus({ tone: 'error', text: e instanceof Error ? e.message : String(e) }),
        ),
    [api],
  );
  useEffect(() => void reload(), [reload]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const revoke = async (rule: ApprovalRuleView) => {
    try {
      await api.revokeRule(rule.id);
      setStatus({
        tone: 'ok',
        text: t('rulesRevoked', { rule: scopeOf(rule, t('rulesAnyInput')) }),
      });
    } catch (e) {
      setStatus({ tone: 'error', text: e instanceof Error ? e.message : String(e) });
    }
    await reload();
  };

  return (
    <section className="rules" aria-labelledby="rules-title">
      <Heading id="rules-title">{t('rulesTitle')}</Heading>
      <p className="hint">{t('rulesIntro')}</p>
      {status ? (
        <p className={status.tone === 'error' ? 'error' : 'rules-status'} role="status">
          {status.text}
        </p>
      ) : null}
      {rules === undefined ? (
        <p className="hint">{t('loading')}</p>
      ) : rules.length === 0 ? (
        <p className="rules-empty">{t('rulesEmpty')}</p>
      ) : (
        <ul className="rules-list" aria-label={t('rulesTitle')}>
          {rules.map((rule) => (
            <li key={rule.id} className={rule.inactive ? 'rule inactive' : 'rule'}>
              <div className="rule-main">
                <span className="rule-tool">{rule.tool}</span>
                <code className="rule-scope">{scopeOf(rule, t('rulesAnyInput'))}</code>
              </div>
              {rule.inactive ? (
                <p className="rule-inactive">{t('rulesInactive', { why: rule.inactive })}</p>
              ) : null}
              <div className="rule-meta">
                <span>{rule.agent}</span>
                <span title={rule.project}>{t('rulesIn', { project: rule.project })}</span>
                <span>{rule.hits ? t('rulesUsed', { n: rule.hits }) : t('rulesUnused')}</span>
                <code>{rule.id}</code>
              </div>
              <button
                type="button"
                className="danger"
                aria-label={`${t('rulesRevoke')} ${rule.id}`}
                onClick={() => void revoke(rule)}
              >
                {t('rulesRevoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function scopeOf(rule: ApprovalRuleView, any: string): string {
  if (rule.commandPrefix !== undefined) return `${rule.commandPrefix} …`;
  return scopeText(rule) || any;
}
