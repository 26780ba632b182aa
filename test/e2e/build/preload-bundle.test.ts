import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const preload = fileURLToPath(new URL('../../../out/preload/index.cjs', import.meta.url));

/**
 * The preload runs sandboxed: it may `require` only electron. It derives `window.hitl` from the
 * contract's IPC declaration, which holds zod schemas, so zod must be bundled, not required.
 */
describe('built preload (npm run build)', () => {
  it('requires nothing but electron and exposes every declared bridge function', async () => {
    const code = readFileSync(preload, 'utf8');
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect([...new Set(required)]).toEqual(['electron']);
    const { IPC_INVOKE, IPC_EVENTS } = await import('@contract/ipc/channels');
    for (const { bridge } of [...Object.values(IPC_INVOKE), ...Object.values(IPC_EVENTS)])
      expect(code).toContain(bridge);
  });
});
