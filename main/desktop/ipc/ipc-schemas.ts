import { z } from 'zod';
import { DesktopSettingsPatchSchema } from '../../../preload/ipc/desktop-settings';
import type { IpcInvokeChannel } from '../../../preload/ipc/channels';
import { AnswerInputSchema } from '../../broker/request';

const Id = z.string().min(1).max(200);
const Nothing = z.undefined();

/** The zod schema every payload of each channel must pass before main acts on it. */
export const IPC_PAYLOAD_SCHEMAS = {
  'inbox:list-pending': z
    .object({ limit: z.number().int().min(1).max(100_000).optional() })
    .strict(),
  'inbox:history': z
    .object({
      q: z.string().max(1000).optional(),
      limit: z.number().int().min(1).max(10_000).optional(),
    })
    .strict(),
  'inbox:answer': z.object({ id: Id, input: AnswerInputSchema }).strict(),
  'inbox:cancel': z.object({ id: Id, reason: z.string().max(10_000).optional() }).strict(),
  'inbox:list-files': z.object({ id: Id }).strict(),
  'inbox:agent-messages': z.object({ agentId: z.string().min(1).max(500) }).strict(),
  'inbox:info': Nothing,
  'unreadable:list': Nothing,
  'unreadable:dismiss': z.object({ id: z.string().min(1).max(10_000) }).strict(),
  'runs:list': Nothing,
  'runs:get': z.object({ id: Id }).strict(),
  'rules:list': Nothing,
  'rules:revoke': z.object({ id: Id }).strict(),
  'settings:get': Nothing,
  'settings:update': DesktopSettingsPatchSchema,
  'brokers:list': Nothing,
  'brokers:save': z
    .object({
      name: z.string().min(1).max(40),
      url: z.string().min(1).max(2048),
      token: z.string().max(4096).optional(),
    })
    .strict(),
  'brokers:remove': z.object({ name: z.string().min(1).max(40) }).strict(),
  'shell:open-external': z.object({ url: z.string().min(1).max(8192) }).strict(),
  'popover:hide': Nothing,
  'window:open-request': z.object({ id: Id.nullable() }).strict(),
} satisfies Record<IpcInvokeChannel, z.ZodType>;
