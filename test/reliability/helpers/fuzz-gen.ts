/**
 * A small seeded generator of hostile inputs (mulberry32 PRNG): random JSON values, nasty
 * strings, and mutations of valid examples. Same seed, same inputs: a failure can be replayed.
 */
export class FuzzGen {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  bool(): boolean {
    return this.next() < 0.5;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Strings chosen to break parsers, paths, HTML and terminals. */
  string(): string {
    const nasty = [
      '',
      ' ',
      '\u0000',
      '../../etc/passwd',
      '..\\..\\windows',
      '/absolute/path',
      'a/b',
      '.',
      '..',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'javascript:alert(1)',
      '"; DROP TABLE x; --',
      '\u202e\u200b\ufeff',
      '😀'.repeat(50),
      '%00%2e%2e%2f',
      '\r\n\r\nHTTP/1.1 200 OK',
      '{"json": "in a string"}',
      'x'.repeat(5000),
      '\ud800',
      '</cueme_prompt>',
      '<cueme_payload>',
    ];
    if (this.next() < 0.5) return this.pick(nasty);
    const length = this.int(this.next() < 0.9 ? 40 : 3000);
    let out = '';
    for (let i = 0; i < length; i++) {
      const r = this.next();
      out +=
        r < 0.7
          ? String.fromCharCode(32 + this.int(95))
          : r < 0.85
            ? String.fromCharCode(this.int(32))
            : String.fromCharCode(this.int(0xffff));
    }
    return out;
  }

  /** Any JSON value, nested up to `depth`. */
  json(depth = 3): unknown {
    const r = this.int(depth > 0 ? 9 : 6);
    switch (r) {
      case 0:
        return null;
      case 1:
        return this.bool();
      case 2:
        return this.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, this.int(1e6)]);
      case 3:
      case 4:
        return this.string();
      case 5:
        return this.pick([[], {}, '', 'null', 'true']);
      case 6:
      case 7: {
        const out: Record<string, unknown> = {};
        for (let i = this.int(5); i > 0; i--)
          out[
            this.pick([
              'key',
              'question',
              'response',
              'id',
              '__proto__',
              'constructor',
              this.string().slice(0, 20),
            ])
          ] = this.json(depth - 1);
        return out;
      }
      default:
        return Array.from({ length: this.int(5) }, () => this.json(depth - 1));
    }
  }

  /** A valid example with one thing broken: a field dropped, retyped, emptied, or the whole replaced. */
  mutate(valid: Record<string, unknown>): unknown {
    const keys = Object.keys(valid);
    const copy: Record<string, unknown> = structuredClone(valid);
    const key = this.pick(keys);
    switch (this.int(6)) {
      case 0:
        delete copy[key];
        return copy;
      case 1:
        copy[key] = this.json(2);
        return copy;
      case 2:
        copy[key] = this.string();
        return copy;
      case 3: {
        const inner = copy[key];
        if (inner && typeof inner === 'object' && !Array.isArray(inner))
          copy[key] = this.mutate(inner as Record<string, unknown>);
        else copy[key] = this.json(1);
        return copy;
      }
      case 4:
        return this.json(3);
      default:
        for (const k of keys) if (this.bool()) copy[k] = this.json(1);
        return copy;
    }
  }

  /** Random raw bytes (binary garbage). */
  bytes(max = 512): Buffer {
    return Buffer.from(Array.from({ length: 1 + this.int(max) }, () => this.int(256)));
  }
}
