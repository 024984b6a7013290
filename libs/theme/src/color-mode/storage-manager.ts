import { COLOR_MODE_COOKIE_MAX_AGE, parseColorModePreference, type ColorModePreference } from './color-mode';
import { readCookie } from './read-cookie';

/** Where the colour-mode choice is kept. Injected into ThemeProvider, like chakra-ui's storage manager. */
export interface StorageManager {
  type: 'localStorage' | 'cookie' | 'memory';
  /** The saved choice; undefined when there is none, or when what is stored is not a valid choice. */
  get(): ColorModePreference | undefined;
  set(value: ColorModePreference): void;
  /** Calls `onChange` when another tab saves a choice; returns the unsubscribe function. */
  subscribe?(onChange: () => void): () => void;
}

const noop = () => undefined;

export function createLocalStorageManager(key: string): StorageManager {
  return {
    type: 'localStorage',
    get() {
      try {
        return parseColorModePreference(localStorage.getItem(key));
      } catch {
        // No localStorage here: a server render, or storage blocked by the browser.
        return undefined;
      }
    },
    set(value) {
      try {
        localStorage.setItem(key, value);
      } catch {
        // Storage blocked or full: the choice still applies to this page, it just is not remembered.
      }
    },
    subscribe(onChange) {
      // `key` is null when another tab clears the whole storage.
      const listener = (event: StorageEvent) => (event.key === key || event.key === null) && onChange();
      window.addEventListener('storage', listener);
      return () => window.removeEventListener('storage', listener);
    },
  };
}

// Cookies fire no event across tabs, so a cookie write is announced on a BroadcastChannel.
function openChannel(key: string): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`viewas-color-mode:${key}`);
}

/**
 * Keeps the choice in a cookie the server can read, so it renders the saved mode directly.
 * `cookieHeader` is the request's `Cookie` header, read where there is no `document`.
 */
export function createCookieStorageManager(key: string, cookieHeader?: string): StorageManager {
  return {
    type: 'cookie',
    get() {
      const cookies = typeof document === 'undefined' ? cookieHeader : document.cookie;
      return parseColorModePreference(cookies && readCookie(cookies, key));
    },
    set(value) {
      if (typeof document === 'undefined') return;
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      document.cookie = `${encodeURIComponent(key)}=${value}; max-age=${COLOR_MODE_COOKIE_MAX_AGE}; path=/; SameSite=Lax${secure}`;
      const channel = openChannel(key);
      channel?.postMessage(value);
      channel?.close();
    },
    subscribe(onChange) {
      const channel = openChannel(key);
      if (!channel) return noop;
      channel.onmessage = onChange;
      return () => channel.close();
    },
  };
}

/** Keeps the choice in memory only: for tests, Storybook and embeds that must not persist anything. */
export function createMemoryStorageManager(initial?: ColorModePreference): StorageManager {
  let saved = initial;
  return {
    type: 'memory',
    get: () => saved,
    set(value) {
      saved = value;
    },
  };
}
