import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACCESS_MSG, ADDON_ID, CAPACITY_MSG, includedCapacity, MODULES, ownerPermissions, type Module, type PermissionEntry } from '@fm/domain';
import type { Executor } from '../../db/client';
import { users, workspaceInvitations, workspacePermissions, workspaceUsers } from '../../db/schema/index';
import { publicUrl } from '../../config';
import { conflict, notFound } from '../../http/errors';
import type { WorkspaceAccess } from '../../http/guard';
import { linkMail } from '../../integrations/mail/mailer';
import { notify } from '../notifications/index';
import { planOf, registerUsageCounter } from '../plans/index';
import { findUserByEmail, findUserById, setPermissions } from '../users/index';
import { accountPeople, addonQuantity, findWorkspace, isMember, pendingInvitation } from './workspaces.repo';

// Add-on 1 "Usuarios" counts the people the account shares its workspaces with (members + pending
// invitations); the plan includes PLAN_CAPACITY users and each purchased unit adds one.
registerUsageCounter(ADDON_ID.USERS, async (db, userId) => (await accountPeople(db, userId)).size);

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
 * transaction: an account gets access now (or its permissions replaced when it already has access, spec
 * "saved by e-mail and workspace"); an unknown e-mail gets an invitation that turns into access at sign-up.
 * Refuses the owner, and going over the plan's user capacity. Notifications and e-mails leave after commit.
 */
export async function grantAccess(
  app: FastifyInstance,
  access: WorkspaceAccess,
  emails: string[],
  permissions: PermissionEntry[],
  roleId: number,
): Promise<Outcome[]> {
  const owner = await findUserById(app.db, access.owner_user_id);
  const ws = await findWorkspace(app.db, access.workspace_id);
  if (!owner || !ws) throw notFound();
  const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  if (unique.includes(owner.email.toLowerCase())) throw conflict(ACCESS_MSG.inviteSelf);
  const after: AfterCommit[] = [];
  const outcomes = await app.db.transaction(async (tx) => {
    await assertCapacity(tx, owner.user_id, unique);
    const out: Outcome[] = [];
    for (const email of unique) {
      const user = await findUserByEmail(tx, email);
      if (user) {
        const already = await isMember(tx, ws.workspace_id, user.user_id);
        if (!already) await tx.insert(workspaceUsers).values({ workspace_id: ws.workspace_id, user_id: user.user_id, role_id: roleId });
        await setPermissions(tx, ws.workspace_id, user.user_id, permissions);
        out.push({ email, kind: already ? 'updated' : 'added', user_id: user.user_id });
        after.push(() =>
          already
            ? notifyPermissionChange(app, user.user_id, ws.name)
            : notifyAndMailAccess(app, user.user_id, user.email, `${owner.name} ${owner.last_name}`.trim(), ws.name),
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
      after.push(() => mailInvitation(app, email, `${owner.name} ${owner.last_name}`.trim(), ws.name));
    }
    return out;
  });
  for (const fn of after) await sideEffect(app, fn);
  return outcomes;
}

/** Notifications and e-mails run after commit; a failure there is logged, the change stands. */
async function sideEffect(app: FastifyInstance, fn: AfterCommit): Promise<void> {
  try {
    await fn();
  } catch (err) {
    app.log.error({ err }, 'workspace access side effect failed');
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function notifyAndMailAccess(app: FastifyInstance, userId: number, email: string, ownerName: string, wsName: string) {
  await notify(app.db, userId, {
    title: 'Nuevo espacio de trabajo',
    body: `${ownerName} te dio acceso al espacio de trabajo "${wsName}".`,
    web: '/espacio-trabajo',
  });
  await app.mailer.send(
    linkMail(email, 'Te compartieron un espacio de trabajo', `${escapeHtml(ownerName)} te dio acceso al espacio de trabajo "${escapeHtml(wsName)}". Ingresá para verlo:`, `${publicUrl(app.config)}/`),
  );
}

async function notifyPermissionChange(app: FastifyInstance, userId: number, wsName: string) {
  await notify(app.db, userId, {
    title: 'Permisos actualizados',
    body: `Cambiaron tus permisos en el espacio de trabajo "${wsName}". Volvé a seleccionarlo para verlos.`,
    web: '/espacio-trabajo',
  });
}

async function mailInvitation(app: FastifyInstance, email: string, ownerName: string, wsName: string) {
  await app.mailer.send(
    linkMail(
      email,
      'Te invitaron a un espacio de trabajo',
      `${escapeHtml(ownerName)} te invitó al espacio de trabajo "${escapeHtml(wsName)}". Registrate con este email para acceder:`,
      `${publicUrl(app.config)}/register`,
    ),
  );
}

/** Owner only; the owner's own permissions cannot be edited. Base modules stay on. */
export async function updatePermissions(app: FastifyInstance, access: WorkspaceAccess, userId: number, permissions: PermissionEntry[]): Promise<PermissionEntry[]> {
  if (userId === access.owner_user_id) throw conflict(ACCESS_MSG.ownerNotEditable);
  await app.db.transaction(async (tx) => {
    if (!(await isMember(tx, access.workspace_id, userId))) throw notFound(ACCESS_MSG.notMember);
    await setPermissions(tx, access.workspace_id, userId, permissions);
  });
  const ws = await findWorkspace(app.db, access.workspace_id);
  await sideEffect(app, () => notifyPermissionChange(app, userId, ws?.name ?? ''));
  return readPermissions(app.db, access.workspace_id, userId, access.owner_user_id);
}

/** Removes a member's access and permissions (one transaction), or a pending invitation by e-mail. */
export async function removeAccess(app: FastifyInstance, access: WorkspaceAccess, target: { user_id?: number; email?: string }): Promise<void> {
  if (target.user_id === access.owner_user_id) throw conflict(ACCESS_MSG.ownerNotEditable);
  const removedUser = await app.db.transaction(async (tx) => {
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
    const ws = await findWorkspace(app.db, access.workspace_id);
    await sideEffect(app, () => notify(app.db, removedUser, { title: 'Acceso quitado', body: `Ya no tenés acceso al espacio de trabajo "${ws?.name ?? ''}".` }).then(() => undefined));
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
