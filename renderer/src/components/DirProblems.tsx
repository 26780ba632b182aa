import { escapeControls } from '@contract/printable';
import type { DirProblemView } from '../client/inbox-client';
import { useI18n } from '../i18n/I18nProvider';

/**
 * Handshake dirs the broker stopped watching because they were replaced or removed while
 * watched: the dir and the reason, in the style of the "could not read" items. Not dismissable:
 * it stays until the broker watches the dir again.
 */
export function DirProblems({ problems }: { problems: DirProblemView[] }) {
  const { t } = useI18n();
  if (problems.length === 0) return null;
  return (
    <section className="unreadable dir-problems" aria-labelledby="dir-problems-title">
      <h2 id="dir-problems-title" className="unreadable-title">
        <span aria-hidden="true">⚠ </span>
        {t('dirProblemsTitle', { n: problems.length })}
      </h2>
      <ul className="unreadable-list">
        {problems.map((problem) => (
          <li key={`${problem.dir}@${problem.at}`} className="unreadable-item">
            <div className="unreadable-text">
              <div className="unreadable-origin">
                <code>{escapeControls(problem.dir)}</code>
              </div>
              <div className="unreadable-reason">{escapeControls(problem.message)}</div>
              <div className="unreadable-field">{t('dirProblemsHint')}</div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
