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

/** Where a request's handshake files are (the reference broker's fields), when it has them. */
const FileFields = {
  safeKey: z.string().optional().describe('the file name the runtime builds from the key'),
  path: z.string().optional().describe('the .question or .answer file, where one exists'),
};
const KeyStatusSchema = z.string().describe('pending, answered, cancelled, expired or missing');
const QuestionEntry = z.object({
  key: z.string(),
  question: z.string(),
  timestamp: z.number().describe('ms since the epoch'),
  age: z.number().describe('whole seconds since it was asked'),
  ageSeconds: z.number(),
  pid: z.number().optional(),
  source: z.string(),
  id: z.string(),
});
const Opened = z.object({
  key: z.string(),
  status: z.string(),
  id: z.string(),
  ...FileFields,
});
const Status = z
  .object({
    key: z.string(),
    status: KeyStatusSchema,
    response: z.string().optional(),
    ...FileFields,
  })
  .describe('the key’s status; `response` once answered');
const Answered = z
  .object({
    ok: z.boolean(),
    key: z.string(),
    status: z.string(),
    delivered: z.boolean().optional(),
    deliveryError: z.string().optional(),
    ...FileFields,
  })
  .describe('answered; `delivered: false` while the answer file could not be written yet');
const Cancelled = z.object({
  ok: z.boolean(),
  key: z.string(),
  safeKey: z.string().optional(),
  removed: z.boolean(),
  status: z.string(),
  alreadyResolved: z.boolean().optional(),
});

/** `GET /questions`. */
export const LIST = {
  summary: 'Every pending request, of every source',
  tags: TAGS,
  response: { 200: z.array(QuestionEntry) },
};

/** `POST /questions`: HTTP mode. */
export const ASK = {
  summary: 'HTTP mode: open a question (200; the same key and text again: the same question)',
  tags: TAGS,
  body: NewQuestionSchema.describe('question'),
  response: { 200: Opened },
};

/** `GET /questions/:key[?wait=s]`: the key is checked by the handler (its 400 says `invalid key`). */
export const POLL = {
  summary: 'A key’s status; ?wait= long-polls for a change (≤ 300 s)',
  tags: TAGS,
  params: checkedByHandler(z.object({ key: KeySchema })),
  querystring: WaitQuerySchema,
  response: { 200: Status },
};

/** `POST /answer`. */
export const ANSWER = {
  summary: 'Answer by key (the first answer wins)',
  tags: TAGS,
  body: AnswerBodySchema.describe('answer'),
  response: { 200: Answered },
};

/** `POST /cancel`. */
export const CANCEL = {
  summary: 'Cancel by key (a file question’s .question is deleted)',
  tags: TAGS,
  body: CancelBodySchema.describe('cancel'),
  response: { 200: Cancelled },
};
