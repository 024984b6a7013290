import path from 'node:path';
import type { NextConfig } from 'next';

const workspaceRoot = path.join(__dirname, '..', '..');

const nextConfig: NextConfig = {
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
