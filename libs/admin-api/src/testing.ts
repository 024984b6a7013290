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
  ledgerPageFixture,
  accessHistoryPageFixture,
} from './lib/testing/fixtures';
