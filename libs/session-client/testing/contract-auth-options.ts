import type { AuthOptions, LoggerInstance } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';

export const CONTRACT_ACCOUNT = { id: 'admin-grace', email: 'grace@example.com', password: 'correct horse battery staple' };
/** Signing in as this account starts a session in which CONTRACT_ACCOUNT views the app as Ada. */
export const CONTRACT_VIEWED_ACCOUNT = { id: 'user-ada', email: 'ada@example.com', password: 'view as ada' };

type JwtCallback = NonNullable<NonNullable<AuthOptions['callbacks']>['jwt']>;

/**
 * A next-auth v4 configuration shaped like the app's: JWT sessions, a credentials provider for
 * one test account, and session callbacks that produce the `SessionUser` contract.
 */
export function createContractAuthOptions({ onJwt, logger }: { onJwt: JwtCallback; logger: LoggerInstance }): AuthOptions {
  return {
    secret: 'contract-test-secret-that-is-long-enough-to-be-real',
    session: { strategy: 'jwt' },
    logger,
    providers: [
      CredentialsProvider({
        credentials: { email: { type: 'email' }, password: { type: 'password' } },
        async authorize(credentials) {
          const matches = credentials?.email === CONTRACT_ACCOUNT.email && credentials.password === CONTRACT_ACCOUNT.password;
          if (matches) return { id: CONTRACT_ACCOUNT.id, email: CONTRACT_ACCOUNT.email };
          const views = credentials?.email === CONTRACT_VIEWED_ACCOUNT.email && credentials.password === CONTRACT_VIEWED_ACCOUNT.password;
          return views ? { id: CONTRACT_VIEWED_ACCOUNT.id, email: CONTRACT_VIEWED_ACCOUNT.email } : null;
        },
      }),
    ],
    callbacks: {
      async jwt(params) {
        await onJwt(params);
        if (params.user) params.token['role'] = params.user.id === CONTRACT_ACCOUNT.id ? 'admin' : 'user';
        // RFC 8693's actor claim, as the app's token carries it while an admin views the app as a user.
        if (params.user?.id === CONTRACT_VIEWED_ACCOUNT.id) params.token['act'] = { sub: CONTRACT_ACCOUNT.id };
        return params.token;
      },
      async session({ session, token }) {
        const user = { id: token.sub, email: token.email, role: token['role'], isImpersonated: false };
        if (!token['act']) return { ...session, user };
        const impersonator = { id: CONTRACT_ACCOUNT.id, email: CONTRACT_ACCOUNT.email };
        return {
          ...session,
          user: { ...user, isImpersonated: true, impersonator },
          act: { sub: impersonator.id, email: impersonator.email },
        };
      },
    },
  };
}
