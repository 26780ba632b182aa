import { z } from 'zod';
import { TimestampSchema } from '../../broker/liberal-timestamp';
import { RequestKeySchema } from '../../broker/request-key';
import { isStorable, NOT_STORABLE_MESSAGE } from '@contract/well-formed';
import { checkedByHandler } from '../schema/parsed-by';

/** Any non-empty string up to MAX_KEY_BYTES: the key is data (mirror file names are sanitised). */
export const KeySchema = RequestKeySchema;

const StorableText = z.string().max(1_000_000).refine(isStorable, NOT_STORABLE_MESSAGE);

const NewQuestionSchema = z.object({
  key: KeySchema,
  question: StorableText,
  timestamp: TimestampSchema.optional(),
  pid: z.number().int().positive().optional(),
  /** The runtime's own wait, in seconds: the request expires then (and shows a countdown). */
  timeout_sec: z.number().positive().max(31_536_000).nullable().optional(),
});
const AnswerBodySchema = z.object({ key: KeySchema, response: StorableText });
const CancelBodySchema = z.object({ key: KeySchema });
export const WaitQuerySchema = z.object({ wait: z.coerce.number().nonnegative().optional() });

const TAGS = ['Clarity broker API'];

/** `GET /questions`. */
export const LIST = { summary: 'Every pending request, of every source', tags: TAGS };

/** `POST /questions`: HTTP mode. */
export const ASK = {
  summary: 'HTTP mode: open a question (200; the same key and text again: the same question)',
  tags: TAGS,
  body: NewQuestionSchema.describe('question'),
};

/** `GET /questions/:key[?wait=s]`: the key is checked by the handler (its 400 says `invalid key`). */
export const POLL = {
  summary: 'A key’s status; ?wait= long-polls for a change (≤ 300 s)',
  tags: TAGS,
  params: checkedByHandler(z.object({ key: KeySchema })),
  querystring: WaitQuerySchema,
};

/** `POST /answer`. */
export const ANSWER = {
  summary: 'Answer by key (the first answer wins)',
  tags: TAGS,
  body: AnswerBodySchema.describe('answer'),
};

/** `POST /cancel`. */
export const CANCEL = {
  summary: 'Cancel by key (a file question’s .question is deleted)',
  tags: TAGS,
  body: CancelBodySchema.describe('cancel'),
};
