import '@testing-library/jest-dom';
import { toHaveNoViolations } from 'jest-axe';

expect.extend(toHaveNoViolations);

// jsdom has no matchMedia; react-hot-toast's <Toaster> asks it about reduced motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom reports Safari's navigator.vendor, which makes floating-ui give its invisible focus guards
// role="button" (a VoiceOver workaround of its own). Report Chromium's, where the Storybook a11y
// checks and the browser smoke test also run.
Object.defineProperty(window.navigator, 'vendor', { value: 'Google Inc.', configurable: true });
