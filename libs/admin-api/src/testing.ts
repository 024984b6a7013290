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
