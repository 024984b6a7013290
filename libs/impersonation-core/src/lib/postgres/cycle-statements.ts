import type { ImpersonationRow, UserRow } from '../model';
import { impersonations, users } from './schema';
import { columnsOf, statement } from './statements';

// The statements of the start + return cycle and of the live list every change reloads, written once
// (at load) and prepared once per connection: every call of the cycle runs them, so neither Drizzle's
// query building nor PostgreSQL's parsing and planning is paid per call.

export const impersonationColumns = columnsOf<ImpersonationRow>(impersonations, 'i.');
export const adminColumns = columnsOf<UserRow>(users, 'a.');
export const targetColumns = columnsOf<UserRow>(users, 't.');
export const userColumns = columnsOf<UserRow>(users, 'u.');

/** Two accounts by id ($1, $2). */
export const USERS_PAIR = statement('users_pair', `select ${userColumns.select('u')} from users u where u.id in ($1::uuid, $2::uuid)`);

/** Open and past its hard expiry ($1 = now) or, never taken over, past its pending window (`deadline` = its deadline): what the sweep closes. */
const isDue = (row: string, deadline: string) =>
  `${row}.ended_at is null and (${row}.expires_at <= $1::timestamptz or (${row}.started_at is null and ${row}.created_at <= ${deadline}::timestamptz))`;

/** Whether the sweep has anything to close at $1 (`ANY_DUE`'s question), asked inside another read. */
const anyDue = (deadline: string) => `exists (select 1 from impersonations d where ${isDue('d', deadline)}) as any_due`;

/** Whether staff member `a` runs an unexpired view ($1 = now) of user `target` (`FIND_RUNNING`'s question). */
const alreadyViewing = (target: string) =>
  `exists (select 1 from impersonations r
            where r.admin_id = a.id and r.target_id = ${target}
              and r.started_at is not null and r.ended_at is null and r.expires_at > $1::timestamptz) as already_viewing`;

/**
 * What a start is decided on: the caller ($3) and the target ($4), the caller's password entry in the
 * session signed in at $5 (step-up), whether the caller already runs a view of that target at $1, and
 * whether the sweep has anything to close ($2 = the pending window's deadline).
 */
export const READ_FOR_START = statement(
  'read_for_start',
  `select ${adminColumns.select('a')}, ${targetColumns.select('t')}, p.entered_at as password_entered_at,
          ${alreadyViewing('t.id')}, ${anyDue('$2')}
     from (select 1) as one
     left join users a on a.id = $3::uuid
     left join users t on t.id = $4::uuid
     left join password_entries p on p.user_id = a.id and p.session_auth_time = $5::bigint`,
);

/**
 * The staff member ($2), the impersonation ($3) and its target, whether that staff member runs an
 * unexpired view ($1 = now) of that target, and whether the sweep has anything to close ($4 = the
 * pending window's deadline).
 */
export const READ_FOR_TAKE_OVER = statement(
  'read_for_take_over',
  `select ${adminColumns.select('a')}, ${impersonationColumns.select('i')}, ${targetColumns.select('t')},
          ${alreadyViewing('i.target_id')}, ${anyDue('$4')}
     from (select 1) as one
     left join users a on a.id = $2::uuid
     left join impersonations i on i.id = $3::uuid
     left join users t on t.id = i.target_id`,
);

/** The staff member ($2) and the impersonation ($3), and whether it runs at $1. */
export const READ_FOR_RETURN = statement(
  'read_for_return',
  `select ${adminColumns.select('a')}, ${impersonationColumns.select('i')},
          coalesce(i.started_at is not null and i.ended_at is null and i.expires_at > $1::timestamptz, false) as running
     from (select 1) as one
     left join users a on a.id = $2::uuid
     left join impersonations i on i.id = $3::uuid`,
);

/** Whether any open impersonation is past its hard expiry ($1 = now) or, never taken over, its pending window ($2 = its deadline). */
export const ANY_DUE = statement('any_due', `select 1 as due from impersonations d where ${isDue('d', '$2')} limit 1`);

/** The running impersonation of admin $1 and target $2 at $3. */
export const FIND_RUNNING = statement(
  'find_running',
  `select ${impersonationColumns.select('i')} from impersonations i
    where i.admin_id = $1::uuid and i.target_id = $2::uuid and i.started_at is not null and i.ended_at is null and i.expires_at > $3::timestamptz`,
);

/** Every running impersonation at $1 with both accounts. */
export const LIST_RUNNING = statement(
  'list_running',
  `select i.id as "i.id", i.mode as "i.mode", ${adminColumns.select('a')}, ${targetColumns.select('t')}
     from impersonations i
     join users a on a.id = i.admin_id
     join users t on t.id = i.target_id
    where i.started_at is not null and i.ended_at is null and i.expires_at > $1::timestamptz`,
);
