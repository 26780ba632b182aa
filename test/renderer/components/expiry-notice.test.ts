import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { expiryNotice } from '../../../renderer/src/components/use-departure-notices';
import type { AgeTranslate } from '../../../renderer/src/format/age';
import { translate } from '../../../renderer/src/i18n/translate';

const en: AgeTranslate = (key, vars) => translate('en', key, vars);
const zh: AgeTranslate = (key, vars) => translate('zh', key, vars);
const expired = (extra: Partial<HitlRequest> = {}): HitlRequest => ({
  id: 'r1',
  source: 'cueme',
  key: 'deploy-prod',
  prompt: '\n## Deploy **v1.2** to prod?\n\nDetails follow.',
  input: { kind: 'text' },
  createdAt: 1_000_000,
  expiresAt: 1_300_000,
  resolvedAt: 1_300_050,
  status: 'expired',
  resolvedBy: 'timeout',
  ...extra,
});

describe('expiryNotice', () => {
  it('says how long it waited, which agent asked and the first line of the question', () => {
    expect(expiryNotice(expired({ agent: { id: 'a1', name: 'claude' } }), en)).toBe(
      '“deploy-prod” expired after 5 min, agent claude: Deploy v1.2 to prod?',
    );
    expect(expiryNotice(expired({ agent: { id: 'a1', name: 'claude' } }), zh)).toBe(
      '“deploy-prod” 等待 5 分钟 后已过期，智能体 claude：Deploy v1.2 to prod?',
    );
  });

  it('leaves the agent out when there is none, and uses the title when there is one', () => {
    expect(expiryNotice(expired({ title: 'Deploy', resolvedAt: 1_045_000 }), en)).toBe(
      '“Deploy” expired after 45 s: Deploy v1.2 to prod?',
    );
  });

  it('never says the question twice: a title taken from its first line gives the next line, or none', () => {
    expect(expiryNotice(expired({ title: 'Deploy v1.2 to prod?' }), en)).toBe(
      '“Deploy v1.2 to prod?” expired after 5 min: Details follow.',
    );
    expect(
      expiryNotice(
        expired({ title: 'Go on?', prompt: 'Go on?', agent: { id: 'a1', name: 'claude' } }),
        en,
      ),
    ).toBe('“Go on?” expired after 5 min, agent claude');
    expect(expiryNotice(expired({ title: 'Go on?', prompt: 'Go on?' }), zh)).toBe(
      '“Go on?” 等待 5 分钟 后已过期',
    );
  });

  it('shows control characters escaped, never acting on the page', () => {
    const text = expiryNotice(expired({ key: 'a\u202Eb', agent: { id: 'x\u001b' } }), en);
    expect(text.includes('\u202E') || text.includes('\u001b')).toBe(false);
  });
});
