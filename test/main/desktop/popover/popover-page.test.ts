import { describe, expect, it } from 'vitest';
import type { IpcEnvelope } from '@contract/ipc/channels';
import { POPOVER_DATA_ID, type PopoverPageData } from '@contract/popover-page';
import {
  popoverPageData,
  popoverPageHtml,
  type LocalIpcCall,
} from '../../../../main/desktop/popover/popover-page';

const PAGE =
  '<!doctype html><html><head><title>p</title></head><body><div id="root"></div><script>x()</script></body></html>';

/** The JSON data block of a served page, parsed as the browser's JSON.parse would. */
function dataIn(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${POPOVER_DATA_ID}">([^]*?)</script>`,
  ).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

const request = (id: string, prompt = 'Deploy?') =>
  ({ id, prompt, input: { kind: 'confirm' } }) as never;
const ok = <T>(value: T): IpcEnvelope<T> => ({ ok: true, value });

describe('the popover page served with its first request (popoverPageHtml)', () => {
  it('writes the data right before the root, where the page’s script reads it', () => {
    const data: PopoverPageData = {
      first: { urgent: ok({ requests: [request('r1')] }) as never },
      settings: ok({ theme: 'dark', language: 'zh-CN' }) as never,
    };
    const html = popoverPageHtml(PAGE, data);
    expect(html.indexOf(POPOVER_DATA_ID)).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html.indexOf(POPOVER_DATA_ID)).toBeGreaterThan(html.indexOf('<body>'));
    expect(dataIn(html)).toEqual(data);
    // Everything else is the page as built.
    expect(html.replace(/<script type="application\/json"[^]*?<\/script>/, '')).toBe(PAGE);
  });

  it('no text of a request can end the data block or open another element', () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028\u2029 </SCRIPT>';
    const data: PopoverPageData = {
      first: { urgent: ok({ requests: [request('r1', hostile)] }) as never },
    };
    const html = popoverPageHtml(PAGE, data);
    const block = html.slice(html.indexOf(POPOVER_DATA_ID), html.indexOf('<div id="root">'));
    // One closing tag: the block's own; no `<` inside it at all.
    expect(block.match(/<\/script/gi)).toHaveLength(1);
    expect(block.slice(0, block.lastIndexOf('</script>'))).not.toContain('<');
    expect(dataIn(html)).toEqual(data);
  });

  it('leaves the page as built without data or without its root', () => {
    expect(popoverPageHtml(PAGE, undefined)).toBe(PAGE);
    const noRoot = PAGE.replace('<div id="root"></div>', '');
    expect(popoverPageHtml(noRoot, { first: {} })).toBe(noRoot);
  });
});

describe('what the popover page is served with (popoverPageData)', () => {
  it('asks the IPC handlers for the first request in each order and the settings', async () => {
    const calls: [string, unknown][] = [];
    const call = (async (channel: string, payload: unknown) => {
      calls.push([channel, payload]);
      if (channel === 'settings:get') return ok({ theme: 'system', language: 'system' });
      const order = (payload as { order: string }).order;
      return ok({ requests: [request(`first-${order}`)] });
    }) as LocalIpcCall;
    const data = await popoverPageData(call);
    expect(calls).toEqual([
      ['settings:get', undefined],
      ['inbox:list-pending', { limit: 1, order: 'urgent' }],
      ['inbox:list-pending', { limit: 1, order: 'oldest' }],
      ['inbox:list-pending', { limit: 1, order: 'newest' }],
    ]);
    expect(data?.settings).toEqual(ok({ theme: 'system', language: 'system' }));
    expect(data?.first.oldest).toEqual(ok({ requests: [request('first-oldest')] }));
    expect(Object.keys(data?.first ?? {})).toEqual(['urgent', 'oldest', 'newest']);
  });

  it('is nothing while the IPC handlers are not registered (the page then asks over IPC)', async () => {
    const none = (async () => undefined) as LocalIpcCall;
    expect(await popoverPageData(none)).toBeUndefined();
  });

  it('passes an error envelope on as IPC would have returned it', async () => {
    const failed = { ok: false as const, error: { code: 'internal', message: 'x', status: 500 } };
    const call = (async (channel: string) =>
      channel === 'settings:get' ? ok({}) : failed) as LocalIpcCall;
    expect((await popoverPageData(call))?.first.urgent).toEqual(failed);
  });
});
