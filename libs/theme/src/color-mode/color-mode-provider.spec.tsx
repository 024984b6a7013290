import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '../theme-provider';
import { installBroadcastChannel } from '../../testing/broadcast-channel';
import { resetDocumentColorMode } from '../../testing/document-state';
import { installSystemColorScheme, type FakeSystemColorScheme } from '../../testing/fake-system-color-scheme';
import { DEFAULT_COLOR_MODE_STORAGE_KEY, type ColorModePreference } from './color-mode';
import { useColorMode } from './color-mode-provider';
import { createCookieStorageManager, createLocalStorageManager, createMemoryStorageManager, type StorageManager } from './storage-manager';

const KEY = DEFAULT_COLOR_MODE_STORAGE_KEY;

function ColorModeControls() {
  const { colorMode, preference, setPreference, toggle } = useColorMode();
  return (
    <>
      <p role="status">{`${colorMode} mode, ${preference} preference`}</p>
      {(['light', 'dark', 'system'] as const).map((choice) => (
        <button key={choice} type="button" onClick={() => setPreference(choice)}>
          {`Use ${choice}`}
        </button>
      ))}
      <button type="button" onClick={toggle}>
        Toggle
      </button>
    </>
  );
}

function renderControls(storageManager?: StorageManager) {
  return render(
    <ThemeProvider storageManager={storageManager}>
      <ColorModeControls />
    </ThemeProvider>,
  );
}

const status = () => screen.getByRole('status');
const html = document.documentElement;

let system: FakeSystemColorScheme;
beforeEach(() => {
  system = installSystemColorScheme({ dark: false });
});
afterEach(() => {
  system.uninstall();
  resetDocumentColorMode();
});

describe('following the system setting', () => {
  it('switches live when the system setting changes and no choice is saved', () => {
    renderControls();
    expect(status()).toHaveTextContent('light mode, system preference');

    act(() => system.setDark(true));

    expect(status()).toHaveTextContent('dark mode, system preference');
    expect(html.dataset['theme']).toBe('dark');
    expect(html.style.colorScheme).toBe('dark');

    act(() => system.setDark(false));

    expect(html.dataset['theme']).toBe('light');
  });

  it('keeps an explicit choice when the system setting changes', async () => {
    renderControls();
    await userEvent.click(screen.getByRole('button', { name: 'Use light' }));

    act(() => system.setDark(true));

    expect(status()).toHaveTextContent('light mode, light preference');
    expect(html.dataset['theme']).toBe('light');
  });

  it('saves "system" when the user goes back to following the system, and follows it again', async () => {
    localStorage.setItem(KEY, 'light');
    system.setDark(true);
    renderControls();
    expect(status()).toHaveTextContent('light mode, light preference');

    await userEvent.click(screen.getByRole('button', { name: 'Use system' }));

    expect(status()).toHaveTextContent('dark mode, system preference');
    expect(localStorage.getItem(KEY)).toBe('system');
    expect(html.dataset['theme']).toBe('dark');
  });

  it('stops listening to the system setting and to storage when unmounted', () => {
    const removeListener = jest.spyOn(window, 'removeEventListener');
    const { unmount } = renderControls();
    expect(system.listenerCount()).toBe(1);

    unmount();

    expect(system.listenerCount()).toBe(0);
    expect(removeListener).toHaveBeenCalledWith('storage', expect.any(Function));
  });
});

describe('choosing', () => {
  it('toggles to the opposite of the mode on screen and saves it as an explicit choice', async () => {
    system.setDark(true);
    renderControls();

    await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));

    expect(status()).toHaveTextContent('light mode, light preference');
    expect(localStorage.getItem(KEY)).toBe('light');
  });

  it('saves to localStorage under the default key when no storage manager is given', async () => {
    renderControls();

    await userEvent.click(screen.getByRole('button', { name: 'Use dark' }));

    expect(localStorage.getItem(KEY)).toBe('dark');
  });

  it('still applies a choice to this page when storage refuses to save it', async () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    renderControls();

    await userEvent.click(screen.getByRole('button', { name: 'Use dark' }));

    expect(status()).toHaveTextContent('dark mode, dark preference');
    expect(html.dataset['theme']).toBe('dark');
  });

  it('ignores a value that is not a colour-mode preference, from untyped callers', () => {
    const set = jest.fn();
    const { result } = renderHook(() => useColorMode(), {
      wrapper: ({ children }) => <ThemeProvider storageManager={{ ...createMemoryStorageManager(), set }}>{children}</ThemeProvider>,
    });

    act(() => result.current.setPreference('sepia' as ColorModePreference));

    expect(result.current.preference).toBe('system');
    expect(set).not.toHaveBeenCalled();
  });
});

describe('across tabs', () => {
  it('applies a choice another tab saved in localStorage', () => {
    renderControls(createLocalStorageManager(KEY));

    act(() => {
      localStorage.setItem(KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: 'dark', storageArea: localStorage }));
    });

    expect(status()).toHaveTextContent('dark mode, dark preference');
    expect(html.dataset['theme']).toBe('dark');
  });

  it('falls back to the system setting when another tab stores a tampered value', () => {
    localStorage.setItem(KEY, 'dark');
    system.setDark(false);
    renderControls(createLocalStorageManager(KEY));

    act(() => {
      localStorage.setItem(KEY, 'hacked');
      window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: 'hacked', storageArea: localStorage }));
    });

    expect(status()).toHaveTextContent('light mode, system preference');
  });

  describe('with cookie storage', () => {
    let uninstall: () => void;
    beforeEach(() => {
      uninstall = installBroadcastChannel();
    });
    afterEach(() => uninstall());

    it('applies a choice another tab saved in the cookie', async () => {
      renderControls(createCookieStorageManager(KEY));
      expect(status()).toHaveTextContent('light mode, system preference');

      // The other tab shares the cookie jar and announces its write on the channel.
      createCookieStorageManager(KEY).set('dark');

      await waitFor(() => expect(status()).toHaveTextContent('dark mode, dark preference'));
      expect(html.dataset['theme']).toBe('dark');
    });
  });
});

describe('useColorMode', () => {
  it('explains that it needs a ThemeProvider when used outside one', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    expect(() => renderHook(() => useColorMode())).toThrow('useColorMode needs a <ThemeProvider> above it.');
  });
});
