import { z } from 'zod';
import { InvalidInputError } from '../../broker/errors';
import type { InputSpec } from '@contract/request';

const label = z.string().trim().min(1);

const ChoicePayloadSchema = z.object({
  type: z.literal('choice'),
  options: z.array(label).min(1, 'choice needs at least one option'),
  allow_multiple: z.boolean().optional(),
});
const ConfirmPayloadSchema = z.object({
  type: z.literal('confirm'),
  text: z.string().optional(),
  confirm_label: z.string().optional(),
  cancel_label: z.string().optional(),
});
const FormFieldSchema = z.object({
  label,
  kind: z.string().trim().min(1).optional(),
  options: z.array(label).optional(),
  allow_multiple: z.boolean().optional(),
});
const FormPayloadSchema = z.object({
  type: z.literal('form'),
  fields: z.array(FormFieldSchema).min(1, 'form needs at least one field'),
});

/** The HAP `payload` object (docs/protocols.md#hap--cueme): choice | confirm | form. */
export const CuePayloadSchema = z.discriminatedUnion(
  'type',
  [ChoicePayloadSchema, ConfirmPayloadSchema, FormPayloadSchema],
  {
    error: (issue) =>
      issue.code === 'invalid_union' ? 'type must be "choice", "confirm" or "form"' : undefined,
  },
);
export type CuePayload = z.infer<typeof CuePayloadSchema>;

/** Maps a payload to the request's input: choice → choice, confirm → confirm, form → form, none → text. */
export function payloadToInput(payload: CuePayload | null): InputSpec {
  if (!payload) return { kind: 'text' };
  switch (payload.type) {
    case 'choice': {
      const options = payload.options.map((o) => o.trim());
      const duplicate = options.find((o, i) => options.indexOf(o) !== i);
      if (duplicate !== undefined)
        throw new InvalidInputError(`invalid payload: options: duplicate option "${duplicate}"`);
      return {
        kind: 'choice',
        options: options.map((o) => ({ value: o, label: o })),
        multiple: payload.allow_multiple ?? false,
      };
    }
    case 'confirm':
      return {
        kind: 'confirm',
        ...(payload.text ? { text: payload.text } : {}),
        ...(payload.confirm_label ? { confirmLabel: payload.confirm_label } : {}),
        ...(payload.cancel_label ? { cancelLabel: payload.cancel_label } : {}),
      };
    case 'form': {
      const labels = payload.fields.map((f) => f.label.trim());
      const duplicate = labels.find((l, i) => labels.indexOf(l) !== i);
      if (duplicate !== undefined)
        throw new InvalidInputError(`invalid payload: fields: duplicate label "${duplicate}"`);
      return {
        kind: 'form',
        fields: payload.fields.map((f) => ({
          label: f.label.trim(),
          kind: f.kind ?? (f.options?.length ? 'select' : 'text'),
          ...(f.options?.length ? { options: f.options } : {}),
          multiple: f.allow_multiple ?? false,
        })),
      };
    }
  }
}
