import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HitlRequest } from '@contract/request';
import { RequestMeta } from '../../../renderer/src/components/RequestMeta';
import { I18nProvider } from '../../../renderer/src/i18n/I18nProvider';

const request: HitlRequest = {
  id: 'build-vm/r1',
  source: 'clarity-http',
  key: 'deploy',
  prompt: 'Deploy?',
  input: { kind: 'text' },
  createdAt: 1_000,
  status: 'pending',
  meta: { where: 'build-vm' },
} as HitlRequest;

describe('the "where" label of a merged inbox', () => {
  it('names the broker a request lives on; a single-broker request has none', () => {
    const html = (r: HitlRequest) =>
      renderToStaticMarkup(
        <I18nProvider>
          <RequestMeta request={r} now={2_000} />
        </I18nProvider>,
      );
    expect(html(request)).toContain('<dt>Where</dt><dd class="where">build-vm</dd>');
    expect(html({ ...request, meta: {} })).not.toContain('Where');
  });
});
