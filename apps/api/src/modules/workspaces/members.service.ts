import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_MSG, ADDON_ID, CAPACITY_MSG, includedCapacity, MODULES, ownerPermissions, type Module, type PermissionEntry } from '@fm/domain';
import type { Executor } from '../../db/client';
import { users, workspaceInvitations, workspacePermissions, workspaceUsers } from '../../db/schema/index';
import { publicUrl, type Config } from '../../config';
import { conflict, notFound } from '../../http/errors';
import type { WorkspaceAccess } from '../../http/guard';
import { linkMail, type Mailer } from '../../integrations/mail/mailer';
import { notify } from '../notifications/index';
import { planOf, registerUsageCounter } from '../plans/index';
import { findUserByEmail, findUserById, setPermissions } from '../users/index';
import { accountPeople, accountPeopleCount, addonQuantity, findWorkspace, isMember, pendingInvitation } from './workspaces.repo';

/** What granting access needs besides the database: the mailer, the public URL of its links, a logger for side effects. */
export type AccessDeps = { mailer: Mailer; config: Pick<Config, 'PUBLIC_URL' | 'PORT'>; log: FastifyBaseLogger };

// Add-on 1 "Usuarios" counts the people the account shares its workspaces with (members + pending
// invitations); the plan includes PLAN_CAPACITY users and each purchased unit adds one.
registerUsageCounter(ADDON_ID.USERS, { sql: accountPeopleCount });

type Outcome = { email: string; kind: 'added' | 'updated' | 'invited'; user_id: number | null };
type AfterCommit = () => Promise<void>;

/** 409 when adding `emails` would take the account past its plan's included users plus the add-on units. */
async function assertCapacity(db: Executor, ownerId: number, emails: string[]): Promise<void> {
  // Serialises concurrent grants of one account so two requests cannot both take the last seat.
  await db.select({ id: users.user_id }).from(users).where(eq(users.user_id, ownerId)).for('update');
  const people = await accountPeople(db, ownerId);
  const fresh = new Set(emails.filter((e) => !people.has(e)));
  if (!fresh.size) return;
  const plan = await planOf(db, ownerId);
  const capacity = includedCapacity(plan.plan_id, ADDON_ID.USERS, plan.trial_expired) + (await addonQuantity(db, ownerId, ADDON_ID.USERS));
  if (people.size + fresh.size > capacity) throw conflict(CAPACITY_MSG.users);
}

/** Full list (one entry per module) with the stored flags; modules without a row are off. */
function completePermissions(rows: PermissionEntry[]): PermissionEntry[] {
  const byModule = new Map(rows.map((r) => [r.module, r]));
  return MODULES.map((module) => {
    const r = byModule.get(module);
    return { module, read: Boolean(r?.read), update: Boolean(r?.update), create: Boolean(r?.create), delete: Boolean(r?.delete) };
  });
}

/**
 * Gives each e-mail access to the owner's workspace with `permissions` (base modules always on), in ONE
 * transaction: an account that has proven its e-mail gets access now (or its permissions replaced when it
 * already has access, spec "saved by e-mail and workspace"); any other address, with or without an account,
 * gets an invitation that turns into access only once that address is proven (validation link, reset link,
 * confirmed e-mail change, verified external sign-in). Refuses the owner, and going over the plan's user
 * capacity. Notifications and e-mails leave after commit.
 */
