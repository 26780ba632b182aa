import { describe, expect, it } from 'vitest';
import { LineSplitter, parseRunLine } from '@contract/jsonl-events';
import { SPEC_JSONL } from './spec-jsonl';

describe('parseRunLine', () => {
  it('parses every line of the spec example as its event', () => {
    const lines = SPEC_JSONL.split('\n').map(parseRunLine);
    expect(lines.map((l) => (l.kind === 'event' ? l.event.type : 'text'))).toEqual([
      'start',
      'token',
      'progress',
      'human_in_loop',
      'notice',
      'token',
      'artifact',
      'result',
      'end',
    ]);
    expect(lines[3]).toEqual({
      kind: 'event',
      event: {
        type: 'human_in_loop',
        call_id: 'c-1697801234-abc123',
        hil_id: 'HIL-001',
        title: '请确认参考文献',
        message: '已找到10篇论文，是否继续？',
        ui: { type: 'confirm' },
        timeout_sec: 1800,
      },
    });
  });

  it.each([
    'plain log line',
    '',
    '{not json',
    '{"type":"mystery"}',
    '{"no":"type"}',
    '{"type":"human_in_loop"}',
    '{"type":"progress","pct":"half"}',
    '[1,2]',
    'null',
    '{"type":"end","duration_ms":-5}',
    '\u0000\uFFFF{',
  ])('treats %j as plain output', (line) => {
    expect(parseRunLine(line)).toEqual({ kind: 'text', text: line });
  });

  it('a human_in_loop line whose hil_id has an unpaired surrogate is plain text (it could not be forwarded in a URL)', () => {
    const line = JSON.stringify({ type: 'human_in_loop', hil_id: 'HIL-\ud800', title: 't' });
    expect(parseRunLine(line)).toEqual({ kind: 'text', text: line });
    expect(
      parseRunLine(JSON.stringify({ type: 'human_in_loop', hil_id: 'HIL-\ud83d\ude00' })).kind,
    ).toBe('event');
  });

  it('tolerates a token without text and extra fields', () => {
    expect(parseRunLine('{"type":"token","extra":1}')).toEqual({
      kind: 'event',
      event: { type: 'token', text: '', extra: 1 },
    });
  });
});

describe('LineSplitter', () => {
  it('joins lines across chunk boundaries and handles CRLF', () => {
    const s = new LineSplitter();
    expect(s.push('{"type":"tok')).toEqual([]);
    expect(s.push('en","text":"a"}\r\nplain\npar')).toEqual([
      '{"type":"token","text":"a"}',
      'plain',
    ]);
    expect(s.push('tial')).toEqual([]);
    expect(s.flush()).toEqual(['partial']);
    expect(s.flush()).toEqual([]);
  });

  it('cuts runaway lines at maxLine', () => {
    const s = new LineSplitter(4);
    expect(s.push('abcdefghij')).toEqual(['abcd', 'efgh']);
    expect(s.flush()).toEqual(['ij']);
  });

  it('splits the spec example fed one character at a time into the same lines', () => {
    const s = new LineSplitter();
    const out: string[] = [];
    for (const ch of SPEC_JSONL) out.push(...s.push(ch));
    out.push(...s.flush());
    expect(out).toEqual(SPEC_JSONL.split('\n'));
  });
});
