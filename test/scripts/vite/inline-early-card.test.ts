import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deferAppEntry, inlineIntoPage, scriptHash } from '../../../scripts/vite/inline-early-card';

const PAGE = [
  '<html><head>',
  `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'" />`,
  '<script type="module" crossorigin src="./assets/popover-1.js"></script>',
  '<link rel="stylesheet" crossorigin href="./assets/app-2.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const SCRIPT = '(function(){var a=`$&`;go(a)})();';

describe('the popover page’s inline script and styles (inlineIntoPage)', () => {
  it('puts the script after the root, allowed by its sha256 alone, and the stylesheet inline', () => {
    const css = new Map([['./assets/app-2.css', ':root{--panel:#fff}']]);
    const html = inlineIntoPage(PAGE, SCRIPT, css);
    const digest = createHash('sha256').update(SCRIPT).digest('base64');
    expect(scriptHash(SCRIPT)).toBe(`'sha256-${digest}'`);
    expect(html).toContain(`script-src 'self' 'sha256-${digest}';`);
    expect(html).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Exactly the script whose hash is allowed (a `$&` in it is text, not a replacement pattern).
    expect(html).toContain(`<div id="root"></div><script>${SCRIPT}</script>`);
    expect(html).toContain('<style>:root{--panel:#fff}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<script type="module" crossorigin src="./assets/popover-1.js">');
  });

  it('refuses what could break out of its element or find no place in the page', () => {
    const none = new Map<string, string>();
    expect(() => inlineIntoPage(PAGE, 'a="</script>"', none)).toThrow(/<\/script/);
    expect(() => inlineIntoPage(PAGE, 'a="<!--"', none)).toThrow(/<!--/);
    expect(() =>
      inlineIntoPage(PAGE, SCRIPT, new Map([['./assets/app-2.css', 'a{}</style>']])),
    ).toThrow(/<\/style/);
    expect(() => inlineIntoPage(PAGE.replace("script-src 'self';", ''), SCRIPT, none)).toThrow(
      /CSP/,
    );
    expect(() => inlineIntoPage(PAGE.replace('<div id="root"></div>', ''), SCRIPT, none)).toThrow(
      /root/,
    );
    expect(() => inlineIntoPage(PAGE, SCRIPT, new Map([['./assets/other.css', 'a{}']]))).toThrow(
      /no link/,
    );
  });
});

describe('the popover page’s module entry, after its first card (deferAppEntry)', () => {
  it('names the entry in an inert link and drops its preloads', () => {
    const page = PAGE.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="./assets/helper-3.js">\n</head>',
    );
    const html = deferAppEntry(page);
    expect(html).toContain('<link rel="hitl-app-entry" href="./assets/popover-1.js">');
    expect(html).not.toMatch(/<script type="module"|modulepreload/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="./assets/app-2.css">');
  });

  it('refuses a page without exactly one module script', () => {
    expect(() => deferAppEntry(PAGE.replace(/<script type="module"[^\n]*\n/, ''))).toThrow(
      /0 module/,
    );
    const two = PAGE.replace('</head>', '<script type="module" src="./b.js"></script></head>');
    expect(() => deferAppEntry(two)).toThrow(/2 module/);
  });
});
