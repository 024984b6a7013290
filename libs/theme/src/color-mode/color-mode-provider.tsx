import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_COLOR_MODE_STORAGE_KEY, resolveColorMode, type ColorMode, type ColorModePreference } from './color-mode';
import { createColorModeStore } from './color-mode-store';
import { applyColorMode } from './html-props';
import { createLocalStorageManager, type StorageManager } from './storage-manager';
import { getServerSystemColorMode, getSystemColorMode, subscribeToSystemColorMode } from './system-color-mode';

export interface ColorModeContextValue {
  /** The mode on screen. */
  colorMode: ColorMode;
  /** The user's choice; 'system' follows `prefers-color-scheme` live. */
  preference: ColorModePreference;
  setPreference(preference: ColorModePreference): void;
  /** Saves the opposite of the mode on screen as an explicit choice. */
  toggle(): void;
}

export interface ColorModeProviderProps {
  /** Where the choice is kept. Default: localStorage under `viewas-color-mode`. Create it once, outside render. */
  storageManager?: StorageManager;
  /** The choice the server read (from the cookie), so the server render and hydration agree. Default 'system'. */
  initialPreference?: ColorModePreference;
  children?: ReactNode;
}

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export function ColorModeProvider({ storageManager, initialPreference = 'system', children }: ColorModeProviderProps) {
  const store = useMemo(
    () => createColorModeStore(storageManager ?? createLocalStorageManager(DEFAULT_COLOR_MODE_STORAGE_KEY)),
    [storageManager],
  );
  // The server snapshots render what the server knows; on hydration React re-renders at once with the
  // client's values, so the markup never mismatches and no DOM global is read on the server.
  const preference = useSyncExternalStore(store.subscribe, store.getPreference, () => initialPreference);
  const systemMode = useSyncExternalStore(subscribeToSystemColorMode, getSystemColorMode, getServerSystemColorMode);
  const colorMode = resolveColorMode(preference, systemMode);

  useEffect(() => {
    // Reads the live values, not this render's: the hydration render shows the server's snapshot,
    // and writing that would briefly undo what the inline script set.
    applyColorMode(document.documentElement, resolveColorMode(store.getPreference(), getSystemColorMode()));
  }, [store, colorMode]);

  const value = useMemo<ColorModeContextValue>(
    () => ({
      colorMode,
      preference,
      setPreference: store.setPreference,
      toggle: () => store.setPreference(colorMode === 'dark' ? 'light' : 'dark'),
    }),
    [store, colorMode, preference],
  );

  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeContextValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode needs a <ThemeProvider> above it.');
  return value;
}
