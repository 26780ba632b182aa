import { askAnswers, type AskPicks, type AskQuestion } from '@contract/ask-answers';
import { useDraft } from '../../drafts/use-draft';
import { useI18n } from '../../i18n/I18nProvider';
import { submitOnModEnter, type AnswerInputProps } from './types';
import './ask-questions.css';

/** What the operator has picked for one question: labels, and whether "Other" is on, its text. */
interface Picked {
  selected: string[];
  otherOn: boolean;
  other: string;
}
type PickedAll = Record<string, Picked>;

const EMPTY: Picked = { selected: [], otherOn: false, other: '' };

/** The picks as the broker takes them (`value.answers`). */
function picksOf(questions: AskQuestion[], picked: PickedAll): AskPicks {
  const picks: AskPicks = {};
  for (const q of questions) {
    const p = picked[q.question] ?? EMPTY;
    const other = p.otherOn ? p.other.trim() : '';
    picks[q.question] = { selected: p.selected, ...(other ? { other } : {}) };
  }
  return picks;
}

/** `prev` with `label` picked (toggled for a multi-select question; alone otherwise). */
function withPick(prev: Picked, label: string, multiSelect: boolean | undefined): Picked {
  if (!multiSelect) return { ...prev, selected: [label], otherOn: false };
  const selected = prev.selected.includes(label)
    ? prev.selected.filter((s) => s !== label)
    : [...prev.selected, label];
  return { ...prev, selected };
}

/** `prev` with "Other" picked (toggled for a multi-select question; alone otherwise). */
function withOther(prev: Picked, multiSelect: boolean | undefined): Picked {
  return multiSelect
    ? { ...prev, otherOn: !prev.otherOn }
    : { ...prev, selected: [], otherOn: true };
}

/**
 * Claude Code's AskUserQuestion: each question with its options (radios, or checkboxes for a
 * multi-select one), each option's description and preview, and "Other" with its own text; one
 * Submit sends them all (an allow carrying the answers). "Don't answer" denies.
 */
export function AskQuestionsAnswer({
  request,
  busy,
  submit,
  questions,
}: AnswerInputProps<'approval'> & { questions: AskQuestion[] }) {
  const { t } = useI18n();
  const [picked, setPicked] = useDraft<PickedAll>('ask', {});
  const answers = picksOf(questions, picked);
  const ready = !('problem' in askAnswers(questions, answers));
  const update = (question: string, change: (p: Picked) => Picked) =>
    setPicked((all) => ({ ...all, [question]: change(all[question] ?? EMPTY) }));
  return (
    <form
      className="answer-form ask-questions"
      onKeyDown={submitOnModEnter}
      onSubmit={(e) => {
        e.preventDefault();
        if (ready && !busy) submit({ value: { kind: 'approval', decision: 'allow', answers } });
      }}
    >
      {questions.map((q, qi) => (
        <AskQuestionField
          key={q.question}
          q={q}
          name={`ask-${request.id}-${qi}`}
          first={qi === 0}
          p={picked[q.question] ?? EMPTY}
          update={(change) => update(q.question, change)}
        />
      ))}
      <div className="actions">
        <button type="submit" className="primary" disabled={!ready || busy}>
          {t('askSubmit')}
        </button>
        <button
          type="button"
          className="secondary quiet"
          disabled={busy}
          onClick={() => submit({ value: { kind: 'approval', decision: 'deny' } })}
        >
          {t('askDecline')}
        </button>
      </div>
      <p className="hint">{t('askHint')}</p>
    </form>
  );
}

interface FieldProps {
  q: AskQuestion;
  /** The radio group's name (and the inputs' id prefix). */
  name: string;
  /** Whether this is the first question (its first option takes the answer focus). */
  first: boolean;
  p: Picked;
  update: (change: (p: Picked) => Picked) => void;
}

/** One question: its options, each with description and preview, and "Other" with its text. */
function AskQuestionField({ q, name, first, p, update }: FieldProps) {
  const { t } = useI18n();
  return (
    <fieldset className="ask-question">
      <legend>
        {q.header ? <span className="ask-header">{q.header}</span> : null}
        <span className="ask-text">{q.question}</span>
        <span className="hint">{q.multiSelect ? t('chooseMany') : t('chooseOne')}</span>
      </legend>
      {q.options.map((option, oi) => {
        const id = `${name}-${oi}`;
        const on = p.selected.includes(option.label);
        return (
          <div key={option.label} className={on ? 'ask-option picked' : 'ask-option'}>
            <label htmlFor={id} className="choice">
              <input
                id={id}
                type={q.multiSelect ? 'checkbox' : 'radio'}
                name={name}
                checked={on}
                {...(first && oi === 0 ? { 'data-answer-focus': true } : {})}
                onChange={() => update((prev) => withPick(prev, option.label, q.multiSelect))}
              />
              <span className="choice-body">
                <span className="choice-title">{option.label}</span>
                {option.description ? (
                  <span className="choice-description">{option.description}</span>
                ) : null}
              </span>
            </label>
            {option.preview && on ? (
              <pre className="ask-preview" aria-label={t('askPreview')}>
                {option.preview}
              </pre>
            ) : null}
          </div>
        );
      })}
      <AskOther q={q} name={name} p={p} update={update} />
    </fieldset>
  );
}

/** A question's "Other" choice and, when on, its text. */
function AskOther({ q, name, p, update }: Omit<FieldProps, 'first'>) {
  const { t } = useI18n();
  return (
    <div className={p.otherOn ? 'ask-option picked' : 'ask-option'}>
      <label htmlFor={`${name}-other`} className="choice">
        <input
          id={`${name}-other`}
          type={q.multiSelect ? 'checkbox' : 'radio'}
          name={name}
          checked={p.otherOn}
          onChange={() => update((prev) => withOther(prev, q.multiSelect))}
        />
        <span className="choice-title">{t('askOther')}</span>
      </label>
      {p.otherOn ? (
        <textarea
          aria-label={t('askOtherText', { question: q.question })}
          rows={2}
          maxLength={10_000}
          value={p.other}
          onChange={(e) => {
            const other = e.target.value;
            update((prev) => ({ ...prev, other }));
          }}
        />
      ) : null}
    </div>
  );
}
