import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readColorModePreference } from '../server';
import { ThemeProvider } from '../theme-provider';
import { resetDocumentColorMode, runInlineScript } from '../../testing/document-state';
import { installSystemColorScheme, type FakeSystemColorScheme } from '../../testing/fake-system-color-scheme';
import { DEFAULT_COLOR_MODE_STORAGE_KEY, type ColorMode, type ColorModePreference } from './color-mode';
import { useColorMode } from './color-mode-provider';
import { getColorModeScript } from './color-mode-script';
import { getColorModeHtmlProps } from './html-props';
import { createCookieStorageManager, createLocalStorageManager, createMemoryStorageManager, type StorageManager } from './storage-manager';

/**
 * The whole first load, per the matrix: the server renders <html> (and, with cookies, the saved mode),
 * the inline script runs before paint, React hydrates. Checked: the mode on screen, that it never flips
 * on the way, that hydration matches, that nothing is written until the user chooses, and what a choice writes.
 */

type Storage = 'localStorage' | 'cookie';
type Saved = 'none' | ColorModePreference | 'garbage';

const KEY = DEFAULT_COLOR_MODE_STORAGE_KEY;

function save(storage: Storage, saved: Saved) {
  if (saved === 'none') return;
  const value = saved === 'garbage' ? 'dark;x' : saved;
  if (storage === 'localStorage') localStorage.setItem(KEY, value);
  else document.cookie = `${KEY}=${encodeURIComponent(value)}`;
}

function readSaved(storage: Storage): string | null {
  if (storage === 'localStorage') return localStorage.getItem(KEY);
  return (
    document.cookie
      .split('; ')
      .find((pair) => pair.startsWith(`${KEY}=`))
      ?.slice(KEY.length + 1) ?? null
  );
}

function Probe() {
  const { colorMode, preference, toggle } = useColorMode();
  return (
    <button type="button" onClick={toggle}>
      {`${colorMode} mode, ${preference} preference`}
    </button>
  );
}

const rows = (['localStorage', 'cookie'] as const).flatMap((storage) =>
  ([false, true] as const).flatMap((systemDark) =>
    (['none', 'light', 'dark', 'system', 'garbage'] as const).map((saved) => {
      const preference: ColorModePreference = saved === 'none' || saved === 'garbage' ? 'system' : saved;
      const mode: ColorMode = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
      return { storage, system: systemDark ? 'dark' : 'light', saved, preference, mode, toggled: mode === 'dark' ? 'light' : 'dark' };
    }),
  ),
);

let system: FakeSystemColorScheme;
let root: Root | undefined;
let container: HTMLElement;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  system.uninstall();
  resetDocumentColorMode();
});

describe.each(rows)('$storage, system $system, saved $saved', ({ storage, system: systemMode, saved, preference, mode, toggled }) => {
  beforeEach(() => {
    system = installSystemColorScheme({ dark: systemMode === 'dark' });
    save(storage, saved);
    container = document.body.appendChild(document.createElement('div'));
  });

  it(`shows ${mode} from the first paint, hydrates cleanly, writes nothing, and a toggle saves ${toggled}`, async () => {
    const html = document.documentElement;
    const savedBefore = readSaved(storage);
    const manager: StorageManager = storage === 'cookie' ? createCookieStorageManager(KEY) : createLocalStorageManager(KEY);

    // Server: it sees the request's cookies, never the browser's storage.
    const initialPreference = storage === 'cookie' ? readColorModePreference(document.cookie) : undefined;
    const serverManager = createMemoryStorageManager(initialPreference);
    const htmlProps = getColorModeHtmlProps(initialPreference);
    if (htmlProps['data-theme']) html.dataset['theme'] = htmlProps['data-theme'];
    if (htmlProps.style) html.style.colorScheme = htmlProps.style.colorScheme;
    container.innerHTML = renderToString(
      <ThemeProvider storageManager={serverManager} initialPreference={initialPreference}>
        <Probe />
      </ThemeProvider>,
    );

    // Browser, before first paint.
    runInlineScript(getColorModeScript({ type: storage }));
    expect(html.dataset['theme']).toBe(mode);
    expect(html.style.colorScheme).toBe(mode);

    const writes = new MutationObserver(() => undefined);
    writes.observe(html, { attributes: true, attributeFilter: ['data-theme'], attributeOldValue: true });
    const recoverableErrors: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error');
    act(() => {
      root = hydrateRoot(
        container,
        <ThemeProvider storageManager={manager} initialPreference={initialPreference}>
          <Probe />
        </ThemeProvider>,
        { onRecoverableError: (error) => recoverableErrors.push(error) },
      );
    });

    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: `${mode} mode, ${preference} preference` })).toBeInTheDocument();
    const attributeHistory = [...writes.takeRecords().map((record) => record.oldValue), html.dataset['theme']];
    expect(new Set(attributeHistory)).toEqual(new Set([mode]));
    expect(readSaved(storage)).toBe(savedBefore);

    await userEvent.click(screen.getByRole('button'));

    expect(screen.getByRole('button', { name: `${toggled} mode, ${toggled} preference` })).toBeInTheDocument();
    expect(readSaved(storage)).toBe(toggled);
    expect(html.dataset['theme']).toBe(toggled);
    expect(html.style.colorScheme).toBe(toggled);
  });
});
