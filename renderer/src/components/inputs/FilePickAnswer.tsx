import { useDraft } from '../../drafts/use-draft';
import { useEffect, useMemo, useState } from 'react';
import { fileAnswer } from '../../answers/build-answer';
import { useI18n } from '../../i18n/I18nProvider';
import { AnswerForm, SendActions } from './AnswerForm';
import type { AnswerInputProps } from './types';

type Listing =
  { state: 'loading' } | { state: 'error'; error: string } | { state: 'ready'; files: string[] };

/** Lists the files the broker found for the request's glob and lets the operator pick one. */
export function FilePickAnswer({ request, client, busy, submit }: AnswerInputProps<'file'>) {
  const { t } = useI18n();
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useDraft<string | undefined>('picked', undefined);
  useEffect(() => {
    let live = true;
    client.listFiles(request.id).then(
      (files) => live && setListing({ state: 'ready', files }),
      (error: unknown) =>
        live &&
        setListing({
          state: 'error',
          error: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      live = false;
    };
  }, [client, request.id]);
  const shown = useMemo(() => {
    if (listing.state !== 'ready') return [];
    const f = filter.trim().toLowerCase();
    return f ? listing.files.filter((p) => p.toLowerCase().includes(f)) : listing.files;
  }, [listing, filter]);
  const answer = fileAnswer(picked);
  const name = `file-${request.id}`;
  return (
    <AnswerForm answer={answer} busy={busy} submit={submit}>
      <p className="hint">
        {t('filePattern', { pattern: request.input.pattern, root: request.input.root })}
      </p>
      <input
        type="search"
        data-answer-focus
        aria-label={t('fileFilter')}
        placeholder={t('fileFilter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {listing.state === 'loading' ? <p className="hint">{t('fileLoading')}</p> : null}
      {listing.state === 'error' ? (
        <p className="error">{t('fileLoadError', { error: listing.error })}</p>
      ) : null}
      {listing.state === 'ready' && shown.length === 0 ? (
        <p className="hint">{t('fileNone')}</p>
      ) : null}
      {shown.length > 0 ? (
        <fieldset className="file-list">
          <legend className="visually-hidden">{t('fileFilter')}</legend>
          {shown.slice(0, 500).map((path) => (
            <label key={path} className="file-option">
              <input
                type="radio"
                name={name}
                value={path}
                checked={picked === path}
                onChange={() => setPicked(path)}
              />
              <code>{path}</code>
            </label>
          ))}
        </fieldset>
      ) : null}
      <SendActions ready={!!answer} busy={busy} />
    </AnswerForm>
  );
}
