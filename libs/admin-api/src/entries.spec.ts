import * as account from './account';
import * as main from './index';
import * as server from './server';

// The schemas of what the server receives: bodies, query strings and path parameters.
const REQUEST_SCHEMAS = [
  'IdSchema',
  'ImpersonateRequestSchema',
  'ReauthRequestSchema',
  'UsersQuerySchema',
  'ImpersonationsQuerySchema',
  'LedgerQuerySchema',
  'AccessRequestPathSchema',
  'UserApprovalSchema',
  'AccessHistoryQuerySchema',
  'NotificationsQuerySchema',
  'MarkNotificationsReadSchema',
  'AccountSettingsPatchSchema',
  'AccountActivityQuerySchema',
  'NewPasswordSchema',
  'ChangePasswordRequestSchema',
] as const;

describe('request schemas', () => {
  it('are exported from ./server as the very objects the served routes validate with', () => {
    const routes = server.ADMIN_API_ROUTES;
    expect(routes.impersonate.body).toBe(server.ImpersonateRequestSchema);
    expect(routes.reauth.body).toBe(server.ReauthRequestSchema);
    expect(routes.users.query).toBe(server.UsersQuerySchema);
    expect(routes.impersonations.query).toBe(server.ImpersonationsQuerySchema);
    expect(routes.ledger.query).toBe(server.LedgerQuerySchema);
    expect(routes.endImpersonation.params.id).toBe(server.IdSchema);
    expect(routes.accessHistory.query).toBe(server.AccessHistoryQuerySchema);
    expect(routes.approveAccessRequestAsUser.body).toBe(server.UserApprovalSchema);
    expect(routes.notifications.query).toBe(server.NotificationsQuerySchema);
    expect(routes.markNotificationsRead.body).toBe(server.MarkNotificationsReadSchema);
    expect(routes.updateAccountSettings.body).toBe(server.AccountSettingsPatchSchema);
    expect(routes.accountActivity.query).toBe(server.AccountActivityQuerySchema);
    expect(routes.changePassword.body).toBe(server.ChangePasswordRequestSchema);
    expect(server.ChangePasswordRequestSchema.shape.newPassword).toBe(server.NewPasswordSchema);
    expect(server.AccessRequestPathSchema.shape.id).toBe(server.IdSchema);
  });

  it('are not in the entries a browser loads, which keep the limits a form needs', () => {
    for (const name of REQUEST_SCHEMAS) {
      expect(main).not.toHaveProperty(name);
      expect(account).not.toHaveProperty(name);
    }
    expect(main).toMatchObject({ REASON_MIN_LENGTH: 3, REASON_MAX_LENGTH: 500, USERS_PAGE_SIZE: 10, ACCESS_GRANT_MAX_MINUTES: 1440 });
    expect(account).toMatchObject({ DISPLAY_NAME_MAX_LENGTH: 80, NOTIFICATIONS_READ_MAX_IDS: 100, MIN_PASSWORD_LENGTH: 12 });
  });
});
