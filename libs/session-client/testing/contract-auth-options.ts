import type { AuthOptions, LoggerInstance } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';

export const CONTRACT_ACCOUNT = { id: 'admin-grace', email: 'grace@example.com', password: 'correct horse battery staple' };

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
          return matches ? { id: CONTRACT_ACCOUNT.id, email: CONTRACT_ACCOUNT.email } : null;
        },
      }),
    ],
    callbacks: {
      async jwt(params) {
        await onJwt(params);
        if (params.user) params.token['role'] = 'admin';
        return params.token;
      },
      async session({ session, token }) {
        return { ...session, user: { id: token.sub, email: token.email, role: token['role'], isImpersonated: false } };
      },
    },
  };
}
