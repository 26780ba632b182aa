import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinName, requireBuiltins } from '../../../scripts/vite/require-builtins';

const work = mkdtempSync(path.join(tmpdir(), 'require-builtins-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Bundles `source` as one ES module for Node with the plugin, as the main build does. */
async function bundle(source: string, name: string): Promise<string> {
  const entry = path.join(work, `${name}.ts`);
  writeFileSync(entry, source);
  await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [requireBuiltins()],
    build: {
      ssr: entry,
      outDir: path.join(work, name),
      target: 'node20',
      rollupOptions: { output: { format: 'es', entryFileNames: 'out.mjs' } },
    },
  });
  return path.join(work, name, 'out.mjs');
}

/** Runs a built file under Node and returns what it printed. */
const run = (file: string) => execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim();

const LOADED = `process.moduleLoadList.filter((m) => /undici|http2|zlib|readline/.test(m)).length`;

describe('requireBuiltins (the main and hook builds)', () => {
  it('names Node builtins with or without node:, and leaves module and packages alone', () => {
    expect(builtinName('node:http')).toBe('http');
    expect(builtinName('fs/promises')).toBe('fs/promises');
    expect(builtinName('node:module')).toBeUndefined();
    expect(builtinName('chokidar')).toBeUndefined();
    expect(builtinName('node:_http_agent')).toBeUndefined();
  });

  it('keeps the lazy parts of node:http unloaded, and its exports work', async () => {
    const source = `import { createServer, STATUS_CODES } from 'node:http';
import http from 'node:http';
import { readFileSync } from 'node:fs';
const ok = typeof createServer === 'function' && http.createServer === createServer;
console.log(JSON.stringify({ ok, status: STATUS_CODES[404], read: typeof readFileSync, loaded: ${LOADED} }));`;
    const printed = JSON.parse(run(await bundle(source, 'http')));
    expect(printed).toEqual({ ok: true, status: 'Not Found', read: 'function', loaded: 0 });
  });

  it('measures what it avoids: the same source without the plugin loads them', async () => {
    const plain = path.join(work, 'plain.mjs');
    writeFileSync(plain, `import { createServer } from 'node:http';\nconsole.log(${LOADED});`);
    expect(Number(run(plain))).toBeGreaterThan(0);
  });

  it('fails the build when a lazy getter is imported by name', async () => {
    await expect(
      bundle(`import { WebSocket } from 'node:http';\nconsole.log(WebSocket);`, 'getter'),
    ).rejects.toThrow(/WebSocket/);
  });

  it('leaves dependencies, require() and dynamic import() of builtins as they are', () => {
    const plugin = requireBuiltins();
    const resolve = plugin.resolveId as unknown as (
      source: string,
      importer: string | undefined,
      options: { kind: string },
    ) => unknown;
    const dep = '/p/node_modules/conf/dist/source/index.js';
    expect(resolve('node:fs', dep, { kind: 'import-statement' })).toEqual({
      id: 'node:fs',
      external: true,
    });
    expect(resolve('node:https', '/p/main/a.ts', { kind: 'dynamic-import' })).toEqual({
      id: 'node:https',
      external: true,
    });
    expect(resolve('node:http', '/p/main/a.ts', { kind: 'require-call' })).toEqual({
      id: 'node:http',
      external: true,
    });
    expect(resolve('chokidar', '/p/main/a.ts', { kind: 'import-statement' })).toBeUndefined();
    expect(resolve('node:http', '/p/main/a.ts', { kind: 'import-statement' })).toMatch(/http$/);
    const load = plugin.load as unknown as (id: string) => unknown;
    expect(load('/p/node_modules/fastify/lib/server.js')).toBeUndefined();
  });
});
