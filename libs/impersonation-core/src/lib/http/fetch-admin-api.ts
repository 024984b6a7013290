import { createAdminApiHandlers, type AdminApiHandlersOptions, type ApiRequest, type ServedRoute } from '@viewas/admin-api/server';
import type { AccountSettingsService } from '../account/account-settings-service';
import { createAdminApiService, type CookieSessions } from './admin-api-service';
import type { Clock } from '../clock';
import type { NotificationReader } from '../notifications/notification-reader';
import type { ConsentService } from '../consent/consent-service';
import type { Impersonation } from '../create-impersonation';
import type { WebhookHealth } from '../webhooks/webhook-delivery';

/** What `createFetchAdminApi` serves over: the domain, the host's session lookup, and the API handlers' own options. */
export interface FetchAdminApiOptions extends Omit<AdminApiHandlersOptions, 'service'> {
  /** The domain's operations (`createImpersonation(...)`). */
  impersonation: Impersonation;
  /** Who the caller is: the host's own session lookup, from the request's `Cookie` header. */
  sessions: CookieSessions;
  /** Access requests and notifications; the same consent service the domain was created with. */
  consent: { service: ConsentService; notifications: NotificationReader; clock: Clock };
  /** The users' own settings (`/api/account/settings`, `/activity`); absent: those routes answer 404. */
  accountSettings?: AccountSettingsService;
  /** Webhook delivery health for the ledger's deliveries route; absent: it answers `enabled: false`. */
  webhookHealth?: () => Promise<WebhookHealth>;
  /**
   * Told after an End (`POST .../impersonations/{id}/end`) succeeded, before the answer goes out: a host whose
   * sessions live in its own rows (Better Auth) deletes the ended view's rows here.
   */
  onViewEnded?: (impersonationId: string) => Promise<void>;
}

/** The whole admin and account API as one Fetch handler, and the routes it serves. */
export interface FetchAdminApi {
  /** `Request` in, `Response` out; a path it does not serve answers 404 in the API's error shape. */
  fetch(request: ApiRequest): Promise<Response>;
  /** Every method and path `fetch` serves, so a host can mount exactly those (or list them). */
  routes: readonly ServedRoute[];
}

/**
 * The admin API (`/api/admin/*`) and the account API (`/api/account/*`) for any server that speaks Fetch
 * (Hono, Express or Fastify through their Fetch bridges, Bun, Deno, workers): the same contracts, checks and
 * answers as the Next.js app's routes, over the domain's operations. The host says who the caller is.
 */
export function createFetchAdminApi({
  impersonation,
  sessions,
  consent,
  accountSettings,
  webhookHealth,
  onViewEnded,
  ...handlerOptions
}: FetchAdminApiOptions): FetchAdminApi {
  const service = createAdminApiService({ impersonation, sessions, consent, accountSettings, webhookHealth });
  const handlers = createAdminApiHandlers({
    ...handlerOptions,
    service: onViewEnded
      ? {
          ...service,
          async endImpersonation(ctx, id) {
            const answer = await service.endImpersonation(ctx, id);
            await onViewEnded(answer.impersonation.id);
            return answer;
          },
        }
      : service,
  });
  return { fetch: handlers.route, routes: handlers.routes };
}
