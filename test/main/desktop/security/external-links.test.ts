import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createExternalOpener,
  loopbackBrokerUrl,
} from '../../../../main/desktop/security/external-links';
import {
  BrokerAlreadyRunningError,
  startDesktopService,
} from '../../../../main/desktop/service-start';

/** A fake of Electron's shell.openExternal that records what it was asked to open. */
function fakeShell() {
  const opened: string[] = [];
  return { opened, openExternal: async (url: string) => void opened.push(url) };
}

let hostile: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (hostile ? hostile.close(() => resolve()) : resolve())),
);

describe('external opener (the one allow-list)', () => {
  it('opens http(s) links and refuses every other scheme or credentials', () => {
    const shell = fakeShell();
    const refused: string[] = [];
    const open = createExternalOpener(shell.openExternal, (m) => refused.push(m));
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://evil/share',
      'ms-settings:',
      'https://user:pw@example.com/',
      'not a url',
    ])
      expect(open(url), url).toBeUndefined();
    expect(open('https://docs.example.com/a')).toBe('https://docs.example.com/a');
    expect(shell.opened).toEqual(['https://docs.example.com/a']);
    expect(refused).toHaveLength(6);
  });

  it('opens a broker inbox only at a loopback http origin on the expected port', () => {
    expect(loopbackBrokerUrl('http://127.0.0.1:7842/x?y', 7842)).toBe('http://127.0.0.1:7842/');
    expect(loopbackBrokerUrl('http://[::1]:7842/', 7842)).toBe('http://[::1]:7842/');
    expect(loopbackBrokerUrl('http://127.0.0.1:7843/', 7842)).toBeUndefined();
    expect(loopbackBrokerUrl('https://evil.example:7842/', 7842)).toBeUndefined();
    expect(loopbackBrokerUrl('http://127.0.0.1.nip.io:7842/', 7842)).toBeUndefined();
    expect(loopbackBrokerUrl('file:///etc/passwd')).toBeUndefined();
    const shell = fakeShell();
    const open = createExternalOpener(shell.openExternal);
    expect(open('https://evil.example/', { kind: 'broker', port: 7842 })).toBeUndefined();
    expect(shell.opened).toEqual([]);
  });

  it('a hostile program holding the port cannot choose what the desktop opens', async () => {
    // It answers like a broker, claiming its inbox is a file, a remote page or a custom scheme.
    for (const claimed of ['file:///etc/passwd', 'https://evil.example/', 'ms-msdt:/id x']) {
      hostile = createServer((_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ version: '9.9.9', url: claimed }));
      });
      await new Promise<void>((r) => hostile!.listen(0, '127.0.0.1', r));
      const port = (hostile.address() as AddressInfo).port;
      const taken = Object.assign(new Error('taken'), { code: 'EADDRINUSE' });
      const error = await startDesktopService(
        async () => {
          throw taken;
        },
        { port, host: '127.0.0.1' },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BrokerAlreadyRunningError);
      const shell = fakeShell();
      const open = createExternalOpener(shell.openExternal);
      open((error as BrokerAlreadyRunningError).url, { kind: 'broker', port });
      expect(shell.opened, claimed).toEqual([`http://127.0.0.1:${port}/`]);
      await new Promise<void>((r) => hostile!.close(() => r()));
      hostile = undefined;
    }
  });
});
