import type { BannerUser, ReturnToAdminResult, SignInResult } from '../src/types';

export const ADMIN = { id: 'admin-7f3a', email: 'ada.admin@viewas.dev' };

export const IMPERSONATED_USER: BannerUser = { email: 'jane.doe@example.com', isImpersonated: true };

export const RETURNED: ReturnToAdminResult = { ok: true, data: { success: true, adminUser: ADMIN } };
export const SIGNED_IN: SignInResult = { ok: true, error: null };
