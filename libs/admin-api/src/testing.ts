export {
  createFakeImpersonationService,
  FAKE_IMPERSONATION_TTL_MS,
  FAKE_PENDING_TTL_MS,
  FAKE_PAGE_SIZE,
  type FakeImpersonationService,
  type FakeImpersonationServiceOptions,
  type FakeSession,
} from './lib/testing/fake-impersonation-service';
export { fakeUsersFixture, type FakeUser } from './lib/testing/fake-users';
export {
  adminPersonFixture,
  targetPersonFixture,
  impersonateResponseFixture,
  returnToAdminResponseFixture,
  activeImpersonationFixture,
  endedImpersonationFixture,
  usersPageFixture,
  impersonationsPageFixture,
  endImpersonationResponseFixture,
  auditPageFixture,
  accessHistoryPageFixture,
} from './lib/testing/fixtures';
