import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { colorVarName } from './css-vars';
import { GlobalStyle } from './global-style';
import { darkColors, lightColors, type SemanticColors } from './tokens';

/** The CSS exactly as styled-components emits it (the server path; the browser path inserts the same rules). */
function renderedCss(): string {
  const sheet = new ServerStyleSheet();
  try {
    renderToString(sheet.collectStyles(<GlobalStyle />));
    return sheet.getStyleTags();
  } finally {
    sheet.seal();
  }
}

/** The declarations of the first rule whose selector starts with `selector`. */
function block(css: string, selector: string): string {
  const start = css.indexOf(`${selector}{`);
  expect(start).toBeGreaterThanOrEqual(0);
  return css.slice(start + selector.length + 1, css.indexOf('}', start));
}

const names = Object.keys(lightColors) as (keyof SemanticColors)[];

describe('GlobalStyle', () => {
  it('defines every light colour on :root and on data-theme="light"', () => {
    const light = block(renderedCss(), ":root,:root[data-theme='light']");

    expect(light).toContain('color-scheme:light;');
    for (const name of names) expect(light).toContain(`${colorVarName(name)}:${lightColors[name]};`);
  });

  it('defines every dark colour on data-theme="dark"', () => {
    const dark = block(renderedCss(), ":root[data-theme='dark']");

    expect(dark).toContain('color-scheme:dark;');
    for (const name of names) expect(dark).toContain(`${colorVarName(name)}:${darkColors[name]};`);
  });

  it('follows a dark system setting when no script has set data-theme', () => {
    const css = renderedCss();

    expect(css).toContain('@media (prefers-color-scheme:dark){:root:not([data-theme]){color-scheme:dark;');
    expect(block(css, ':root:not([data-theme])')).toBe(block(css, ":root[data-theme='dark']"));
  });

  it('cuts animations and transitions short under prefers-reduced-motion', () => {
    const css = renderedCss();
    const reduced = css.slice(css.indexOf('@media (prefers-reduced-motion:reduce)'));

    expect(reduced).toContain('transition-duration:.01ms!important');
    expect(reduced).toContain('animation-duration:.01ms!important');
  });

  it('paints the body from the colour-mode variables', () => {
    const body = block(renderedCss(), 'body');

    expect(body).toContain('background:var(--vw-color-bg)');
    expect(body).toContain('color:var(--vw-color-text)');
    expect(body).toContain('font-family:var(--font-inter, Inter),system-ui,sans-serif');
  });
});
