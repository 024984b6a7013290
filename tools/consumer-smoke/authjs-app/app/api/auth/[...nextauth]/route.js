import { handlers } from '../../../../auth.js';

export const dynamic = 'force-dynamic';
export const { GET, POST } = handlers;
