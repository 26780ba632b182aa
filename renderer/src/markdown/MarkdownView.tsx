import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeHref } from './safe-url';
import { useI18n } from '../i18n/I18nProvider';
import { keyText } from '../keys/key-strings';

/** A box that may scroll sideways (a wide table or code): reachable and scrollable by keyboard. */
function ScrollBox({
  what,
  className,
  children,
}: {
  what: 'table';
  className: string;
  children: React.ReactNode;
}) {
  const { language } = useI18n();
  const label = keyText(language, 'scrollRegion', { what: keyText(language, what) });
  return (
    <div className={className} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** Every URL in the tree goes through this: anything but http(s) becomes '' (inert). */
function transformUrl(url: string): string {
  return safeHref(url) ?? '';
}

const components: Components = {
  a({ href, children }) {
    const safe = safeHref(href);
    if (!safe) return <span className="md-inert-link">{children}</span>;
    return (
      <a href={safe} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
  // Images are never fetched (no tracking pixels from agents): show a link to them instead.
  img({ src, alt }) {
    const safe = safeHref(typeof src === 'string' ? src : undefined);
    const label = `[${alt || 'image'}]`;
    return safe ? (
      <a href={safe} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    ) : (
      <span>{label}</span>
    );
  },
  // A ```diff block: each line coloured as added / removed / hunk (a coding agent's edit).
  code({ className, children }) {
    if (className !== 'language-diff' || typeof children !== 'string')
      return <code className={className}>{children}</code>;
    return (
      <code className="language-diff">
        {children
          .replace(/\n$/, '')
          .split('\n')
          .map((line, i) => (
            <span key={i} className={diffLineClass(line)}>
              {line}
            </span>
          ))}
      </code>
    );
  },
  table({ children }) {
    return (
      <ScrollBox what="table" className="md-table-wrap">
        <table>{children}</table>
      </ScrollBox>
    );
  },
  // Code wraps (readable.css): a whole command is always on screen, never scrolled out of sight.
  pre({ children }) {
    return (
      <div className="md-pre-wrap">
        <pre>{children}</pre>
      </div>
    );
  },
};

function diffLineClass(line: string): string {
  if (line.startsWith('+')) return 'diff-line diff-add';
  if (line.startsWith('-')) return 'diff-line diff-del';
  if (line.startsWith('@@')) return 'diff-line diff-hunk';
  return 'diff-line';
}

/**
 * Agent markdown, rendered safely (loaded on demand through ./Markdown, the only importer): GFM (tables, task lists, strikethrough), raw HTML dropped,
 * links only to http(s) and only in a new tab without opener or referrer.
 */
const MarkdownView = memo(function MarkdownView({
  text,
  className,
  label,
}: {
  text: string;
  className?: string;
  /** Names the box as a keyboard-scrollable region (a long question). */
  label?: string;
}) {
  return (
    <div
      className={className ? `markdown ${className}` : 'markdown'}
      {...(label ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        components={components}
        urlTransform={transformUrl}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});

export default MarkdownView;
