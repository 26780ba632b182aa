import type { CallView, DiffFile, DiffLine } from '@contract/call-view';
import { useI18n } from '../../i18n/I18nProvider';
import './tool-call.css';

/**
 * A coding agent's call as what it is: the whole shell command (wrapped, never cut), a diff per
 * file with line numbers and context, the host of a network approval, the permissions asked for,
 * the URL and its domain, or the MCP server, tool and arguments.
 */
export function ToolCallView({ call }: { call: CallView }) {
  const { t } = useI18n();
  switch (call.kind) {
    case 'shell':
      return (
        <section className="call-view call-shell" aria-label={t('callCommand')}>
          <pre className="call-command">
            <code>{call.command}</code>
          </pre>
          {call.description ? <p className="call-note">{call.description}</p> : null}
        </section>
      );
    case 'diff':
      return (
        <section className="call-view call-diff" aria-label={t('callDiff')}>
          {call.files.map((file, i) => (
            <DiffFileView key={`${file.path}-${i}`} file={file} />
          ))}
          {call.truncated ? <p className="hint">{t('callDiffTruncated')}</p> : null}
        </section>
      );
    case 'network':
      return (
        <section className="call-view call-facts" aria-label={t('callNetwork')}>
          <Fact name={t('callHost')}>
            <code>{call.host ?? '?'}</code>
          </Fact>
          {call.why ? <p className="call-note">{call.why}</p> : null}
        </section>
      );
    case 'permissions':
      return (
        <section className="call-view call-facts" aria-label={t('callPermissions')}>
          {call.why ? <p className="call-note">{call.why}</p> : null}
          <pre className="call-json">
            <code>{call.permissions}</code>
          </pre>
        </section>
      );
    case 'fetch':
      return (
        <section className="call-view call-facts" aria-label={t('callFetch')}>
          <Fact name={t('callDomain')}>
            <code>{call.domain ?? '?'}</code>
          </Fact>
          <Fact name={t('callUrl')}>
            <code className="call-url">{call.url}</code>
          </Fact>
          {call.prompt ? <p className="call-note">{call.prompt}</p> : null}
        </section>
      );
    case 'mcp':
      return (
        <section className="call-view call-facts" aria-label={t('callMcp')}>
          <Fact name={t('callServer')}>
            <code>{call.server}</code>
          </Fact>
          <Fact name={t('callTool')}>
            <code>{call.tool}</code>
          </Fact>
          <pre className="call-json">
            <code>{call.args}</code>
          </pre>
        </section>
      );
  }
}

function Fact({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <div className="call-fact">
      <span className="call-fact-name">{name}</span> {children}
    </div>
  );
}

const ACTION_KEY = {
  update: 'callFileUpdate',
  add: 'callFileAdd',
  delete: 'callFileDelete',
  write: 'callFileWrite',
} as const;

function DiffFileView({ file }: { file: DiffFile }) {
  const { t } = useI18n();
  return (
    <div className="diff-file">
      <div className="diff-file-head">
        <span className={`diff-action diff-${file.action}`}>{t(ACTION_KEY[file.action])}</span>{' '}
        <code className="diff-path">{file.path}</code>
        {file.moveTo ? (
          <>
            {' → '}
            <code className="diff-path">{file.moveTo}</code>
          </>
        ) : null}
      </div>
      {file.hunks.map((hunk, i) => (
        <div key={i} className="diff-hunk" role="table" aria-label={hunk.header ?? file.path}>
          {hunk.header ? <div className="diff-hunk-head">@@ {hunk.header}</div> : null}
          {hunk.lines.map((line, j) => (
            <DiffRow key={j} line={line} />
          ))}
        </div>
      ))}
    </div>
  );
}

const OP_CLASS = { ' ': 'ctx', '-': 'del', '+': 'add' } as const;

function DiffRow({ line }: { line: DiffLine }) {
  return (
    <div className={`diff-line diff-${OP_CLASS[line.op]}`} role="row">
      <span className="diff-no" role="cell" aria-hidden="true">
        {line.old ?? ''}
      </span>
      <span className="diff-no" role="cell" aria-hidden="true">
        {line.new ?? ''}
      </span>
      <span className="diff-op" role="cell">
        {line.op}
      </span>
      <span className="diff-text" role="cell">
        {line.text}
      </span>
    </div>
  );
}
