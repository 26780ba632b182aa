import { Broker } from '../../../../main/broker/broker';
import {
  ClarityFileAdapter,
  type InvalidQuestionFile,
} from '../../../../main/adapters/clarity-file';
import { makeTempDir } from '../../../support/temp-dir';
import type { QuestionPrefetch } from '../../../../main/adapters/clarity-file/prefetch/question-prefetch';

/** A broker + adapter over a fresh temp dir, recording invalid-file reports. */
export async function startHarness(
  options: {
    dir?: string;
    invalidGraceMs?: number;
    broker?: Broker;
    deferReliableWatch?: boolean;
    rescanMs?: number;
    prefetch?: QuestionPrefetch;
  } = {},
) {
  const temp = options.dir ? undefined : await makeTempDir('clarity-file-');
  const dir = options.dir ?? temp!.path;
  const broker = options.broker ?? new Broker();
  const invalid: InvalidQuestionFile[] = [];
  const errors: unknown[] = [];
  const adapter = await ClarityFileAdapter.start({
    dir,
    broker,
    invalidGraceMs: options.invalidGraceMs ?? 150,
    deferReliableWatch: options.deferReliableWatch,
    rescanMs: options.rescanMs,
    prefetch: options.prefetch,
    onInvalid: (e) => invalid.push(e),
    onError: (e) => errors.push(e),
  });
  return {
    dir,
    broker,
    adapter,
    invalid,
    errors,
    async stop() {
      await adapter.close();
      broker.close();
      await temp?.remove();
    },
  };
}
