import { describe, expect, it } from 'vitest';
import { safeHref } from '../../../renderer/src/markdown/safe-url';

describe('safeHref', () => {
  it('keeps absolute http(s) links', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref(' http://localhost:3000/ ')).toBe('http://localhost:3000/');
  });
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>',
    'file:///etc/passwd',
    'vbscript:x',
    '/api/requests',
    '#x',
    'mailto:a@b.c',
    '',
    undefined,
    null,
  ])('drops %s', (url) => {
    expect(safeHref(url)).toBeUndefined();
  });
});
