/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import * as client from './index';
import { createCookieStorageManager, createLocalStorageManager, GlobalStyle, ThemeProvider, useColorMode } from './index';
import { ColorModeScript, createTheme, getColorModeHtmlProps, getColorModeScript, readColorModePreference } from './server';

function Probe() {
  const { colorMode, preference } = useColorMode();
  return <p>{`${colorMode}/${preference}`}</p>;
}

describe('server rendering without DOM globals', () => {
  it('runs where window, document, localStorage and matchMedia do not exist', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect(typeof localStorage).toBe('undefined');
    expect(typeof matchMedia).toBe('undefined');
  });

  it('renders the saved mode the server read from the cookie', () => {
    const initialPreference = readColorModePreference('a=1; viewas-color-mode=dark');
    const html = renderToString(
      <ThemeProvider
        storageManager={createCookieStorageManager('viewas-color-mode', 'viewas-color-mode=dark')}
        initialPreference={initialPreference}
      >
        <Probe />
      </ThemeProvider>,
    );

    expect(html).toBe('<p>dark/dark</p>');
  });

  it('renders light for "system" or no choice, leaving the real mode to the inline script', () => {
    const html = renderToString(
      <ThemeProvider storageManager={createLocalStorageManager('viewas-color-mode')}>
        <Probe />
      </ThemeProvider>,
    );

    expect(html).toBe('<p>light/system</p>');
  });

  it('renders with the default storage manager without touching localStorage', () => {
    expect(
      renderToString(
        <ThemeProvider>
          <Probe />
        </ThemeProvider>,
      ),
    ).toBe('<p>light/system</p>');
  });

  it('reads the choice from a request cookie header when there is no document', () => {
    expect(createCookieStorageManager('viewas-color-mode', 'viewas-color-mode=light').get()).toBe('light');
    expect(createCookieStorageManager('viewas-color-mode').get()).toBeUndefined();
    expect(createLocalStorageManager('viewas-color-mode').get()).toBeUndefined();
  });

  it('ignores a save attempted on the server', () => {
    expect(() => createCookieStorageManager('viewas-color-mode').set('dark')).not.toThrow();
    expect(() => createLocalStorageManager('viewas-color-mode').set('dark')).not.toThrow();
  });

  it('server-renders GlobalStyle with both modes keyed on data-theme', () => {
    const sheet = new ServerStyleSheet();
    try {
      renderToString(sheet.collectStyles(<GlobalStyle />));
      const css = sheet.getStyleTags();

      expect(css).toContain(":root,:root[data-theme='light']{color-scheme:light;--vw-color-bg:#ffffff;");
      expect(css).toContain(":root[data-theme='dark']{color-scheme:dark;--vw-color-bg:#171923;");
    } finally {
      sheet.seal();
    }
  });

  it('builds a theme on the server, where the app reads its environment', () => {
    expect(createTheme({ brand500: '#123456' }).theme.colors.brand500).toBe('#123456');
  });
});

describe('readColorModePreference', () => {
  it.each([
    ['viewas-color-mode=dark', 'dark'],
    ['theme=x; viewas-color-mode=light; other=1', 'light'],
    ['viewas-color-mode=system', 'system'],
  ])('reads %j as %s', (header, expected) => {
    expect(readColorModePreference(header)).toBe(expected);
  });

  it.each([[null], [undefined], [''], ['other=dark'], ['viewas-color-mode=dark%22%3E'], ['xviewas-color-mode=dark']])(
    'reads no choice from %j',
    (header) => {
      expect(readColorModePreference(header)).toBeUndefined();
    },
  );

  it('reads a custom key', () => {
    expect(readColorModePreference('mode=dark; viewas-color-mode=light', 'mode')).toBe('dark');
  });
});

describe('getColorModeHtmlProps', () => {
  it.each(['light', 'dark'] as const)('renders <html data-theme="%s"> with the matching color-scheme', (mode) => {
    const html = renderToString(<html lang="en" {...getColorModeHtmlProps(mode)} />);

    expect(html.startsWith(`<html lang="en" data-theme="${mode}" style="color-scheme:${mode}">`)).toBe(true);
  });

  it.each(['system', undefined] as const)('adds nothing for %s, so the inline script and the media query decide', (preference) => {
    expect(getColorModeHtmlProps(preference)).toEqual({});
  });
});

describe('ColorModeScript in a server component', () => {
  it('renders with the nonce', () => {
    expect(renderToString(<ColorModeScript nonce="n0nce" />)).toBe(`<script nonce="n0nce">${getColorModeScript()}</script>`);
  });

  it('has one home, ./server, with the other first-paint helpers: the client entry does not carry it', () => {
    expect(client).not.toHaveProperty('ColorModeScript');
    expect(client).not.toHaveProperty('getColorModeScript');
  });
});
