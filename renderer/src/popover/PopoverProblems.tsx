import { escapeControls } from '@contract/printable';
import type { UnreadableItem } from '@contract/unreadable';
import { useI18n } from '../i18n/I18nProvider';
import { popoverText } from './popover-strings';

/**
 * The popover's links to the main window for what went wrong: answers that could not be
 * delivered (the one, or how many) and files that could not be read (how many).
 */
export function PopoverProblems({ items, open }: { items: UnreadableItem[]; open: () => void }) {
  const { language } = useI18n();
  const undelivered = items.filter((item) => item.kind === 'undelivered');
  const unreadable = items.length - undelivered.length;
  return (
    <>
      {undelivered.length ? (
        <button
          type="button"
          className="link popover-unreadable popover-undelivered"
          onClick={open}
        >
          {undelivered.length === 1
            ? popoverText(language, 'undeliveredOne', {
                origin: escapeControls(undelivered[0]!.origin),
                reason: escapeControls(undelivered[0]!.reason),
                answer: escapeControls(undelivered[0]!.answer ?? ''),
              })
            : popoverText(language, 'undelivered', { n: undelivered.length })}
        </button>
      ) : null}
      {unreadable ? (
        <button type="button" className="link popover-unreadable" onClick={open}>
          {popoverText(language, 'unreadable', { n: unreadable })}
        </button>
      ) : null}
    </>
  );
}
