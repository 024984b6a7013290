import { http, HttpResponse } from 'msw';
import { IMPERSONATE_PROVIDER, RETURN_TO_ADMIN_PROVIDER } from '../lib/provider-ids';
import type { ClientSafeProvider, Session } from '../lib/types';

export const FIXTURE_CSRF_TOKEN = 'fixture-csrf-token';

export interface NextAuthHandlersOptions {
  /** Where next-auth is mounted; a path matches on any origin. */
  basePath?: string;
  /** What `GET`/`POST session` answer; `null`: nobody is signed in. */
  session?: Session | null;
  /** Provider ids and types; default: the app's three credentials providers. */
  providers?: Record<string, string>;
  csrfToken?: string;
}

const DEFAULT_PROVIDERS = { credentials: 'credentials', [RETURN_TO_ADMIN_PROVIDER]: 'credentials', [IMPERSONATE_PROVIDER]: 'credentials' };

/**
 * msw handlers that answer like next-auth v4 does in JSON mode: the CSRF token is checked on
 * every POST (a wrong one is refused as next-auth refuses it), sign-in and sign-out answer
 * `{ url: callbackUrl }`. Override single calls with `server.use(...)` to script failures.
 */
export function createNextAuthHandlers({
  basePath = '/api/auth',
  session = null,
  providers = DEFAULT_PROVIDERS,
  csrfToken = FIXTURE_CSRF_TOKEN,
}: NextAuthHandlersOptions = {}) {
  const at = (path: string) => `${basePath.startsWith('/') ? '*' : ''}${basePath}/${path}`;
  const baseOf = (request: Request) => (basePath.startsWith('/') ? `${new URL(request.url).origin}${basePath}` : basePath);

  const redirect =
    (refusedAt: string) =>
    async ({ request }: { request: Request }) => {
      const form = await request.formData();
      const base = baseOf(request);
      if (form.get('csrfToken') !== csrfToken) return HttpResponse.json({ url: `${base}/${refusedAt}?csrf=true` });
      return HttpResponse.json({ url: String(form.get('callbackUrl') || new URL(request.url).origin) });
    };

  return [
    http.get(at('csrf'), () => HttpResponse.json({ csrfToken })),
    http.get(at('providers'), ({ request }) => {
      const base = baseOf(request);
      const list: Record<string, ClientSafeProvider> = {};
      for (const [id, type] of Object.entries(providers)) {
        list[id] = { id, name: id, type, signinUrl: `${base}/signin/${id}`, callbackUrl: `${base}/callback/${id}` };
      }
      return HttpResponse.json(list);
    }),
    http.get(at('session'), () => HttpResponse.json(session ?? {})),
    http.post(at('session'), async ({ request }) => {
      const body = (await request.json()) as { csrfToken?: unknown };
      return body.csrfToken === csrfToken ? HttpResponse.json(session ?? {}) : HttpResponse.json({}, { status: 400 });
    }),
    http.post(at('callback/:provider'), redirect('signin')),
    http.post(at('signin/:provider'), redirect('signin')),
    http.post(at('signout'), redirect('signout')),
    http.post(at('_log'), () => new HttpResponse(null, { status: 200 })),
  ];
}
