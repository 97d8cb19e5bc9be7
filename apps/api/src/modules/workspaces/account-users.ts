import { or, sql, type SQL } from 'drizzle-orm';
import type { AccountUserRow, ListQuery } from '@fm/domain';
import type { Executor } from '../../db/client';
import { containsPattern, matchesFolded, planList, type ListSpec } from '../../http/list-query';
import { rowsOf } from '../../db/client';

/** Fields of GET workspaces/users: columns of the per-person aggregate `p`. */
const spec: ListSpec = {
  resource: 'user',
  fields: {
    user_id: { column: sql`p.user_id`, type: 'number' },
    email: { column: sql`p.email`, type: 'string' },
    name: { column: sql`p.name`, type: 'string' },
    last_name: { column: sql`p.last_name`, type: 'string' },
    workspaces: { column: sql`p.workspace_names`, type: 'string', sortable: false },
  },
  defaultOrder: [sql`p.pending asc`, sql`lower(p.name) asc`, sql`lower(p.last_name) asc`, sql`p.email asc`],
};

/**
 * The people of every workspace `ownerId` owns (members and pending invitations), one row per person
 * with the names of their workspaces (screen /usuarios). `search` matches name, last name or e-mail.
 */
export async function listAccountUsers(db: Executor, ownerId: number, query: ListQuery & { search?: string }) {
  const plan = planList(query, spec);
  const conds: SQL[] = [];
  if (plan.where) conds.push(plan.where);
  const like = containsPattern(query.search);
  if (like) conds.push(or(...[sql`p.name`, sql`p.last_name`, sql`p.email`, sql`(p.name || ' ' || p.last_name)`].map((text) => matchesFolded(text, like))) as SQL);
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  const rows = await rowsOf<AccountUserRow & { _total: number }>(db, sql`
    with people as (
      select u.user_id, u.email, u.name, u.last_name, false as pending, w.workspace_id, w.name as ws_name
        from workspace_users wu join workspaces w on w.workspace_id = wu.workspace_id join users u on u.user_id = wu.user_id
       where w.user_id = ${ownerId}
      union all
      select null, wi.email, '', '', true, w.workspace_id, w.name
        from workspace_invitations wi join workspaces w on w.workspace_id = wi.workspace_id
       where w.user_id = ${ownerId} and wi.accepted_at is null
         and not exists (select 1 from users u2 where u2.email = wi.email and u2.email_validated_at is not null)
    ), p as (
      select max(user_id) as user_id, email, max(name) as name, max(last_name) as last_name, bool_and(pending) as pending,
             json_agg(json_build_object('workspace_id', workspace_id, 'name', ws_name) order by ws_name) as workspaces,
             string_agg(ws_name, ', ' order by ws_name) as workspace_names
        from people group by email
    )
    select p.user_id, p.email, p.name, p.last_name, p.pending, p.workspaces, cast(count(*) over() as integer) as _total
      from p ${where}
     order by ${sql.join(plan.orderBy, sql`, `)}
     limit ${plan.limit} offset ${plan.offset}`);
  const total = rows.length ? Number(rows[0]._total) : 0;
  const data: AccountUserRow[] = rows.map((r) => ({
    user_id: r.user_id === null ? null : Number(r.user_id),
    email: r.email,
    name: r.name,
    last_name: r.last_name,
    pending: Boolean(r.pending),
    workspaces: typeof r.workspaces === 'string' ? JSON.parse(r.workspaces) : r.workspaces,
  }));
  return { data, extra: plan.paginated ? { total, page: plan.page, per_page: plan.per_page } : {}, total };
}
