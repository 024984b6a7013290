import { defaultTheme } from '@viewas/theme';
import { renderToString } from 'react-dom/server';
import { readDocumentContext } from './document-context';
import { PAGE_END_ID, RootDocument } from './root-document';

/** The first HTML a request gets, as the root layout renders it. */
function firstHtml(requestHeaders: Record<string, string>) {
  const { lang, colorModePreference, nonce } = readDocumentContext(new Headers(requestHeaders));
  return renderToString(
    <RootDocument lang={lang} theme={defaultTheme} colorModePreference={colorModePreference} nonce={nonce}>
      <p>page</p>
    </RootDocument>,
  );
}

const htmlTag = (html: string) => html.match(/<html[^>]*>/)?.[0] ?? '';

describe('the first HTML of a page', () => {
  it('carries the saved dark mode and the locale on <html>', () => {
    const html = firstHtml({ cookie: 'other=1; viewas-color-mode=dark', 'accept-language': 'en-GB,en;q=0.9' });
    expect(htmlTag(html)).toContain('lang="en"');
    expect(htmlTag(html)).toContain('data-theme="dark"');
    expect(html).toContain('<p>page</p>');
  });

  it('holds the first paint until the body has been parsed up to its last element', () => {
    const html = firstHtml({});
    const head = html.slice(0, html.indexOf('</head>'));
    const body = html.slice(html.indexOf('<body'));
    expect(head).toContain(`<link rel="expect" href="#${PAGE_END_ID}" blocking="render"/>`);
    expect(body.indexOf('<p>page</p>')).toBeGreaterThan(-1);
    expect(body).toMatch(new RegExp(`<p>page</p>.*<div id="${PAGE_END_ID}" hidden=""></div></body>`, 's'));
  });

  it('carries the saved light mode', () => {
    const tag = htmlTag(firstHtml({ cookie: 'viewas-color-mode=light' }));
    expect(tag).toContain('data-theme="light"');
  });

  it('renders no inline style attribute, which the Content-Security-Policy would block', () => {
    expect(firstHtml({ cookie: 'viewas-color-mode=dark', 'x-nonce': 'abc123' })).not.toMatch(/<[^>]+\sstyle="/);
  });

  it.each([
    ['no saved choice', {}],
    ['the system choice', { cookie: 'viewas-color-mode=system' }],
    ['a tampered choice', { cookie: 'viewas-color-mode=%3Cscript%3E' }],
  ])('leaves the mode to the inline script for %s', (_case, requestHeaders) => {
    const html = firstHtml(requestHeaders);
    expect(htmlTag(html)).not.toContain('data-theme');
    // First in <head> after the render-blocking marker, which loads nothing: before anything is painted.
    expect(html).toMatch(
      /<head><link rel="expect" href="#page-end" blocking="render"\/><script[^>]*>\(function\(k\)\{try\{var v;v=\('; '\+document\.cookie\)/,
    );
  });

  it('falls back to English without a usable saved locale or Accept-Language', () => {
    expect(htmlTag(firstHtml({ cookie: 'viewas-locale=xx', 'accept-language': 'ja' }))).toContain('lang="en"');
    expect(htmlTag(firstHtml({}))).toContain('lang="en"');
  });

  it('puts the CSP nonce on the inline colour-mode script', () => {
    const html = firstHtml({ 'x-nonce': 'abc123' });
    expect(html).toMatch(/<script nonce="abc123">\(function\(k\)/);
  });

  it('hands the CSP nonce to styled-components (csp-nonce meta) and to react-hot-toast (window.__nonce__)', () => {
    const html = firstHtml({ 'x-nonce': 'abc123' });
    expect(html).toContain('<meta property="csp-nonce" nonce="abc123"/>');
    expect(html).toContain('<script nonce="abc123">self.__nonce__=document.currentScript.nonce</script>');
    expect(firstHtml({})).not.toMatch(/csp-nonce|__nonce__/);
  });
});
