import type { Theme } from '@viewas/theme';
import type { AuthOptions } from 'next-auth';

/**
 * The app's mark (as in the top bar) and name, as an image next-auth's page can show: a data URI (the
 * policy allows `data:` images), drawn in the brand colours, its name light on next-auth's dark card.
 */
export function signInLogo(name: string, colors: Pick<Theme['colors'], 'brand200' | 'brand500'>): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="168" height="40" viewBox="0 0 168 40">` +
    `<style>text{fill:#1a202c}@media (prefers-color-scheme: dark){text{fill:#f7fafc}}</style>` +
    `<rect y="4" width="32" height="32" rx="8" fill="${colors.brand500}"/>` +
    `<path d="M9 13l7 15 7-15" fill="none" stroke="${colors.brand200}" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<text x="44" y="29" font-family="Inter, system-ui, sans-serif" font-size="24" font-weight="700">${name}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * next-auth's own `theme` option: its default sign-in, sign-out and error pages (which the product
 * keeps) with the app's name, mark and brand colour, following the system's light or dark mode like the app.
 */
export function signInTheme(name: string, theme: Pick<Theme, 'colors'>): NonNullable<AuthOptions['theme']> {
  return {
    colorScheme: 'auto',
    brandColor: theme.colors.brand500,
    buttonText: theme.colors.onBrand500,
    logo: signInLogo(name, theme.colors),
  };
}
