import type { Benchmark } from '../lib/figure';
import { cuemeMailbox } from './cueme-mailbox';
import { fileLatency } from './file-latency';
import { firstPaintBench } from './first-paint';
import { growthCurve } from './growth-curve';
import { heldWaiters } from './held-waiters';
import { historySnapshot } from './history-snapshot';
import { hookLatency } from './hook-latency';
import { httpRoundTrip } from './http-roundtrip';
import { idleRss } from './idle-rss';
import { listAtScale } from './list-at-scale';
import { phonePush } from './phone-push';
import { popoverOpen } from './popover-open';
import { rendererBundle } from './renderer-bundle';
import { sseFanout } from './sse-fanout';
import { startup } from './startup';
import { teamStore } from './team-store';

/** Every benchmark of the report, in the order they run. */
export const benchmarks: Benchmark[] = [
  fileLatency,
  httpRoundTrip,
  listAtScale,
  startup,
  heldWaiters,
  historySnapshot,
  sseFanout,
  rendererBundle,
  firstPaintBench,
  popoverOpen,
  idleRss,
  hookLatency,
  growthCurve,
  teamStore,
  phonePush,
  cuemeMailbox,
];
