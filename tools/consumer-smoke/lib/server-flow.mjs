// The next-auth v4 host in Chromium: the shared walk (view with a reason, 'Admin Mode', return), no write of its own.
import { ADMIN, USER } from './server-app.mjs';
import { walkViewAndReturn } from './view-as-flow.mjs';

export const VIEW_REASON = 'Consumer smoke test: checking what the user sees';

export function driveViewAndReturn({ origin, screenshot }) {
  return walkViewAndReturn({ origin, admin: ADMIN, user: USER, reason: VIEW_REASON, screenshot });
}
