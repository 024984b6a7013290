import { installBroadcastChannel } from '../../testing/broadcast-channel';
import { resetDocumentColorMode } from '../../testing/document-state';
import { COLOR_MODE_COOKIE_MAX_AGE, DEFAULT_COLOR_MODE_STORAGE_KEY } from './color-mode';
import { createCookieStorageManager, createLocalStorageManager, createMemoryStorageManager } from './storage-manager';

const KEY = DEFAULT_COLOR_MODE_STORAGE_KEY;

afterEach(resetDocumentColorMode);

describe('createLocalStorageManager', () => {
  it.each(['light', 'dark', 'system'] as const)('reads a saved %s', (value) => {
    localStorage.setItem(KEY, value);

    expect(createLocalStorageManager(KEY).get()).toBe(value);
  });

  it.each([
    ['nothing saved', null],
    ['a tampered value', 'purple'],
    ['a near miss', 'Dark'],
    ['an injection attempt', "dark';alert(1)//"],
  ])('reads no choice from %s', (_case, stored) => {
    if (stored !== null) localStorage.setItem(KEY, stored);

    expect(createLocalStorageManager(KEY).get()).toBeUndefined();
  });

  it('writes the choice under its key', () => {
    createLocalStorageManager(KEY).set('dark');

    expect(localStorage.getItem(KEY)).toBe('dark');
  });

  it('reads no choice, without throwing, when the browser blocks storage', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });

    expect(createLocalStorageManager(KEY).get()).toBeUndefined();
  });

  it('swallows a refused write (storage full or blocked)', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });

    expect(() => createLocalStorageManager(KEY).set('dark')).not.toThrow();
  });

  it('reports a change saved by another tab under its key, or a cleared storage, and nothing else', () => {
    const onChange = jest.fn();
    const unsubscribe = createLocalStorageManager(KEY).subscribe?.(onChange);

    window.dispatchEvent(new StorageEvent('storage', { key: 'another-key', newValue: 'x' }));
    expect(onChange).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: 'dark' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(onChange).toHaveBeenCalledTimes(2);

    unsubscribe?.();
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: 'light' }));
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

describe('createCookieStorageManager', () => {
  it('writes exactly `<key>=<value>; max-age=31536000; path=/; SameSite=Lax` on http', () => {
    const setCookie = jest.spyOn(Document.prototype, 'cookie', 'set');

    createCookieStorageManager(KEY).set('dark');

    expect(COLOR_MODE_COOKIE_MAX_AGE).toBe(31536000);
    expect(setCookie).toHaveBeenCalledWith('viewas-color-mode=dark; max-age=31536000; path=/; SameSite=Lax');
    expect(document.cookie).toBe('viewas-color-mode=dark');
  });

  it('encodes a key that is not a valid cookie name, and reads it back', () => {
    const setCookie = jest.spyOn(Document.prototype, 'cookie', 'set');
    const manager = createCookieStorageManager('colour mode');

    manager.set('light');

    expect(setCookie).toHaveBeenCalledWith('colour%20mode=light; max-age=31536000; path=/; SameSite=Lax');
    expect(manager.get()).toBe('light');
  });

  it('reads its own cookie among others, not one whose name merely ends with the key', () => {
    document.cookie = `x${KEY}=light`;
    document.cookie = 'session=abc';
    document.cookie = `${KEY}=dark`;

    expect(createCookieStorageManager(KEY).get()).toBe('dark');
  });

  it.each([
    ['no cookie', undefined],
    ['a tampered value', 'sepia'],
    ['an empty value', ''],
  ])('reads no choice from %s', (_case, stored) => {
    if (stored !== undefined) document.cookie = `${KEY}=${stored}`;

    expect(createCookieStorageManager(KEY).get()).toBeUndefined();
  });

  it('prefers the live document.cookie to a stale request header in the browser', () => {
    document.cookie = `${KEY}=light`;

    expect(createCookieStorageManager(KEY, `${KEY}=dark`).get()).toBe('light');
  });

  describe('across tabs', () => {
    let uninstall: () => void;
    beforeEach(() => {
      uninstall = installBroadcastChannel();
    });
    afterEach(() => uninstall());

    it('tells another tab when a choice is saved', async () => {
      const otherTab = createCookieStorageManager(KEY);
      const changed = new Promise<void>((resolve) => {
        const unsubscribe = otherTab.subscribe?.(() => {
          unsubscribe?.();
          resolve();
        });
      });

      createCookieStorageManager(KEY).set('dark');

      await expect(changed).resolves.toBeUndefined();
    });

    it('does not hear choices saved under another key', async () => {
      const onChange = jest.fn();
      const unsubscribe = createCookieStorageManager(KEY).subscribe?.(onChange);
      const sameKeyHeard = new Promise<void>((resolve) => {
        const stop = createCookieStorageManager(KEY).subscribe?.(() => {
          stop?.();
          resolve();
        });
      });

      createCookieStorageManager('other-key').set('dark');
      createCookieStorageManager(KEY).set('light');
      await sameKeyHeard;

      expect(onChange).toHaveBeenCalledTimes(1);
      unsubscribe?.();
    });
  });

  it('still saves, and subscribes to nothing, where BroadcastChannel does not exist', () => {
    expect(typeof BroadcastChannel).toBe('undefined');
    const manager = createCookieStorageManager(KEY);

    const unsubscribe = manager.subscribe?.(jest.fn());
    manager.set('dark');

    expect(manager.get()).toBe('dark');
    expect(() => unsubscribe?.()).not.toThrow();
  });
});

describe('createMemoryStorageManager', () => {
  it('starts from the given choice and keeps what is set, touching no browser storage', () => {
    const manager = createMemoryStorageManager('dark');

    manager.set('system');

    expect(manager.get()).toBe('system');
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('has no choice when started without one', () => {
    expect(createMemoryStorageManager().get()).toBeUndefined();
  });
});
