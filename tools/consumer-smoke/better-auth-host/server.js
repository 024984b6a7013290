// The host: Hono on Node serving Better Auth, the admin API and the page.
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createAuth } from './auth.js';

const origin = process.env.ORIGIN;
const { auth, adminApi } = createAuth({ databaseUrl: process.env.DATABASE_URL, origin, secret: process.env.BETTER_AUTH_SECRET });

const app = new Hono();
app.on(['GET', 'POST'], '/api/auth/*', (c) => auth.handler(c.req.raw));
app.all('/api/admin/*', (c) => adminApi.fetch(c.req.raw));
app.all('/api/account/*', (c) => adminApi.fetch(c.req.raw));
app.use('/assets/*', serveStatic({ root: './dist' }));
app.get('*', serveStatic({ path: './dist/index.html' }));

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
