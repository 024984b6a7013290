import { createGlobalStyle } from 'styled-components';
import { colorVarDeclarations } from './css-vars';
import { darkColors, fonts, lightColors, lineHeights } from './tokens';

const light = `color-scheme:light;${colorVarDeclarations(lightColors)}`;
const dark = `color-scheme:dark;${colorVarDeclarations(darkColors)}`;

/**
 * The colour-mode custom properties, keyed on `<html data-theme>` so the mode is right on the first paint;
 * with no attribute (no script ran) the system setting decides. Also the body defaults and reduced motion.
 */
// Written compact: this template ships verbatim in the bundle.
export const GlobalStyle = createGlobalStyle`
:root,:root[data-theme='light']{${light}}
:root[data-theme='dark']{${dark}}
@media (prefers-color-scheme:dark){:root:not([data-theme]){${dark}}}
body{margin:0;background:var(--vw-color-bg);color:var(--vw-color-text);font-family:${fonts.body};line-height:${lineHeights.normal}}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:.01ms!important;animation-iteration-count:1!important;transition-duration:.01ms!important;scroll-behavior:auto!important}}
`;
