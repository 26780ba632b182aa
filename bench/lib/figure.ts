/** One measured number of the benchmark report, with its target and the same-run baseline. */
export interface Target {
  op: '<=' | '>=' | '==';
  value: number;
  /** `ratio`: the target applies to value / baseline (e.g. HTTP round trip ≤ 2× a bare echo). */
  on?: 'value' | 'ratio';
}

export interface FigureSpec {
  id: string;
  name: string;
  unit: string;
  target?: Target;
  /** What the baseline is, e.g. "bare fs.watch". */
  baselineLabel?: string;
}

export interface Measurement {
  value: number;
  baseline?: number;
  note?: string;
}

/** A figure as reported: value null means "not available" and `note` says why. */
export interface Figure extends FigureSpec {
  value: number | null;
  baseline: number | null;
  ratio: number | null;
  pass: boolean | null;
  note?: string;
}

/** A benchmark module: what it reports and how to measure it. */
export interface Benchmark {
  title: string;
  specs: FigureSpec[];
  /** Returns a measurement per spec id; an id left out is reported as not available. */
  run(): Promise<Record<string, Measurement>>;
}

export { NotAvailableError } from '../../test/support/load/not-available';

function meets(op: Target['op'], actual: number, wanted: number): boolean {
  if (op === '<=') return actual <= wanted;
  if (op === '>=') return actual >= wanted;
  return actual === wanted;
}

/** Combines a spec and its measurement (or the reason it is missing) into a reported figure. */
export function toFigure(
  spec: FigureSpec,
  measurement: Measurement | undefined,
  missingReason: string,
): Figure {
  if (!measurement || !Number.isFinite(measurement.value)) {
    return {
      ...spec,
      value: null,
      baseline: null,
      ratio: null,
      pass: null,
      note: measurement?.note ?? missingReason,
    };
  }
  const baseline = measurement.baseline ?? null;
  const ratio = baseline !== null && baseline > 0 ? measurement.value / baseline : null;
  let pass: boolean | null = null;
  if (spec.target) {
    const subject = spec.target.on === 'ratio' ? ratio : measurement.value;
    pass = subject === null ? null : meets(spec.target.op, subject, spec.target.value);
  }
  return { ...spec, value: measurement.value, baseline, ratio, pass, note: measurement.note };
}
