import type { ApprovalInput, ScopeChoice } from '@contract/approval';
import { localizedReason } from '@contract/scope-reason';
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
      {scopes.map((choice, index) => (
        <ScopeOption
          key={`scope-${requestId}-${index}`}
          choice={choice}
          input={input}
          id={`scope-${requestId}-${index}`}
          name={`scope-${requestId}`}
          picked={index === picked}
          onPick={() => onPick(index)}
        />
      ))}
    </div>
  );
}

/** One scope's radio, its label, and what it would allow and refuse. */
function ScopeOption({
  choice,
  input,
  id,
  name,
  picked,
  onPick,
}: {
  choice: ScopeChoice;
  input: ApprovalInput;
  id: string;
  name: string;
  picked: boolean;
  onPick: () => void;
}) {
  const { t } = useI18n();
  const text = scopeText(choice.scope);
  const [before, after = ''] = t(labelKey(choice, input), { tool: input.tool }).split('{scope}');
  return (
    <div className={picked ? 'scope-choice picked' : 'scope-choice'}>
      <input
        type="radio"
        id={id}
        name={name}
        checked={picked}
        onChange={onPick}
        aria-describedby={`${id}-what`}
      />
      <label htmlFor={id} className="scope-label">
        {before}
        {text && choice.kind !== 'exact' ? <code>{text}</code> : null}
        {after}
        {choice.suggestedBy ? (
          <span className="scope-badge">{t('scopeSuggested', { agent: choice.suggestedBy })}</span>
        ) : null}
      </label>
      <ScopeWhat id={`${id}-what`} choice={choice} input={input} />
    </div>
  );
}

/** What a scope would allow (concrete examples) and one thing it would not. */
function ScopeWhat({
  id,
  choice,
  input,
}: {
  id: string;
  choice: ScopeChoice;
  input: ApprovalInput;
}) {
  const { t, language } = useI18n();
  return (
    <div id={id} className="scope-what">
      {choice.allows.length > 0 ? (
        <div className="scope-examples">
          <span className="scope-examples-title">{t('scopeAllows')}</span>
          <ul>
            {choice.allows.map((example) => (
              <li key={example}>
                <code>{example}</code>
              </li>
            ))}
            {choice.kind !== 'exact' ? <li className="scope-more">{t('scopeAndMore')}</li> : null}
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
        <p className="hint">
          {t('scopeNotWider', { why: localizedReason(input.notWider, language) })}
        </p>
      ) : null}
    </div>
  );
}
