import type { Person } from '../model';
import type { AccountActivityEntryAnswer } from '@viewas/admin-api';
import { RefusalError, type ImpersonationService, type RequestContext } from '@viewas/admin-api/server';
import type { SettingsEditor } from '../governance/account-settings';
import type { SessionState } from '../session';
import type { AccountActivityEntry } from '../account/account-settings-ports';
import type { AccountSettingsService } from '../account/account-settings-service';

export type AccountSettingsApi = Pick<ImpersonationService, 'getAccountSettings' | 'updateAccountSettings' | 'listAccountActivity'>;

/** What any account-holder-only step answers a session in a view of the account. */
export const ACCOUNT_HOLDER_ONLY_MESSAGE_GENERIC = 'Only the account holder can do this, never someone viewing their account as them';

export const ACCOUNT_HOLDER_ONLY_MESSAGE =
  'Only the account holder can change who may view their account and whether they get e-mails, never someone viewing it as them';

/** An activity entry as the API answers it (and as a page renders it from the server). */
export const toActivityAnswer = (entry: AccountActivityEntry): AccountActivityEntryAnswer => ({
  id: entry.id,
  at: entry.at.toISOString(),
  field: entry.field,
  from: entry.from,
  to: entry.to,
  actor: entry.actor,
});

/**
 * The account settings endpoints over the settings service. Whose settings and who is changing them
 * both come from the session: the account is the session's user; in a view, the editor is the staff
 * member the session names (the user is never credited with a view's change, and the body cannot say
 * otherwise).
 */
export function createAccountSettingsApi({
  settings,
  sessionOf,
}: {
  settings: AccountSettingsService | undefined;
  sessionOf: (ctx: RequestContext) => Promise<SessionState>;
}): AccountSettingsApi {
  /** A host that keeps no account settings serves none (the routes exist in the table, and answer 404). */
  const enabled = (): AccountSettingsService => {
    if (!settings) throw new RefusalError('not_found', 'This server keeps no account settings');
    return settings;
  };

  async function caller(ctx: RequestContext): Promise<{ user: Person; editor: SettingsEditor }> {
    const session = await sessionOf(ctx);
    if (session.status !== 'valid') throw new RefusalError('unauthenticated', 'Sign in first');
    const { claims } = session;
    const editor: SettingsEditor = claims.impersonation
      ? { kind: 'view', actor: { id: claims.impersonation.adminId, email: claims.impersonation.adminEmail } }
      : { kind: 'self' };
    return { user: { id: claims.sub, email: claims.email }, editor };
  }

  return {
    async getAccountSettings(ctx) {
      const { user } = await caller(ctx);
      const current = await enabled().read(user.id);
      if (!current) throw new RefusalError('not_found', 'This account no longer exists');
      return current;
    },
    async updateAccountSettings(ctx, patch) {
      const { user, editor } = await caller(ctx);
      const outcome = await enabled().change({ user, patch, editor });
      if (outcome.ok) return { success: true, settings: outcome.settings, changed: outcome.changed };
      if (outcome.why === 'not_found') throw new RefusalError('not_found', 'This account no longer exists');
      throw new RefusalError('account_holder_only', `${ACCOUNT_HOLDER_ONLY_MESSAGE} (${outcome.fields.join(', ')})`);
    },
    async listAccountActivity(ctx, { cursor }) {
      const { user } = await caller(ctx);
      const page = await enabled().listActivity({ userId: user.id, cursor });
      return { activity: page.entries.map(toActivityAnswer), nextCursor: page.nextCursor };
    },
  };
}
