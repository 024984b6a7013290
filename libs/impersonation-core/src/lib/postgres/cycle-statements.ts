import type { ImpersonationRow, UserRow } from '../model';
import { LEDGER_APPEND_PARAMETER_COUNT, LEDGER_ID_OR_FAIL, ledgerAppendText } from './ledger';
import { notificationInsertText } from './notifications';
import { impersonations, users } from './schema';
import { columnsOf, statement, type Statement } from './statements';

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

/** A pending impersonation ($1-$7: id, admin, target, reason, mode, created, expires). */
const CREATE_PENDING = {
  parameters: 7,
  text: `insert into impersonations (id, admin_id, target_id, reason, mode, created_at, expires_at)
         values ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6::timestamptz, $7::timestamptz) returning *`,
};

/** Takes pending impersonation $2 of admin $3 over at $1, if created after $4 (the pending window) and unexpired. */
const ACTIVATE = {
  parameters: 4,
  text: `update impersonations set started_at = $1::timestamptz
          where id = $2::uuid and admin_id = $3::uuid and started_at is null and ended_at is null
            and created_at > $4::timestamptz and expires_at > $1::timestamptz
         returning *`,
};

/** Ends running impersonation $3 of admin $2 and target $4 at $1, by return. */
const END_BY_RETURN = {
  parameters: 4,
  text: `update impersonations set ended_at = $1::timestamptz, end_reason = 'returned', ended_by_id = $2::uuid
          where id = $3::uuid and admin_id = $2::uuid and target_id = $4::uuid
            and started_at is not null and ended_at is null and expires_at > $1::timestamptz
         returning *`,
};

/**
 * A change (`returning *`) and, only when it returned a row, its ledger row, in one statement: the
 * change's parameters first, then the ledger row's (`ledgerAppendParameters`). Both commit together or
 * not at all, with no transaction around them; a change that matches nothing, or fails (a unique
 * violation), writes no ledger row. With `notice`, a notification row too (`notificationParameters`,
 * after the ledger row's), under the same condition.
 */
function recorded(name: string, change: { parameters: number; text: string }, notice = false): readonly [Statement, Statement] {
  const noticed = notice
    ? `, noticed as (${notificationInsertText({ first: change.parameters + LEDGER_APPEND_PARAMETER_COUNT + 1, onlyIf: 'change' })})`
    : '';
  const variant = (queue: boolean) =>
    statement(
      `${name}_recorded${queue ? '_queued' : ''}${notice ? '_noticed' : ''}`,
      `with change as (${change.text}), ${ledgerAppendText({ first: change.parameters + 1, queue, onlyIf: 'change' })}${noticed}
       select ${impersonationColumns.select('change')}, ${LEDGER_ID_OR_FAIL} as ledger_id from change`,
    );
  // Without and with the webhook outbox.
  return [variant(false), variant(true)];
}

export const CREATE_PENDING_RECORDED = recorded('create_pending', CREATE_PENDING);
export const ACTIVATE_RECORDED = recorded('activate', ACTIVATE);
export const END_BY_RETURN_RECORDED = recorded('end_by_return', END_BY_RETURN);
/** A return's end, its ledger row and the viewed user's notice that the view ended: one statement, one commit. */
export const END_BY_RETURN_NOTICED = recorded('end_by_return', END_BY_RETURN, true);
