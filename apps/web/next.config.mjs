// Plain JavaScript, not TypeScript: Next.js compiles a next.config.ts with its native SWC binding at
// every start of the server and keeps that binding mapped for the life of the process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A second build (NEXT_DIST_DIR=.next-other at build and start) can sit beside the shared one.
  distDir: process.env['NEXT_DIST_DIR'] || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // Stable, readable class names and SSR-safe ids for styled-components.
  compiler: { styledComponents: true },
  // The libraries are imported from source through tsconfig paths outside this folder.
  turbopack: { root: workspaceRoot },
  outputFileTracingRoot: workspaceRoot,
  // Native/WASM database drivers and the logger stay plain Node modules on the server.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', 'pino-pretty'],
};

export default nextConfig;
