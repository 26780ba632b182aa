import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { measureRendererBundle } from '../../../bench/lib/renderer-bundle';
import { makeTempDir } from '../../support/temp-dir';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => {
  dir = await makeTempDir('hitl-bundle-');
});
afterEach(() => dir.remove());

const write = (file: string, body: string) => {
  mkdirSync(path.dirname(path.join(dir.path, file)), { recursive: true });
  writeFileSync(path.join(dir.path, file), body);
};
const gz = (body: string) => gzipSync(Buffer.from(body), { level: 9 }).length;

describe('measureRendererBundle', () => {
  it('follows index.html through static imports and preloads, not through dynamic imports', () => {
    const entry = 'import{a}from"./shared.js";import"./side.js";const v=()=>import(`./lazy.js`);';
    const shared = 'export const a=1;'.repeat(40);
    const side = 'console.log("side")';
    const lazy = 'import{a}from"./shared.js";export const big="' + 'x'.repeat(5000) + '";';
    const preload = 'export const p=2;';
    const css = 'body{margin:0}';
    write(
      'index.html',
      '<html><head><script type="module" crossorigin src="./assets/entry.js"></script>' +
        '<link rel="stylesheet" href="./assets/app.css"><link rel="modulepreload" href="./assets/pre.js">' +
        '<link rel="icon" href="./assets/favicon.png"></head></html>',
    );
    write('assets/entry.js', entry);
    write('assets/shared.js', shared);
    write('assets/side.js', side);
    write('assets/lazy.js', lazy);
    write('assets/pre.js', preload);
    write('assets/app.css', css);
    write('assets/favicon.png', 'png');

    const bundle = measureRendererBundle(dir.path);
    expect(bundle.initial.map((f) => f.file).sort()).toEqual(
      [
        'assets/app.css',
        'assets/entry.js',
        'assets/pre.js',
        'assets/shared.js',
        'assets/side.js',
      ].sort(),
    );
    const firstLoad = [entry, shared, side, preload, css].reduce((s, b) => s + gz(b), 0);
    expect(bundle.initialGzipKB).toBeCloseTo(firstLoad / 1000, 6);
    expect(bundle.totalGzipKB).toBeCloseTo((firstLoad + gz(lazy) + gz('png')) / 1000, 6);
    expect(bundle.all[0]!.file).toBe('assets/lazy.js');
  });

  it('a page carrying its own script and styles counts whole in its first load, its script in the total', () => {
    const code = '(function(){paint()})();';
    const page =
      '<html><head><style>.card{color:red}</style>' +
      '<script type="module" crossorigin src="./assets/entry.js"></script></head>' +
      `<body><div id="root"></div><script>${code}</script></body></html>`;
    write(
      'index.html',
      '<html><head><script type="module" src="./assets/entry.js"></script></head></html>',
    );
    write('popover.html', page);
    write('assets/entry.js', 'start()');

    const popover = measureRendererBundle(dir.path, 'popover.html');
    expect(popover.initial.map((f) => f.file).sort()).toEqual(['assets/entry.js', 'popover.html']);
    expect(popover.initialGzipKB).toBeCloseTo((gz(page) + gz('start()')) / 1000, 6);
    // index.html has no code of its own: only its files count.
    expect(measureRendererBundle(dir.path).initial.map((f) => f.file)).toEqual(['assets/entry.js']);
    expect(popover.all.map((f) => f.file).sort()).toEqual([
      'assets/entry.js',
      'popover.html <script>',
    ]);
    expect(popover.totalGzipKB).toBeCloseTo((gz(code) + gz('start()')) / 1000, 6);
  });
});
