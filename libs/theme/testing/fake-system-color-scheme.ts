type Listener = (event: MediaQueryListEvent) => void;

export interface FakeSystemColorScheme {
  /** Flips the OS setting, notifying listeners as a real MediaQueryList does. */
  setDark(dark: boolean): void;
  /** Live `change` listeners, to prove subscriptions are released. */
  listenerCount(): number;
  uninstall(): void;
}

/** Installs `window.matchMedia` (jsdom has none) answering `(prefers-color-scheme: dark)` from a switchable setting. */
export function installSystemColorScheme({ dark }: { dark: boolean }): FakeSystemColorScheme {
  let isDark = dark;
  const listeners = new Set<Listener>();
  const matches = (query: string) => query.replace(/\s/g, '') === '(prefers-color-scheme:dark)' && isDark;

  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;

  return {
    setDark(next) {
      isDark = next;
      listeners.forEach((listener) => listener({ matches: next, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent));
    },
    listenerCount: () => listeners.size,
    uninstall() {
      listeners.clear();
      delete (window as { matchMedia?: unknown }).matchMedia;
    },
  };
}
