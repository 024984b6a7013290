import NextAuth from 'next-auth';
import { viewas } from './lib/viewas.js';

// A lazy config: wired on the first request, never while `next build` collects pages.
export const { handlers, auth } = NextAuth(() => viewas().config);
