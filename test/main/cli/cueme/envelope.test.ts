import { describe, expect, it } from 'vitest';
import { EnvelopeError, parseEnvelope } from '../../../../main/cli/cueme/envelope';

const env = (prompt: string, payload?: string) =>
  `<cueme_prompt>\n${prompt}\n</cueme_prompt>\n` +
  (payload === undefined ? '' : `\n<cueme_payload>\n${payload}\n</cueme_payload>\n`);

describe('parseEnvelope', () => {
  it('parses the spec envelope with each minimal payload example', () => {
    expect(
      parseEnvelope(env('Pick one', '{"type":"choice","options":["Continue","Stop"]}')),
    ).toEqual({
      prompt: 'Pick one',
      payload: { type: 'choice', options: ['Continue', 'Stop'] },
    });
    expect(parseEnvelope(env('Sure?', '{"type":"confirm","text":"Continue?"}')).payload).toEqual({
      type: 'confirm',
      text: 'Continue?',
    });
    expect(
      parseEnvelope(
        env('Fill', '{"type":"form","fields":[{"label":"Env","options":["prod","staging"]}]}'),
      ).payload,
    ).toEqual({
      type: 'form',
      fields: [{ label: 'Env', options: ['prod', 'staging'] }],
    });
    expect(
      parseEnvelope(
        env(
          'Full',
          '{"type":"confirm","text":"Continue?","confirm_label":"Confirm","cancel_label":"Cancel"}',
        ),
      ).payload,
    ).toMatchObject({ confirm_label: 'Confirm', cancel_label: 'Cancel' });
  });

  it('keeps the raw prompt (multi-line markdown, inner blank lines) and trims only outer blank lines', () => {
    const prompt = '## Plan\n\n- step 1\n    code\nsee <cueme_payload> inline';
    expect(parseEnvelope(`\n\n<cueme_prompt>\n\n${prompt}\n\n</cueme_prompt>\n\n`).prompt).toBe(
      prompt,
    );
  });

  it('treats a missing, blank or null payload as null; accepts CRLF, BOM, indented tags and any block order', () => {
    expect(parseEnvelope(env('x')).payload).toBeNull();
    expect(parseEnvelope(env('x', '   ')).payload).toBeNull();
    expect(parseEnvelope(env('x', 'null')).payload).toBeNull();
    expect(parseEnvelope('\uFEFF<cueme_prompt>\r\nhi\r\n</cueme_prompt>\r\n').prompt).toBe('hi');
    expect(parseEnvelope('  <cueme_prompt>  \nhi\n\t</cueme_prompt>').prompt).toBe('hi');
    expect(
      parseEnvelope('<cueme_payload>\nnull\n</cueme_payload>\n<cueme_prompt>\nhi\n</cueme_prompt>')
        .prompt,
    ).toBe('hi');
  });

  const rejects: Array<[string, string, RegExp]> = [
    ['empty stdin', '', /missing <cueme_prompt>/],
    ['only whitespace', '  \n\n', /missing <cueme_prompt>/],
    ['legacy JSON envelope', '{"prompt":"hi","payload":null}', /legacy JSON envelope/],
    ['legacy JSON array', '[1]', /legacy JSON envelope/],
    ['empty prompt', env('   '), /<cueme_prompt> content must be non-empty/],
    ['text outside blocks', `hello\n${env('x')}`, /only whitespace is allowed outside/],
    ['text after blocks', `${env('x')}trailing`, /only whitespace is allowed outside/],
    ['tag not alone (same line)', '<cueme_prompt>hi</cueme_prompt>', /alone on its line/],
    ['tag followed by text', '<cueme_prompt> hi\n</cueme_prompt>', /alone on its line/],
    ['unclosed prompt', '<cueme_prompt>\nhi', /not closed/],
    ['stray closing tag', '</cueme_prompt>', /without an opening/],
    ['duplicate prompt', env('a') + env('b'), /given twice/],
    [
      'nested tag',
      '<cueme_prompt>\n<cueme_payload>\n</cueme_payload>\n</cueme_prompt>',
      /cannot nest/,
    ],
    ['payload not JSON', env('x', '{type: choice}'), /not valid JSON/],
    ['payload array', env('x', '["a"]'), /JSON object or null/],
    ['payload string', env('x', '"choice"'), /JSON object or null/],
    ['payload number', env('x', '42'), /JSON object or null/],
    ['payload without type', env('x', '{"options":["a"]}'), /type/],
    [
      'payload unknown type',
      env('x', '{"type":"slider"}'),
      /type must be "choice", "confirm" or "form"/,
    ],
    ['choice without options', env('x', '{"type":"choice"}'), /options/],
    ['choice empty options', env('x', '{"type":"choice","options":[]}'), /at least one option/],
    ['choice non-string option', env('x', '{"type":"choice","options":[1]}'), /options\.0/],
    [
      'choice duplicate option',
      env('x', '{"type":"choice","options":["a","a"]}'),
      /duplicate option "a"/,
    ],
    [
      'choice bad allow_multiple',
      env('x', '{"type":"choice","options":["a"],"allow_multiple":"yes"}'),
      /allow_multiple/,
    ],
    ['confirm bad text', env('x', '{"type":"confirm","text":5}'), /text/],
    ['form without fields', env('x', '{"type":"form","fields":[]}'), /at least one field/],
    [
      'form field without label',
      env('x', '{"type":"form","fields":[{"kind":"text"}]}'),
      /fields\.0\.label/,
    ],
    [
      'form duplicate label',
      env('x', '{"type":"form","fields":[{"label":"A"},{"label":"A"}]}'),
      /duplicate label "A"/,
    ],
  ];
  it.each(rejects)('rejects %s with a one-line reason', (_name, input, reason) => {
    let error: unknown;
    try {
      parseEnvelope(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvelopeError);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain('\n');
  });

  it('pause envelopes take only a prompt', () => {
    expect(parseEnvelope(env('wait'), { allowPayload: false })).toEqual({
      prompt: 'wait',
      payload: null,
    });
    expect(() => parseEnvelope(env('wait', 'null'), { allowPayload: false })).toThrow(
      /pause takes only a <cueme_prompt>/,
    );
  });
});
