import { lazy, memo, Suspense } from 'react';
import { afterFirstFrames } from '../client/first-frames';
import '../readable.css';

/** react-markdown + remark-gfm are a third of the bundle: they load after the first paint. */
const MarkdownView = lazy(() => afterFirstFrames().then(() => import('./MarkdownView')));

interface MarkdownProps {
  text: string;
  className?: string;
  /** Makes the box a labelled region reachable with Tab, so a long question scrolls by keyboard. */
  label?: string;
}

/**
 * Agent markdown, rendered safely (see MarkdownView). Until its code has loaded (a few ms after
 * the first paint) the text shows as plain text in the same box, never as HTML.
 */
export const Markdown = memo(function Markdown({ text, className, label }: MarkdownProps) {
  const box = className ? `markdown ${className}` : 'markdown';
  const region = label ? { tabIndex: 0, role: 'region', 'aria-label': label } : {};
  return (
    <Suspense
      fallback={
        <div className={`${box} markdown-loading`} {...region}>
          <p style={{ whiteSpace: 'pre-wrap' }}>{text}</p>
        </div>
      }
    >
      <MarkdownView text={text} className={className} label={label} />
    </Suspense>
  );
});
