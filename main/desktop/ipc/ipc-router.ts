import type { z } from 'zod';
import type { IpcEnvelope, IpcInvokeChannel, IpcPayload, IpcResult } from '@contract/ipc/channels';
import { BrokerError } from '../../broker/errors';
import { describeZodError } from '../../broker/validation';
import type { IpcMainApi } from '../electron-api';
import { IPC_PAYLOAD_SCHEMAS } from './ipc-schemas';

type Payload<C extends IpcInvokeChannel> = z.output<(typeof IPC_PAYLOAD_SCHEMAS)[C]>;
export type IpcHandlerFn<C extends IpcInvokeChannel> = (
  payload: Payload<C>,
) => IpcResult<C> | Promise<IpcResult<C>>;

const STATUS: Record<BrokerError['code'], number> = {
  not_found: 404,
  already_resolved: 409,
  duplicate: 409,
  invalid: 400,
  forbidden: 403,
  store_unreachable: 503,
  not_saved: 507,
};

export interface IpcRouterOptions {
  ipc: IpcMainApi;
  /** True when the sending frame is our own renderer. */
  isTrustedSender: (frameUrl: string | undefined) => boolean;
  /** Told about every refused call (foreign sender, bad payload) and unexpected failure. */
  onRejected?: (channel: string, reason: string) => void;
}

/**
 * The only place that registers ipcMain handlers. Each call: sender frame checked, payload parsed
 * with the channel's zod schema, handler run, result or error returned in an envelope (so the
 * renderer keeps the error code). A bad call never throws in main.
 */
export class IpcRouter {
  private readonly channels = new Map<
    IpcInvokeChannel,
    (sender: { frameUrl?: string }, payload: unknown) => Promise<IpcEnvelope<unknown>>
  >();

  constructor(private readonly options: IpcRouterOptions) {}

  handle<C extends IpcInvokeChannel>(channel: C, handler: IpcHandlerFn<C>): void {
    const schema = IPC_PAYLOAD_SCHEMAS[channel] as z.ZodType;
    const run = async (
      sender: { frameUrl?: string },
      payload: unknown,
    ): Promise<IpcEnvelope<IpcResult<C>>> => {
      if (!this.options.isTrustedSender(sender.frameUrl)) {
        return this.refuse(
          channel,
          'forbidden',
          `refused: ${channel} from a frame that is not the app (${sender.frameUrl ?? 'gone'})`,
          403,
        );
      }
      const parsed = schema.safeParse(payload);
      if (!parsed.success)
        return this.refuse(
          channel,
          'invalid',
          `invalid ${channel} payload: ${describeZodError(parsed.error)}`,
          400,
        );
      try {
        return { ok: true, value: await handler(parsed.data as Payload<C>) };
      } catch (error) {
        if (error instanceof BrokerError)
          return {
            ok: false,
            error: { code: error.code, message: error.message, status: STATUS[error.code] },
          };
        const message = error instanceof Error ? error.message : String(error);
        this.options.onRejected?.(channel, `failed: ${message}`);
        return { ok: false, error: { code: 'internal', message, status: 500 } };
      }
    };
    this.channels.set(channel, run);
    this.options.ipc.handle(channel, run);
  }

  /**
   * Runs a channel's handler in the main process itself, exactly as a call from `frameUrl` would
   * (sender check, payload schema, envelope): what the popover's page is served with
   * (popover/popover-page.ts). Undefined when the channel has no handler (yet).
   */
  async call<C extends IpcInvokeChannel>(
    channel: C,
    payload: IpcPayload<C>,
    frameUrl: string,
  ): Promise<IpcEnvelope<IpcResult<C>> | undefined> {
    const run = this.channels.get(channel);
    return run ? ((await run({ frameUrl }, payload)) as IpcEnvelope<IpcResult<C>>) : undefined;
  }

  /** Channels with a handler. */
  registered(): IpcInvokeChannel[] {
    return [...this.channels.keys()];
  }

  /** Removes every handler (on quit). */
  dispose(): void {
    for (const channel of this.channels.keys()) this.options.ipc.removeHandler(channel);
    this.channels.clear();
  }

  private refuse(
    channel: string,
    code: string,
    message: string,
    status: number,
  ): IpcEnvelope<never> {
    this.options.onRejected?.(channel, message);
    return { ok: false, error: { code, message, status } };
  }
}
