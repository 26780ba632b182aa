import type { Broker } from '../../broker/broker';
import type { HitlRequest } from '@contract/request';
import type { DeliveryRetry } from './answer-delivery';
import type { InvalidQuestionFile } from './invalid-files';
import type { QuestionPrefetch } from './prefetch/question-prefetch';

export interface ClarityFileAdapterOptions {
  dir: string;
  broker: Broker;
  /** Called once per invalid file (again only after it was fixed or removed and broke anew). */
  onInvalid?: (invalid: InvalidQuestionFile) => void;
  /** Called after an answer file was renamed into place (the moment a runtime can read it). */
  onAnswerWritten?: (request: HitlRequest, file: string) => void;
  /**
   * The directory was replaced (by a symlink, another directory) or removed while watched: the
   * adapter has stopped using it; `reason` says what happened, for the operator.
   */
  onDirLost?: (reason: string) => void;
  /** File-system errors the adapter survived (it keeps running). */
  onError?: (error: unknown) => void;
  now?: () => number;
  /** How long a file that looks half-written may stay unparseable after its last change. Default 300 ms. */
  invalidGraceMs?: number;
  /** Interval of the safety-net rescan of the directory listing (default 2 s). */
  rescanMs?: number;
  /** How an answer file that could not be written is retried (see AnswerDelivery). */
  deliveryRetry?: DeliveryRetry;
  /** Leave chokidar off until `startReliableWatch()` (the service starts it once it serves). */
  deferReliableWatch?: boolean;
  /**
   * This directory's question files, being read ahead on another thread: the start-up scan takes
   * what was read instead of reading it again, then closes it. One of another directory is left
   * alone.
   */
  prefetch?: QuestionPrefetch;
}
