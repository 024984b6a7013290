/** @jest-environment jsdom */
import { BANNER_DEFAULTS, notifyWithToast } from '@viewas/impersonation-banner';
import { defaultTheme, useColorMode } from '@viewas/theme';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { toast } from 'react-hot-toast';
import { useI18n } from '../../i18n/i18n-context';
import { holdSessionFetch } from '../../../testing/ui/next';
import { AppProviders } from './app-providers';

const { welcomeBackTitle: WELCOME_BACK_TITLE, welcomeBackDescription: WELCOME_BACK_DESCRIPTION } = BANNER_DEFAULTS.texts;
const WELCOME_BACK_NOTICE_MS = BANNER_DEFAULTS.durations.welcomeBackNoticeMs;

// react-hot-toast's Toaster asks for the reduced-motion preference; jsdom has no matchMedia.
beforeAll(() => {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

let releaseSessionFetch: () => void;
beforeEach(() => {
  releaseSessionFetch = holdSessionFetch();
});
afterEach(() => {
  act(() => toast.remove());
  releaseSessionFetch();
});

function Page({ name }: { name: string }) {
  const { lang, messages } = useI18n();
  const { preference } = useColorMode();
  return (
    <p>
      {name} · {lang} · {messages.app.name} · {preference}
    </p>
  );
}

function DarkButton() {
  const { setPreference } = useColorMode();
  return (
    <button type="button" onClick={() => setPreference('dark')}>
      Dark
    </button>
  );
}

describe('AppProviders', () => {
  it('renders on the server with the locale, its texts and the colour-mode choice the server read', () => {
    const html = renderToString(
      <AppProviders lang="en" theme={defaultTheme} colorModePreference="dark">
        <Page name="Home" />
      </AppProviders>,
    );
    expect(html.replace(/<!-- -->/g, '')).toContain('<p>Home · en · Viewas · dark</p>');
  });

  it('keeps the colour-mode choice in the cookie the server reads', async () => {
    document.cookie = 'viewas-color-mode=light; path=/';
    render(
      <AppProviders lang="en" theme={defaultTheme}>
        <Page name="Home" />
        <DarkButton />
      </AppProviders>,
    );
    expect(screen.getByText('Home · en · Viewas · light')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Dark' }).click());
    expect(screen.getByText('Home · en · Viewas · dark')).toBeInTheDocument();
    expect(document.cookie).toContain('viewas-color-mode=dark');
  });

  it('keeps a notice on screen when the page under it changes (a client navigation)', async () => {
    const { rerender } = render(
      <AppProviders lang="en" theme={defaultTheme}>
        <Page name="Home" />
      </AppProviders>,
    );
    // The default notify settles once the notice is shown (it loads the notice's code first).
    await act(async () => {
      await notifyWithToast({
        kind: 'success',
        title: WELCOME_BACK_TITLE,
        description: WELCOME_BACK_DESCRIPTION,
        durationMs: WELCOME_BACK_NOTICE_MS,
      });
    });
    expect(await screen.findByText(WELCOME_BACK_TITLE)).toBeInTheDocument();

    rerender(
      <AppProviders lang="en" theme={defaultTheme}>
        <Page name="Admin" />
      </AppProviders>,
    );
    expect(screen.getByText(/^Admin ·/)).toBeInTheDocument();
    expect(screen.getByText(WELCOME_BACK_TITLE)).toBeInTheDocument();
    expect(screen.getByText(WELCOME_BACK_DESCRIPTION)).toBeInTheDocument();
  });
});
