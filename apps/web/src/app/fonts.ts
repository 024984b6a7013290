import localFont from 'next/font/local';

// Served from our own origin: no request to a font CDN (and none is reachable offline).
export const inter = localFont({
  src: '../../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  variable: '--font-inter',
  display: 'swap',
  weight: '100 900',
});
