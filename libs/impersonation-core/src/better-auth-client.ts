// The browser's side of the Better Auth plugin: Better Auth's client plugin and the banner's session shape.
// Type-only links to the server plugin: nothing of the server is bundled here.
export { viewasClient, toBannerUser, viewasReturnActions, type ViewasBannerUser, type ViewasReturnActions } from './lib/better-auth/client';
