/** One line of a plot: its points (x, y) and how it is drawn. */
export interface PlotSeries {
  label: string;
  color: string;
  points: Array<[number, number]>;
  dashed?: boolean;
}

export interface PlotPanel {
  title: string;
  yLabel: string;
  series: PlotSeries[];
}

const W = 320;
const H = 240;
const PAD = { left: 56, right: 12, top: 28, bottom: 44 };

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function short(n: number): string {
  if (n >= 1_000_000) return `${n / 1_000_000}M`;
  if (n >= 1000) return `${n / 1000}k`;
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toPrecision(2);
}

/** Powers of ten (and their 2×, 5×) between lo and hi, for log-axis ticks. */
function logTicks(lo: number, hi: number): number[] {
  const ticks: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++)
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (v >= lo && v <= hi) ticks.push(v);
    }
  return ticks;
}

/** One panel with log-log axes (a straight line of slope 1 is linear growth). */
function panel(p: PlotPanel, ox: number, xs: number[]): string {
  const all = p.series.flatMap((s) => s.points).filter(([, y]) => y > 0);
  const yLo = Math.min(...all.map(([, y]) => y)) / 1.5;
  const yHi = Math.max(...all.map(([, y]) => y)) * 1.5;
  const xLo = Math.min(...xs) / 1.3;
  const xHi = Math.max(...xs) * 1.3;
  const iw = W - PAD.left - PAD.right;
  const ih = H - PAD.top - PAD.bottom;
  const sx = (x: number) => ox + PAD.left + (Math.log(x / xLo) / Math.log(xHi / xLo)) * iw;
  const sy = (y: number) => PAD.top + ih - (Math.log(y / yLo) / Math.log(yHi / yLo)) * ih;
  const out = [
    `<text x="${ox + W / 2}" y="16" text-anchor="middle" font-weight="bold">${escape(p.title)}</text>`,
    `<rect x="${ox + PAD.left}" y="${PAD.top}" width="${iw}" height="${ih}" fill="none" stroke="#999"/>`,
    `<text transform="translate(${ox + 12},${PAD.top + ih / 2}) rotate(-90)" text-anchor="middle">${escape(p.yLabel)}</text>`,
    `<text x="${ox + PAD.left + iw / 2}" y="${H - 6}" text-anchor="middle">pending requests (log)</text>`,
  ];
  for (const x of xs)
    out.push(`<text x="${sx(x)}" y="${PAD.top + ih + 14}" text-anchor="middle">${short(x)}</text>`);
  for (const y of logTicks(yLo, yHi)) {
    out.push(
      `<line x1="${ox + PAD.left}" x2="${ox + PAD.left + iw}" y1="${sy(y)}" y2="${sy(y)}" stroke="#eee"/>`,
      `<text x="${ox + PAD.left - 4}" y="${sy(y) + 4}" text-anchor="end">${short(y)}</text>`,
    );
  }
  p.series.forEach((s, i) => {
    const pts = s.points.filter(([, y]) => y > 0);
    const d = pts.map(([x, y], j) => `${j ? 'L' : 'M'}${sx(x).toFixed(1)},${sy(y).toFixed(1)}`);
    out.push(
      `<path d="${d.join(' ')}" fill="none" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5,4"' : ''}/>`,
      ...pts.map(([x, y]) => `<circle cx="${sx(x)}" cy="${sy(y)}" r="3" fill="${s.color}"/>`),
      `<text x="${ox + PAD.left + 6}" y="${PAD.top + 14 + i * 14}" fill="${s.color}">${escape(s.label)}</text>`,
    );
  });
  return out.join('\n');
}

/** Side-by-side log-log panels as one standalone SVG document (no plotting dependency). */
export function growthSvg(title: string, xs: number[], panels: PlotPanel[]): string {
  const width = W * panels.length;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${H + 24}" viewBox="0 -24 ${width} ${H + 24}" font-family="sans-serif" font-size="11">`,
    `<rect x="0" y="-24" width="${width}" height="${H + 24}" fill="white"/>`,
    `<text x="${width / 2}" y="-8" text-anchor="middle" font-size="13">${escape(title)}</text>`,
    ...panels.map((p, i) => panel(p, i * W, xs)),
    '</svg>',
    '',
  ].join('\n');
}
