import { describeZodError } from '../../broker/validation';
import { CuePayloadSchema, payloadToInput, type CuePayload } from '../../adapters/cueme/payload';

/** A parsed `cueme cue` / `cueme pause` stdin envelope. */
export interface CueEnvelope {
  prompt: string;
  payload: CuePayload | null;
}

/** A malformed envelope; `message` is the one-line reason printed on stderr (exit 2). */
export class EnvelopeError extends Error {}

type Tag = 'cueme_prompt' | 'cueme_payload';
const TAGS: Tag[] = ['cueme_prompt', 'cueme_payload'];

/**
 * Parses the strict tagged envelope of `cueme cue` (docs/protocols.md#hap--cueme):
 * - `<cueme_prompt>` … `</cueme_prompt>` required, non-empty after trim;
 * - `<cueme_payload>` … `</cueme_payload>` optional (not allowed for pause): a JSON object or
 *   `null`, blank = null, validated as choice | confirm | form;
 * - every tag alone on its line (surrounding spaces allowed), each block at most once, in any order;
 * - only whitespace outside the blocks; a tag line inside another block is an error;
 * - the legacy JSON envelope is rejected with its own message.
 */
export function parseEnvelope(
  input: string,
  options: { allowPayload?: boolean } = {},
): CueEnvelope {
  const allowPayload = options.allowPayload ?? true;
  const text = input.replace(/^\uFEFF/, '');
  if (/^\s*[{[]/.test(text)) {
    throw new EnvelopeError(
      'legacy JSON envelope is not supported. Use <cueme_prompt>...</cueme_prompt> and optional <cueme_payload>...</cueme_payload>',
    );
  }
  const blocks = new Map<Tag, string[]>();
  let open: Tag | undefined;
  let body: string[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const where = `line ${index + 1}`;
    const tag = tagOf(line);
    if (open) {
      if (tag?.name === open && tag.closing) {
        blocks.set(open, body);
        open = undefined;
      } else if (tag) {
        throw new EnvelopeError(`${where}: unexpected ${line} inside <${open}>; tags cannot nest`);
      } else {
        body.push(raw);
      }
      return;
    }
    if (!tag) {
      if (line === '') return;
      if (TAGS.some((t) => line.includes(`<${t}>`) || line.includes(`</${t}>`))) {
        throw new EnvelopeError(`${where}: a tag must be alone on its line`);
      }
      throw new EnvelopeError(
        `${where}: only whitespace is allowed outside the <cueme_prompt>/<cueme_payload> blocks`,
      );
    }
    if (tag.closing)
      throw new EnvelopeError(`${where}: </${tag.name}> without an opening <${tag.name}>`);
    if (blocks.has(tag.name)) throw new EnvelopeError(`${where}: <${tag.name}> given twice`);
    if (tag.name === 'cueme_payload' && !allowPayload)
      throw new EnvelopeError(`${where}: pause takes only a <cueme_prompt> block`);
    open = tag.name;
    body = [];
  });
  if (open) throw new EnvelopeError(`<${open}> is not closed: add </${open}> on its own line`);
  const promptLines = blocks.get('cueme_prompt');
  if (!promptLines) throw new EnvelopeError('missing <cueme_prompt> block');
  const prompt = trimBlankLines(promptLines).join('\n');
  if (!prompt.trim()) throw new EnvelopeError('<cueme_prompt> content must be non-empty');
  const payloadLines = blocks.get('cueme_payload');
  return { prompt, payload: payloadLines ? parsePayload(payloadLines.join('\n')) : null };
}

/** Parses and validates the payload block's JSON (blank = null). */
export function parsePayload(json: string): CuePayload | null {
  if (!json.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new EnvelopeError(
      `<cueme_payload> is not valid JSON: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new EnvelopeError('<cueme_payload> must be a JSON object or null');
  }
  const parsed = CuePayloadSchema.safeParse(value);
  if (!parsed.success)
    throw new EnvelopeError(`invalid <cueme_payload>: ${describeZodError(parsed.error)}`);
  try {
    payloadToInput(parsed.data);
  } catch (error) {
    throw new EnvelopeError(
      (error as Error).message.replace(/^invalid payload/, 'invalid <cueme_payload>'),
    );
  }
  return parsed.data;
}

function tagOf(line: string): { name: Tag; closing: boolean } | undefined {
  const match = /^<(\/?)(cueme_prompt|cueme_payload)>$/.exec(line);
  return match ? { name: match[2] as Tag, closing: match[1] === '/' } : undefined;
}

function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && !lines[start]!.trim()) start++;
  while (end > start && !lines[end - 1]!.trim()) end--;
  return lines.slice(start, end);
}
