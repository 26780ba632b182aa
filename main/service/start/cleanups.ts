/** What a starting service undoes on close, or when a later step fails: last added first. */
export class Cleanups {
  private readonly steps: Array<() => unknown>;

  constructor(...steps: Array<() => unknown>) {
    this.steps = steps;
  }

  /** Adds steps, undone before every step added earlier. */
  add(...steps: Array<() => unknown>): void {
    this.steps.push(...steps);
  }

  /** Runs every step once, last added first, each awaited; stops at the first that throws. */
  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) await step();
  }
}

/** An error's message, or the thrown value as text. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
