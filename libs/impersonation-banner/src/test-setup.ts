import '@testing-library/jest-dom';
import { act } from '@testing-library/react';
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

// Any React warning (act(), keys, nesting) or other console error fails the test that caused it.
// floating-ui positions in a chain of promises after the last interaction: settle it inside act()
// first, so only real warnings remain.
let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error');
});
afterEach(async () => {
  await act(async () => {
    for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
  });
  expect(consoleError).not.toHaveBeenCalled();
});
