import type { Decorator } from '@storybook/react-vite';
import { useEffect, type ReactNode } from 'react';
import { toast, Toaster } from 'react-hot-toast';
import { styled } from 'styled-components';

const Page = styled.main(
  ({ theme: t }) => `
    box-sizing: border-box;
    min-height: 100vh;
    padding: ${t.space[6]};
    background: ${t.colors.bg};
    color: ${t.colors.text};
    font-family: ${t.fonts.body};
  `,
);

const Muted = styled.p(({ theme: t }) => `color: ${t.colors.textMuted};`);

/**
 * Stories render on a stand-in app page with the host's react-hot-toast <Toaster />, as the
 * banner would in a real app; toasts left over from the previous story are removed first.
 */
function AppPage({ children }: { children: ReactNode }) {
  useEffect(() => () => toast.remove(), []);
  return (
    <Page>
      <h1>Acme workspace</h1>
      <Muted>The app as the impersonated user sees it. The badge sits at the bottom-left.</Muted>
      {children}
      <Toaster />
    </Page>
  );
}

export const withAppPage: Decorator = (Story) => (
  <AppPage>
    <Story />
  </AppPage>
);

/** A frozen clock, so countdown stories and screenshots never change. */
export const STORY_NOW = Date.parse('2025-03-01T12:00:00.000Z');
export const storyNow = () => STORY_NOW;

export const LONG_EMAIL = 'maximilian.alexander.featherstonehaugh-worthington@engineering.subsidiary.example.co.uk';

/** Resolves after `ms`, so a story shows its pending state for a moment. */
export const after = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
