import { renderToStaticMarkup } from 'react-dom/server';
import { resetDocumentColorMode, runInlineScript } from '../../testing/document-state';
import { installSystemColorScheme, type FakeSystemColorScheme } from '../../testing/fake-system-color-scheme';
import { ColorModeScript, getColorModeScript } from './color-mode-script';

let system: FakeSystemColorScheme;
beforeEach(() => {
  system = installSystemColorScheme({ dark: true });
});
afterEach(() => {
  system.uninstall();
  resetDocumentColorMode();
});

const root = () => document.documentElement;

describe('getColorModeScript', () => {
  it('applies a saved choice from localStorage under the default key', () => {
    localStorage.setItem('viewas-color-mode', 'light');

    runInlineScript(getColorModeScript());

    expect(root().dataset['theme']).toBe('light');
    expect(root().style.colorScheme).toBe('light');
  });

  it('applies a saved choice from the cookie, found among other cookies', () => {
    document.cookie = 'a=1';
    document.cookie = 'viewas-color-mode=light';
    document.cookie = 'b=2';

    runInlineScript(getColorModeScript({ type: 'cookie' }));

    expect(root().dataset['theme']).toBe('light');
  });

  it('reads the key it is given, encoded as the cookie manager writes it', () => {
    document.cookie = `${encodeURIComponent('my mode')}=light`;

    runInlineScript(getColorModeScript({ type: 'cookie', storageKey: 'my mode' }));

    expect(root().dataset['theme']).toBe('light');
  });

  it('follows the system setting when storage itself throws', () => {
    system.setDark(false);
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });

    expect(() => runInlineScript(getColorModeScript())).not.toThrow();
    expect(root().dataset['theme']).toBeUndefined();
  });

  it('leaves <html> alone, for the CSS media-query fallback, when matchMedia is missing', () => {
    system.uninstall();

    expect(() => runInlineScript(getColorModeScript())).not.toThrow();
    expect(root().dataset['theme']).toBeUndefined();
  });

  it('cannot be broken out of by a key holding </script>', () => {
    const source = getColorModeScript({ storageKey: '</script><script>alert(1)</script>' });

    expect(source).not.toContain('</script>');
    expect(source).toContain('\\u003c/script>');
  });
});

describe('ColorModeScript', () => {
  it('renders the inline script with the CSP nonce', () => {
    const html = renderToStaticMarkup(<ColorModeScript nonce="r4nd0m" type="cookie" storageKey="mode" />);

    expect(html).toBe(`<script nonce="r4nd0m">${getColorModeScript({ type: 'cookie', storageKey: 'mode' })}</script>`);
  });

  it('renders without a nonce attribute when none is given', () => {
    expect(renderToStaticMarkup(<ColorModeScript />)).toBe(`<script>${getColorModeScript()}</script>`);
  });
});
