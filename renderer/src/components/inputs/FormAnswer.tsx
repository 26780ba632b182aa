import { useDraft } from '../../drafts/use-draft';
import type { FormField } from '@contract/request';
import { formAnswer, toggleSelection } from '../../answers/build-answer';
import { useI18n } from '../../i18n/I18nProvider';
import { AnswerForm, SendActions } from './AnswerForm';
import type { AnswerInputProps } from './types';

type Values = Record<string, string | string[]>;

/** One control per form field: select/checkboxes when it has options, else a text-like input. */
export function FormAnswer({ request, busy, submit }: AnswerInputProps<'form'>) {
  const { fields } = request.input;
  const [values, setValues] = useDraft<Values>('values', {});
  const answer = formAnswer(fields, values);
  const set = (label: string, value: string | string[]) =>
    setValues((v) => ({ ...v, [label]: value }));
  return (
    <AnswerForm answer={answer} busy={busy} submit={submit}>
      {fields.map((field, i) => (
        <Field
          key={field.label}
          field={field}
          id={`form-${request.id}-${i}`}
          first={i === 0}
          value={values[field.label]}
          set={set}
        />
      ))}
      <SendActions ready={!!answer} busy={busy} />
    </AnswerForm>
  );
}

interface FieldProps {
  field: FormField;
  id: string;
  first: boolean;
  value: string | string[] | undefined;
  set: (label: string, value: string | string[]) => void;
}

function Field({ field, id, first, value, set }: FieldProps) {
  const { t } = useI18n();
  const focus = first ? { 'data-answer-focus': true } : {};
  if (field.options?.length && field.multiple) {
    const selected = Array.isArray(value) ? value : [];
    return (
      <fieldset className="form-field">
        <legend className="field-label">{field.label}</legend>
        {field.options.map((option, i) => (
          <label key={option} className="inline-option">
            <input
              type="checkbox"
              {...(i === 0 ? focus : {})}
              checked={selected.includes(option)}
              onChange={() => set(field.label, toggleSelection(selected, option, true))}
            />
            {option}
          </label>
        ))}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  let control;
  if (field.options?.length) {
    control = (
      <select id={id} {...focus} value={text} onChange={(e) => set(field.label, e.target.value)}>
        <option value="">{t('selectPlaceholder')}</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'textarea' || field.kind === 'multiline') {
    control = (
      <textarea
        id={id}
        {...focus}
        rows={3}
        value={text}
        placeholder={field.placeholder}
        onChange={(e) => set(field.label, e.target.value)}
      />
    );
  } else {
    const type = ['number', 'email', 'url', 'date', 'time', 'password'].includes(field.kind)
      ? field.kind
      : 'text';
    control = (
      <input
        id={id}
        {...focus}
        type={type}
        value={text}
        placeholder={field.placeholder}
        onChange={(e) => set(field.label, e.target.value)}
      />
    );
  }
  return (
    <div className="form-field">
      <label htmlFor={id} className="field-label">
        {field.label}
      </label>
      {control}
    </div>
  );
}
