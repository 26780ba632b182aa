import { setFlagsFromString } from 'node:v8';

/** Requests (or other broker events) during start-up that make it a busy one. */
export const BUSY_START_EVENTS = 100;

/** What the hold needs of the broker: its event subscription. */
export interface EventSource {
  subscribe(listener: () => void): () => void;
}

/**
 * Holds V8's optimizing compiler (TurboFan) off while the CLI starts. What runs hot during an
 * ordinary start-up is work that never runs again (building the schemas, resolving paths), and
 * TurboFan's first compile maps ~5 MB of the optimizer's own machine code, which an idle broker
 * then keeps resident for its whole life (docs/benchmarks.md, idle RSS). A start-up with real work
 * (a directory of thousands of questions) needs TurboFan for it: {@link releaseWhenBusy} gives it
 * back as soon as the broker sees that much, and the entry releases it anyway once start-up is
 * over. Maglev, V8's mid-tier compiler, stays on throughout.
 */
export class OptimizerHold {
  private held = false;

  constructor(private readonly setFlags: (flags: string) => void = setFlagsFromString) {}

  /** Turns TurboFan off until {@link release}. */
  hold(): void {
    if (this.held) return;
    this.held = true;
    this.setFlags('--no-turbofan');
  }

  /** Turns TurboFan back on (once; later calls do nothing). */
  release(): void {
    if (!this.held) return;
    this.held = false;
    this.setFlags('--turbofan');
  }

  /** Whether TurboFan is held off now. */
  get isHeld(): boolean {
    return this.held;
  }

  /**
   * Releases the hold once `broker` has emitted {@link BUSY_START_EVENTS} events (a start-up
   * loading many requests), and stops listening then.
   */
  releaseWhenBusy(broker: EventSource, events = BUSY_START_EVENTS): void {
    if (!this.held) return;
    let seen = 0;
    const unsubscribe = broker.subscribe(() => {
      // Released meanwhile (start-up over): stop counting.
      if (this.held && ++seen < events) return;
      unsubscribe();
      this.release();
    });
  }
}

/** The CLI process's one hold (its entry holds it; `serve` releases it on a busy start). */
export const optimizerHold = new OptimizerHold();
