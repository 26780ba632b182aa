/**
 * Fires callbacks at deadlines using one timer for all of them (a binary min-heap keyed by time),
 * so thousands of requests with deadlines cost one pending setTimeout, not one each.
 */
export class DeadlineScheduler {
  private heap: Array<{ at: number; id: string }> = [];
  private deadlines = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;

  constructor(
    private readonly onDeadline: (id: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Schedules (or reschedules) `id` to fire at epoch-ms `at`. */
  schedule(id: string, at: number): void {
    this.deadlines.set(id, at);
    this.push({ at, id });
    this.arm();
  }

  /** Forgets `id`; a stale heap entry is skipped lazily when it surfaces. */
  cancel(id: string): void {
    this.deadlines.delete(id);
  }

  /** Stops the timer and forgets everything. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    this.heap = [];
    this.deadlines.clear();
  }

  get size(): number {
    return this.deadlines.size;
  }

  private arm(): void {
    const next = this.heap[0];
    if (!next) return;
    if (this.timer && this.timerAt <= next.at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = next.at;
    // setTimeout caps at ~24.8 days; longer deadlines just re-arm when the timer fires.
    const delay = Math.min(Math.max(0, next.at - this.now()), 2_147_000_000);
    this.timer = setTimeout(() => this.fire(), delay);
    this.timer.unref?.();
  }

  private fire(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = this.now();
    const due: string[] = [];
    while (this.heap.length > 0 && this.heap[0]!.at <= now) {
      const top = this.pop()!;
      if (this.deadlines.get(top.id) === top.at) {
        this.deadlines.delete(top.id);
        due.push(top.id);
      }
    }
    this.arm();
    for (const id of due) this.onDeadline(id);
  }

  private push(entry: { at: number; id: string }): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.at <= heap[i]!.at) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  }

  private pop(): { at: number; id: string } | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && heap[l]!.at < heap[m]!.at) m = l;
        if (r < heap.length && heap[r]!.at < heap[m]!.at) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i]!, heap[m]!];
        i = m;
      }
    }
    return top;
  }
}
