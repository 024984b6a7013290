'use client';

export { SessionProvider } from './next-auth/session-provider';
export type { SessionProviderProps } from './next-auth/session-provider';
export { useSessionUser } from './next-auth/use-session-user';
export type { SessionUserState } from './next-auth/use-session-user';
export { signInImpersonation, signInReturnToAdmin, signOutTo } from './next-auth/actions';
export type { SignInOutcome } from './next-auth/actions';
