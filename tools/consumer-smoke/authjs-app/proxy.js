import { readOnlyResponse } from '@viewas/impersonation-core/http';
import { NextResponse } from 'next/server';
import { viewas } from './lib/viewas.js';

// Every request passes the core's read-only gate: a read-only view's writes (pages, routes, server actions) answer 403.
export async function proxy(request) {
  const refusal = await viewas().refusesReadOnly(request);
  return refusal ? readOnlyResponse(refusal) : NextResponse.next();
}

export const config = { matcher: ['/((?!_next/static|_next/image|icon.svg).*)'] };
