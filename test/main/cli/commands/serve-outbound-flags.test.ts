import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  outboundServiceOptions,
  type OutboundFlags,
} from '../../../../main/cli/commands/serve-outbound-flags';

const fail = (message: string): never => {
  throw new Error(message);
};
/** Reads a secret as serve does (the first line); a missing file fails naming the flag. */
const readSecret = (file: string, failWith: (m: string) => never, flag: string) =>
  file.endsWith('missing')
    ? failWith(`${flag} ${file}: ENOENT`)
    : `secret-of-${path.basename(file)}`;
const flags = (extra: Partial<OutboundFlags>): OutboundFlags => ({ webhook: [], ...extra });

describe('serve: --public-url, --webhook…, --ntfy…', () => {
  it('nothing given: no options', () => {
    expect(outboundServiceOptions(flags({}), fail, readSecret)).toEqual({});
  });

  it("webhooks with their secret and format; the URL's own ?format= wins", () => {
    expect(
      outboundServiceOptions(
        flags({
          webhook: ['https://a.example/h', 'https://hooks.slack.com/x?format=slack'],
          webhookFormat: 'discord',
          webhookSecretFile: '/s/hook',
          publicUrl: 'https://laptop.example.ts.net',
        }),
        fail,
        readSecret,
      ),
    ).toEqual({
      publicUrl: 'https://laptop.example.ts.net/',
      webhooks: [
        { url: 'https://a.example/h', format: 'discord' },
        { url: 'https://hooks.slack.com/x?format=slack' },
      ],
      webhookSecret: 'secret-of-hook',
    });
  });

  it('ntfy with its token file and reply topic', () => {
    expect(
      outboundServiceOptions(
        flags({
          ntfy: 'https://ntfy.example/hitl-abc',
          ntfyTokenFile: '/s/ntfy',
          ntfyReplyTopic: 'r',
        }),
        fail,
        readSecret,
      ),
    ).toEqual({
      ntfy: { url: 'https://ntfy.example/hitl-abc', token: 'secret-of-ntfy', replyTopic: 'r' },
    });
  });

  it('ntfy from $CLARITY_HITL_NTFY, out of ps (another local account reading the topic could press the buttons); the flag wins', () => {
    const env = { CLARITY_HITL_NTFY: 'https://ntfy.example/hitl-secret-topic' };
    expect(
      outboundServiceOptions(flags({ ntfyTokenFile: '/s/ntfy' }), fail, readSecret, env),
    ).toEqual({
      ntfy: { url: 'https://ntfy.example/hitl-secret-topic', token: 'secret-of-ntfy' },
    });
    expect(
      outboundServiceOptions(flags({ ntfy: 'https://ntfy.example/flag' }), fail, readSecret, env),
    ).toEqual({ ntfy: { url: 'https://ntfy.example/flag' } });
    expect(() =>
      outboundServiceOptions(flags({}), fail, readSecret, { CLARITY_HITL_NTFY: 'https://x/' }),
    ).toThrow(/^CLARITY_HITL_NTFY: url: the URL must end with the topic/);
    expect(outboundServiceOptions(flags({}), fail, readSecret, {})).toEqual({});
  });

  it.each([
    [{ publicUrl: 'ftp://x' }, /^--public-url: /],
    [
      { webhook: ['http://x/?format=teams'] },
      /^--webhook http:\/\/x\/\?format=teams: format=teams/,
    ],
    [{ webhook: ['https://user:pw@x/'] }, /credentials in the URL/],
    [{ webhookSecretFile: '/s/hook' }, /--webhook-secret-file needs at least one --webhook/],
    [
      { webhook: ['https://x/'], webhookSecretFile: '/missing' },
      /--webhook-secret-file \/missing: ENOENT/,
    ],
    [{ ntfy: 'https://ntfy.example/' }, /^--ntfy: url: the URL must end with the topic/],
    [{ ntfyTokenFile: '/s/t' }, /need --ntfy/],
    [{ ntfy: 'https://ntfy.example/t', ntfyReplyTopic: 't' }, /replyTopic: must differ/],
  ] as Array<[Partial<OutboundFlags>, RegExp]>)('refuses %o naming the flag', (extra, message) => {
    expect(() => outboundServiceOptions(flags(extra), fail, readSecret)).toThrow(message);
  });
});
