import { useDraft } from '../../drafts/use-draft';
import { choiceAnswer, toggleSelection } from '../../answers/build-answer';
import { useI18n } from '../../i18n/I18nProvider';
import { AnswerForm, SendActions } from './AnswerForm';
import type { AnswerInputProps } from './types';

/**
 * Options (single or multiple) with description and the recommended one marked, plus "other".
 * The recommended option (the agent's safe default) is where focus lands, and a single choice
 * starts with it picked, so Enter sends it.
 */
export function ChoiceAnswer({ request, busy, submit }: AnswerInputProps<'choice'>) {
  const { t } = useI18n();
  const { options, multiple, recommended } = request.input;
  const recommendedIndex = options.findIndex((o) => o.value === recommended);
  const focusIndex = Math.max(0, recommendedIndex);
  const [selected, setSelected] = useDraft<string[]>(
    'selected',
    !multiple && recommendedIndex >= 0 ? [options[recommendedIndex]!.value] : [],
  );
  const [other, setOther] = useDraft('other', '');
  const answer = choiceAnswer(selected, other);
  const name = `choice-${request.id}`;
  return (
    <AnswerForm answer={answer} busy={busy} submit={submit}>
      <fieldset className="choices">
        <legend className="field-label">{multiple ? t('chooseMany') : t('chooseOne')}</legend>
        {options.map((option, i) => {
          const isRecommended = option.value === recommended;
          const inputId = `${name}-${i}`;
          return (
            <label
              key={option.value}
              htmlFor={inputId}
              className={isRecommended ? 'choice recommended' : 'choice'}
            >
              <input
                id={inputId}
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={option.value}
                {...(i === focusIndex ? { 'data-answer-focus': true } : {})}
                data-option-index={i}
                checked={selected.includes(option.value)}
                onChange={() => setSelected((s) => toggleSelection(s, option.value, multiple))}
              />
              <span className="choice-body">
                <span className="choice-title">
                  {option.value !== option.label ? (
                    <span className="choice-key">{option.value}</span>
                  ) : null}
                  {option.label}
                  {isRecommended ? (
                    <span className="badge recommended-badge">{t('recommended')}</span>
                  ) : null}
                </span>
                {option.description ? (
                  <span className="choice-description">{option.description}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </fieldset>
      <label htmlFor={`${name}-other`} className="field-label">
        {t('otherLabel')}
      </label>
      <textarea
        id={`${name}-other`}
        rows={2}
        value={other}
        onChange={(e) => setOther(e.target.value)}
      />
      <SendActions ready={!!answer} busy={busy} />
    </AnswerForm>
  );
}
