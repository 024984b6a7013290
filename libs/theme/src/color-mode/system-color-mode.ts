import type { ColorMode } from './color-mode';

const DARK_QUERY = '(prefers-color-scheme: dark)';

const hasMatchMedia = () => typeof matchMedia === 'function';

export function getSystemColorMode(): ColorMode {
  return hasMatchMedia() && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The server cannot know the system setting: it renders light (docs/product.md §9) and the inline script corrects it before paint. */
export function getServerSystemColorMode(): ColorMode {
  return 'light';
}

export function subscribeToSystemColorMode(onChange: () => void): () => void {
  if (!hasMatchMedia()) return () => undefined;
  const query = matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
