/** Clears what colour-mode code leaves on the shared jsdom document between tests. */
export function resetDocumentColorMode(): void {
  const root = document.documentElement;
  delete root.dataset['theme'];
  root.style.removeProperty('color-scheme');
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

/** Runs the inline colour-mode script the way a browser would before first paint. */
export function runInlineScript(source: string): void {
  new Function(source)();
}
