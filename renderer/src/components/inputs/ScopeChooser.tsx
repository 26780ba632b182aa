import type { ApprovalInput, ScopeChoice } from '@contract/approval';
import { scopeText } from '@contract/scope-text';
import { useI18n } from '../../i18n/I18nProvider';
import type { MessageKey } from '../../i18n/en';
import './scope-chooser.css';

/** The card's words for each kind of scope ({scope} is the scope's own text). */
function labelKey(choice: ScopeChoice, input: ApprovalInput): MessageKey {
  switch (choice.kind) {
    case 'exact':
      if (input.command !== undefined) return 'scopeExactCommand';
      return (choice.scope.paths?.length ?? 0) > 1 ? 'scopeExactFiles' : 'scopeExactFile';
    case 'prefix':
      return 'scopePrefix';
    case 'folder':
      return 'scopeFolder';
    case 'tree':
      return 'scopeTree';
    case 'glob':
      return 'scopeGlob';
    case 'domain':
      return 'scopeDomain';
    case 'any':
      return 'scopeAny';
  }
}

/**
 * The "always" scope chooser: one radio per scope the broker offered (narrowest first, and
 * preselected), each showing exactly what it would allow with concrete examples, and one thing it
 * would not. Enter on a radio does nothing here (the card's Enter denies; remembering takes a click).
 */
export function ScopeChooser({
  input,
  requestId,
  picked,
  onPick,
}: {
  input: ApprovalInput;
  requestId: string;
  picked: number;
  onPick: (index: number) => void;
}) {
  const { t } = useI18n();
  const scopes = input.scopes ?? [];
  return (
    <div
      className="scope-chooser"
      role="radiogroup"
      aria-label={t('scopeChooserLabel')}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          e.stopPropagation();
        }
      }}
    >
      {scopes.map((choice, index) => {
        const id = `scope-${requestId}-${index}`;
        const text = scopeText(choice.scope);
        const [before, after = ''] = t(labelKey(choice, input), { tool: input.tool }).split(
          '{scope}',
        );
        return (
          <div key={id} className={index === picked ? 'scope-choice picked' : 'scope-choice'}>
            <input
              type="radio"
              id={id}
              name={`scope-${requestId}`}
              checked={index === picked}
              onChange={() => onPick(index)}
              aria-describedby={`${id}-what`}
            />
            <label htmlFor={id} className="scope-label">
              {before}
              {text && choice.kind !== 'exact' ? <code>{text}</code> : null}
              {after}
              {choice.suggestedBy ? (
                <span className="scope-badge">
                  {t('scopeSuggested', { agent: choice.suggestedBy })}
                </span>
              ) : null}
            </label>
            <div id={`${id}-what`} className="scope-what">
              {choice.allows.length > 0 ? (
                <div className="scope-examples">
                  <span className="scope-examples-title">{t('scopeAllows')}</span>
                  <ul>
                    {choice.allows.map((example) => (
                      <li key={example}>
                        <code>{example}</code>
                      </li>
                    ))}
                    {choice.kind !== 'exact' ? (
                      <li className="scope-more">{t('scopeAndMore')}</li>
                    ) : null}
                  </ul>
                </div>
              ) : null}
              {choice.refuses ? (
                <p className="scope-refuses">
                  <span className="scope-examples-title">{t('scopeRefuses')}</span>{' '}
                  <code>{choice.refuses}</code>
                </p>
              ) : null}
              {choice.kind === 'exact' && input.notWider ? (
                <p className="hint">{t('scopeNotWider', { why: input.notWider })}</p>
              ) : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
