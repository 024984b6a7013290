import localFont from 'next/font/local';

// Served from our own origin: no request to a font CDN (and none is reachable offline).
export const inter = localFont({
  src: '../../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-inter',
  // 'optional', not 'swap': the preloaded font is used when it arrives in time, and a late font
  // never swaps in under a painted page (that swap was a small, random layout shift).
  display: 'optional',
  weight: '100 900',
});
