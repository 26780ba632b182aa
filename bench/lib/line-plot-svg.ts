/** One line of a plot: its points (x, y) and how it is drawn. */
export interface PlotSeries {
  label: string;
  points: [number, number][];
  color: string;
  dashed?: boolean;
}

export interface PlotOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Logarithmic x axis (sizes growing tenfold). */
  logX?: boolean;
}

const W = 640;
const H = 400;
const M = { left: 70, right: 180, top: 40, bottom: 56 };

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
const fmt = (n: number) =>
  n >= 1000 ? n.toLocaleString('en-US') : String(Math.round(n * 10) / 10);

/** A "nice" step (1, 2 or 5 × 10^k) giving about `count` ticks up to `max`. */
function niceStep(max: number, count: number): number {
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
}

/**
 * A small self-contained SVG line plot (no plotting dependency): axes with ticks, one polyline
 * per series with its points marked and labelled, a legend on the right. y starts at 0.
 */
export function linePlotSvg(series: PlotSeries[], options: PlotOptions): string {
  const xs = series.flatMap((s) => s.points.map(([x]) => x));
  const ys = series.flatMap((s) => s.points.map(([, y]) => y));
  const tx = (x: number) => (options.logX ? Math.log10(x) : x);
  const [x0, x1] = [Math.min(...xs.map(tx)), Math.max(...xs.map(tx))];
  const step = niceStep(Math.max(...ys, 1), 5);
  const yMax = Math.ceil(Math.max(...ys, 1) / step) * step;
  const px = (x: number) =>
    M.left + (x1 === x0 ? 0.5 : (tx(x) - x0) / (x1 - x0)) * (W - M.left - M.right);
  const py = (y: number) => H - M.bottom - (y / yMax) * (H - M.top - M.bottom);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2 - M.right / 2 + M.left / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${esc(options.title)}</text>`,
  ];
  for (let y = 0; y <= yMax + 1e-9; y += step) {
    out.push(
      `<line x1="${M.left}" x2="${W - M.right}" y1="${py(y)}" y2="${py(y)}" stroke="#e5e5e5"/>`,
      `<text x="${M.left - 8}" y="${py(y) + 4}" text-anchor="end">${fmt(y)}</text>`,
    );
  }
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
    out.push(
      `<line x1="${px(x)}" x2="${px(x)}" y1="${H - M.bottom}" y2="${H - M.bottom + 5}" stroke="#333"/>`,
      `<text x="${px(x)}" y="${H - M.bottom + 19}" text-anchor="middle">${fmt(x)}</text>`,
    );
  }
  out.push(
    `<line x1="${M.left}" x2="${W - M.right}" y1="${H - M.bottom}" y2="${H - M.bottom}" stroke="#333"/>`,
    `<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${H - M.bottom}" stroke="#333"/>`,
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 12}" text-anchor="middle">${esc(options.xLabel)}</text>`,
    `<text transform="translate(18 ${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">${esc(options.yLabel)}</text>`,
  );
  series.forEach((s, i) => {
    const points = s.points.map(([x, y]) => `${px(x)},${py(y)}`).join(' ');
    const dash = s.dashed ? ' stroke-dasharray="6 4"' : '';
    out.push(
      `<polyline points="${points}" fill="none" stroke="${s.color}" stroke-width="2"${dash}/>`,
    );
    for (const [x, y] of s.points) {
      out.push(
        `<circle cx="${px(x)}" cy="${py(y)}" r="3.5" fill="${s.color}"/>`,
        `<text x="${px(x) + 6}" y="${py(y) - 6}" fill="${s.color}">${fmt(y)}</text>`,
      );
    }
    const ly = M.top + 10 + i * 22;
    out.push(
      `<line x1="${W - M.right + 16}" x2="${W - M.right + 40}" y1="${ly}" y2="${ly}" stroke="${s.color}" stroke-width="2"${dash}/>`,
      `<text x="${W - M.right + 46}" y="${ly + 4}">${esc(s.label)}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