export async function grantAccess(
  db: Executor,
  deps: AccessDeps,
  access: WorkspaceAccess,
  emails: string[],
  permissions: PermissionEntry[],
  roleId: number,
): Promise<Outcome[]> {
  const owner = await findUserById(db, access.owner_user_id);
  const ws = await findWorkspace(db, access.workspace_id);
  if (!owner || !ws) throw notFound();
  const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (unique.includes(owner.email.toLowerCase())) throw conflict(ACCESS_MSG.inviteSelf);
  const ownerName = `${owner.name} ${owner.last_name}`.trim();
  const after: AfterCommit[] = [];
  const outcomes = await db.transaction(async (tx) => {
    await assertCapacity(tx, owner.user_id, unique);
    const out: Outcome[] = [];
    for (const email of unique) {
      const user = await findUserByEmail(tx, email);
      const already = user ? await isMember(tx, ws.workspace_id, user.user_id) : false;
      if (user && (already || user.email_validated_at)) {
        if (!already) await tx.insert(workspaceUsers).values({ workspace_id: ws.workspace_id, user_id: user.user_id, role_id: roleId });
        await setPermissions(tx, ws.workspace_id, user.user_id, permissions);
        out.push({ email, kind: already ? 'updated' : 'added', user_id: user.user_id });
        after.push(() =>
          already ? notifyPermissionChange(db, user.user_id, ws.name) : notifyAndMailAccess(db, deps, user.user_id, user.email, ownerName, ws.name),
        );
        continue;
      }
      const pending = await pendingInvitation(tx, ws.workspace_id, email);
      if (pending) {
        await tx.update(workspaceInvitations).set({ permissions, role_id: roleId }).where(eq(workspaceInvitations.invitation_id, pending.invitation_id));
        out.push({ email, kind: 'updated', user_id: null });
        continue;
      }
      await tx.insert(workspaceInvitations).values({ workspace_id: ws.workspace_id, email, role_id: roleId, permissions, invited_by: owner.user_id });
      out.push({ email, kind: 'invited', user_id: null });
      after.push(() => mailInvitation(deps, email, ownerName, ws.name, Boolean(user)));
    }
    return out;
  });
  for (const fn of after) await sideEffect(deps.log, fn);
  return outcomes;
}

/** Notifications and e-mails run after commit; a failure there is logged, the change stands. */
async function sideEffect(log: FastifyBaseLogger, fn: AfterCommit): Promise<void> {
  try {
    await fn();
  } catch (err) {
    log.error({ err }, 'workspace access side effect failed');
  }
}

async function notifyAndMailAccess(db: Executor, deps: AccessDeps, userId: number, email: string, ownerName: string, wsName: string) {
  await notify(db, userId, {
    title: 'Nuevo espacio de trabajo',
    body: `${ownerName} te dio acceso al espacio de trabajo "${wsName}".`,
    web: '/espacio-trabajo',
  });
  await deps.mailer.send(
    linkMail(email, 'Te compartieron un espacio de trabajo', `${ownerName} te dio acceso al espacio de trabajo "${wsName}". Ingresá para verlo:`, `${publicUrl(deps.config)}/`),
  );
}

async function notifyPermissionChange(db: Executor, userId: number, wsName: string) {
  await notify(db, userId, {
    title: 'Permisos actualizados',
    body: `Cambiaron tus permisos en el espacio de trabajo "${wsName}". Volvé a seleccionarlo para verlos.`,
    web: '/espacio-trabajo',
  });
}

/** To an unknown address: register with it. To an account that has not validated it yet: validate it first. */
async function mailInvitation(deps: AccessDeps, email: string, ownerName: string, wsName: string, hasAccount: boolean) {
  const invited = `${ownerName} te invitó al espacio de trabajo "${wsName}".`;
  await deps.mailer.send(
    hasAccount
      ? linkMail(email, 'Te invitaron a un espacio de trabajo', `${invited} Validá tu email para acceder:`, `${publicUrl(deps.config)}/validar-mail?email=${encodeURIComponent(email)}`)
      : linkMail(email, 'Te invitaron a un espacio de trabajo', `${invited} Registrate con este email para acceder:`, `${publicUrl(deps.config)}/register`),
  );
}

