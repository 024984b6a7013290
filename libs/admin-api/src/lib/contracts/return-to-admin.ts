import * as z from '../zod';
import { PersonSchema } from './primitives';

/** `POST /api/admin/return-to-admin` (docs/product.md §3): the admin to sign back in as. */
export const ReturnToAdminResponseSchema = z.object({
  success: z.literal(true),
  adminUser: PersonSchema,
});
export type ReturnToAdminResponse = z.output<typeof ReturnToAdminResponseSchema>;
