import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POPOVER_DATA_ID } from '@contract/popover-page';
import { appProtocolHandler } from '../../../../main/desktop/security/app-protocol-handler';

const dir = '/app/out/renderer';
const PAGE = '<html><body><div id="root"></div></body></html>';

function handler(popoverData: () => Promise<unknown>) {
  const fetched: string[] = [];
  const read: string[] = [];
  const handle = appProtocolHandler({
    rendererDir: dir,
    fetchFile: async (file) => {
      fetched.push(file);
      return new Response(`file ${file}`);
    },
    popoverData: popoverData as never,
    readPage: async (file) => {
      read.push(file);
      return PAGE;
    },
  });
  return { handle, fetched, read };
}

const data = { first: { urgent: { ok: true, value: { requests: [] } } } };

describe('the app:// handler', () => {
  it('serves popover.html with its data written in, never stored', async () => {
    const { handle, fetched, read } = handler(async () => data);
    const response = await handle(new Request('app://bundle/popover.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain(`id="${POPOVER_DATA_ID}">${JSON.stringify(data)}</script>`);
    expect(read).toEqual([join(dir, 'popover.html')]);
    expect(fetched).toEqual([]);
  });

  it('serves the page as built when its data cannot be had', async () => {
    const { handle } = handler(() => Promise.reject(new Error('no router')));
    expect(await (await handle(new Request('app://bundle/popover.html#popover'))).text()).toBe(
      PAGE,
    );
    const none = handler(async () => undefined);
    expect(await (await none.handle(new Request('app://bundle/popover.html'))).text()).toBe(PAGE);
  });

  it('serves every other file of the renderer as it is, and nothing outside it', async () => {
    const { handle, fetched } = handler(async () => data);
    expect(await (await handle(new Request('app://bundle/index.html'))).text()).toBe(
      `file ${join(dir, 'index.html')}`,
    );
    await handle(new Request('app://bundle/assets/popover-x.js'));
    expect(fetched).toEqual([join(dir, 'index.html'), join(dir, 'assets/popover-x.js')]);
    for (const bad of ['app://other/popover.html', 'app://bundle/..%2fsecret'])
      expect((await handle(new Request(bad))).status, bad).toBe(404);
    expect(fetched).toHaveLength(2);
  });
});
