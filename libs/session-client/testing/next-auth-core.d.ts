// next-auth v4 leaves `./core` out of its exports map; jest.config.cjs maps the name to the file.
// `AuthHandler` is the function its own Next.js route handler wraps.
declare module 'next-auth/core' {
  import type { AuthOptions, OutgoingResponse, RequestInternal } from 'next-auth';

  export function AuthHandler(params: { req: RequestInternal; options: AuthOptions }): Promise<OutgoingResponse>;
}
