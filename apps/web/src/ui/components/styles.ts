import { css } from 'styled-components';

/** The visible keyboard focus every interactive element shares. */
export const focusRing = css`
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/** Read by screen readers, invisible on screen. */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/** Phones: below this width tables collapse into stacked rows and the top bar tightens. Use as `${onPhone} { ... }`. */
export const onPhone = '@media (max-width: 640px)';