/** Owner only; the owner's own permissions cannot be edited. Base modules stay on. */
export async function updatePermissions(
  db: Executor,
  log: FastifyBaseLogger,
  access: WorkspaceAccess,
  userId: number,
  permissions: PermissionEntry[],
): Promise<PermissionEntry[]> {
  if (userId === access.owner_user_id) throw conflict(ACCESS_MSG.ownerNotEditable);
  await db.transaction(async (tx) => {
    if (!(await isMember(tx, access.workspace_id, userId))) throw notFound(ACCESS_MSG.notMember);
    await setPermissions(tx, access.workspace_id, userId, permissions);
  });
  const ws = await findWorkspace(db, access.workspace_id);
  await sideEffect(log, () => notifyPermissionChange(db, userId, ws?.name ?? ''));
  return readPermissions(db, access.workspace_id, userId, access.owner_user_id);
}

/** Removes a member's access and permissions (one transaction), or a pending invitation by e-mail. */
export async function removeAccess(db: Executor, log: FastifyBaseLogger, access: WorkspaceAccess, target: { user_id?: number; email?: string }): Promise<void> {
  if (target.user_id === access.owner_user_id) throw conflict(ACCESS_MSG.ownerNotEditable);
  const removedUser = await db.transaction(async (tx) => {
    const user = target.user_id ? await findUserById(tx, target.user_id) : target.email ? await findUserByEmail(tx, target.email) : undefined;
    if (user && (await isMember(tx, access.workspace_id, user.user_id))) {
      if (user.user_id === access.owner_user_id) throw conflict(ACCESS_MSG.ownerNotEditable);
      await tx.delete(workspacePermissions).where(and(eq(workspacePermissions.workspace_id, access.workspace_id), eq(workspacePermissions.user_id, user.user_id)));
      await tx.delete(workspaceUsers).where(and(eq(workspaceUsers.workspace_id, access.workspace_id), eq(workspaceUsers.user_id, user.user_id)));
      return user.user_id;
    }
    const email = target.email ?? user?.email;
    const removed = email
      ? await tx
          .delete(workspaceInvitations)
          .where(and(eq(workspaceInvitations.workspace_id, access.workspace_id), eq(workspaceInvitations.email, email.toLowerCase()), isNull(workspaceInvitations.accepted_at)))
          .returning({ id: workspaceInvitations.invitation_id })
      : [];
    if (!removed.length) throw notFound(ACCESS_MSG.notMember);
    return null;
  });
  if (removedUser) {
    const ws = await findWorkspace(db, access.workspace_id);
    await sideEffect(log, () => notify(db, removedUser, { title: 'Acceso quitado', body: `Ya no tenés acceso al espacio de trabajo "${ws?.name ?? ''}".` }).then(() => undefined));
  }
}

/** One entry per module: the owner has everything; a member what is stored; 404 for a non-member. */
export async function readPermissions(db: Executor, workspaceId: number, userId: number, ownerId: number): Promise<PermissionEntry[]> {
  if (userId === ownerId) return ownerPermissions();
  if (!(await isMember(db, workspaceId, userId))) throw notFound(ACCESS_MSG.notMember);
  const rows = await db
    .select()
    .from(workspacePermissions)
    .where(and(eq(workspacePermissions.workspace_id, workspaceId), eq(workspacePermissions.user_id, userId)));
  return completePermissions(rows.map((r) => ({ module: r.module as Module, read: r.read, update: r.update, create: r.create, delete: r.delete })));
}

/** Permissions stored on a pending invitation (the manage screen shows them before sign-up). */
export async function invitationPermissions(db: Executor, workspaceId: number, email: string): Promise<PermissionEntry[]> {
  const inv = await pendingInvitation(db, workspaceId, email.toLowerCase());
  if (!inv) throw notFound(ACCESS_MSG.notMember);
  return completePermissions(inv.permissions as PermissionEntry[]);
}

export async function userIdByEmail(db: Executor, email: string): Promise<number | null> {
  const [u] = await db.select({ user_id: users.user_id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return u?.user_id ?? null;
}
