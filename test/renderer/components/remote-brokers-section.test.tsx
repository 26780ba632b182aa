import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../renderer/src/i18n/I18nProvider';
import {
  RemoteBrokersSection,
  type RemoteBrokersApi,
} from '../../../renderer/src/settings/RemoteBrokersSection';

const api: RemoteBrokersApi = {
  list: () => new Promise(() => {}),
  save: () => new Promise(() => {}),
  remove: () => new Promise(() => {}),
};

describe('RemoteBrokersSection', () => {
  it('asks for name, URL and a masked token', () => {
    const html = renderToStaticMarkup(
      <I18nProvider>
        <RemoteBrokersSection api={api} />
      </I18nProvider>,
    );
    expect(html).toContain('Remote brokers');
    expect(html).toMatch(/<input aria-label="Token"[^>]*type="password"/);
    expect(html).toContain('aria-label="URL"');
    expect(html).toContain('Add broker');
  });
});
