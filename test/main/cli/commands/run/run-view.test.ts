import { describe, expect, it } from 'vitest';
import { parseRunLine } from '@contract/jsonl-events';
import { RunView } from '../../../../../main/cli/commands/run/run-view';
import { SPEC_JSONL } from '../../../adapters/tool-server-lite/spec-jsonl';

describe('RunView', () => {
  it('renders the spec example: streamed tokens, progress, HIL, artifacts, result, duration', () => {
    let out = '';
    const view = new RunView(
      (t) => (out += t),
      () => 0,
    );
    for (const line of ['starting up', ...SPEC_JSONL.split('\n')]) {
      const parsed = parseRunLine(line);
      if (parsed.kind === 'event') view.event(parsed.event);
      else view.text(parsed.text);
    }
    expect(view.sawEnd).toBe(true);
    expect(out).toBe(
      [
        'starting up',
        '▶ writing_agent: 写文章 (project /path)',
        '开始收集资料...',
        '⏳ collect 20%',
        '⏸ [HIL-001] 请确认参考文献: 已找到10篇论文，是否继续？ (answer it in the HITL Broker inbox)',
        'ℹ 等待用户确认...',
        '用户已确认，继续处理...',
        '📄 file upload/references.md — 参考文献列表',
        '✔ 文章已生成',
        '  • upload/article.md',
        '■ ok in 125.4 s',
        '',
      ].join('\n'),
    );
  });

  it('measures the duration when end has none, and reports the exit', () => {
    let t = 1000;
    let out = '';
    const view = new RunView(
      (s) => (out += s),
      () => t,
    );
    view.event({ type: 'token', text: 'partial' });
    t = 3500;
    view.event({ type: 'end' });
    view.exit(2, null);
    expect(out).toBe('partial\n■ end in 2.5 s\n■ agent exited with code 2 after 2.5 s\n');
  });
});
