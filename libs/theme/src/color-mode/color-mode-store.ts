import { parseColorModePreference, type ColorModePreference } from './color-mode';
import type { StorageManager } from './storage-manager';

export interface ColorModeStore {
  subscribe(listener: () => void): () => void;
  getPreference(): ColorModePreference;
  setPreference(preference: ColorModePreference): void;
}

/**
 * The preference as an external store for `useSyncExternalStore`. It keeps its own copy, read lazily
 * on the client, so a choice still applies to this page when storage refuses to save it.
 */
export function createColorModeStore(storageManager: StorageManager): ColorModeStore {
  let preference: ColorModePreference | undefined;
  const listeners = new Set<() => void>();
  const read = () => storageManager.get() ?? 'system';
  const emit = () => listeners.forEach((listener) => listener());

  return {
    getPreference: () => (preference ??= read()),
    setPreference(next) {
      // Callers may be untyped JavaScript: never save a value the reader would reject.
      if (!parseColorModePreference(next)) return;
      preference = next;
      storageManager.set(next);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      const unsubscribe = storageManager.subscribe?.(() => {
        preference = read();
        emit();
      });
      return () => {
        listeners.delete(listener);
        unsubscribe?.();
      };
    },
  };
}
