import NextAuth from 'next-auth';
import { viewas } from './lib/viewas.js';

// A lazy config: wired on the first request, never at build time.
export const { handlers, auth } = NextAuth(() => viewas().authConfig);
