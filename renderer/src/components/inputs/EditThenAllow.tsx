import type { EditField } from '@contract/approval';
import { useDraft } from '../../drafts/use-draft';
import { useI18n } from '../../i18n/I18nProvider';

/**
 * Edit before allowing (Claude Code): each editable field of the call (the Bash command, the
 * Write content, the Edit replacement) in a text box, prefilled as asked; "Allow edited" allows
 * once with the edited values. An edited call is never remembered, so there is no "always" here.
 * Enter in the box is a new line, never a send.
 */
export function EditThenAllow({
  fields,
  requestId,
  busy,
  onAllow,
}: {
  fields: EditField[];
  requestId: string;
  busy: boolean;
  onAllow: (edited: Record<string, string>) => void;
}) {
  const { t } = useI18n();
  const [values, setValues] = useDraft<Record<string, string>>(
    'edited',
    Object.fromEntries(fields.map((f) => [f.field, f.value])),
  );
  const changed = fields.some((f) => (values[f.field] ?? f.value) !== f.value);
  const empty = fields.some((f) => f.field === 'command' && !(values[f.field] ?? '').trim());
  return (
    <fieldset className="approval-edit">
      {fields.map((f) => {
        const id = `edit-${requestId}-${f.field}`;
        return (
          <div key={f.field}>
            <label htmlFor={id} className="field-label">
              {t('approvalEditLegend', { field: f.field })}
            </label>
            <textarea
              id={id}
              className="code-edit"
              spellCheck={false}
              rows={rowsFor(values[f.field] ?? f.value)}
              value={values[f.field] ?? f.value}
              onKeyDown={(e) => e.stopPropagation()}
              onChange={(e) => {
                const text = e.target.value;
                setValues((all) => ({ ...all, [f.field]: text }));
              }}
            />
          </div>
        );
      })}
      <button
        type="button"
        className="secondary"
        data-approval-edit-allow
        disabled={busy || !changed || empty}
        onClick={() =>
          onAllow(Object.fromEntries(fields.map((f) => [f.field, values[f.field] ?? f.value])))
        }
      >
        {t('approvalEditAllow')}
      </button>
    </fieldset>
  );
}

/** Enough rows to show the text wrapped at about 60 characters, 2 to 12. */
function rowsFor(text: string): number {
  const rows = text
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 60)), 0);
  return Math.min(12, Math.max(2, rows));
}
