// The named `styled` export, never the default one: Node's ESM loader picks styled-components'
// CommonJS build, whose default import is the whole module object (the consumer smoke test's SSR).
import { css, keyframes, type DefaultTheme, styled } from 'styled-components';

export const focusRing = (t: DefaultTheme) => css`
  &:focus-visible {
    outline: 2px solid ${t.colors.focusRing};
    outline-offset: 2px;
  }
`;

export const hiddenInPrint = css`
  @media print {
    display: none;
  }
`;

/** No motion for people who asked for less, even when the host has no GlobalStyle doing it. */
export const reducedMotion = css`
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    transition: none;
  }
`;

export const fadeIn = keyframes`
  from {
    opacity: 0;
  }
`;

/** Read by screen readers, invisible on screen. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;
