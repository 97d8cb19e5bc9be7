import { z } from 'zod';
import { MODULES, type PermissionEntry } from './modules';
import { MSG } from './account';

/** Spanish texts of workspaces, users and permissions (spec doc 1 §2.9, §5, §8). */
export const ACCESS_MSG = {
  workspaceNameRequired: 'El nombre del espacio de trabajo es obligatorio',
  teamNameRequired: 'El nombre del equipo es obligatorio',
  teamRequired: 'El equipo es obligatorio',
  permissionsSaved: 'Permisos guardados correctamente!',
  permissionsSaveError: 'Error al guardar los permisos',
  permissionsDeleted: 'Permisos eliminados',
  permissionsDeleteError: 'Error al eliminar los permisos',
  workspaceCreated: 'Espacio de trabajo creado',
  workspaceUpdated: 'Espacio de trabajo actualizado',
  workspaceDeleted: 'Espacio de trabajo eliminado',
  ownerOnly: 'Solo el dueño del espacio de trabajo puede realizar esta acción',
  ownerNotEditable: 'Los permisos del dueño del espacio de trabajo no se pueden modificar',
  inviteSelf: 'No podés invitarte a vos mismo',
  notMember: 'El usuario no tiene acceso a este espacio de trabajo',
  lastWorkspace: 'No podés eliminar tu único espacio de trabajo propio',
  workspaceHasUsers: 'No se puede eliminar el espacio de trabajo porque tiene usuarios con acceso. Quitá sus permisos primero.',
  invited: 'Invitación enviada. El acceso comienza cuando la persona valide su e-mail.',
  teamCreated: 'Equipo creado',
  teamUpdated: 'Equipo actualizado',
  teamDeleted: 'Equipo eliminado',
  teamEmpty: 'El equipo no tiene integrantes',
  entityNotOwned: 'Solo podés compartir recursos de tu cuenta',
  entityTypeUnknown: 'Tipo de recurso desconocido',
} as const;

/** Message when a workspace still holds business data: `labels` name what it holds (e.g. "campañas"). */
export const workspaceHasData = (labels: readonly string[]) =>
  `No se puede eliminar el espacio de trabajo porque tiene ${labels.join(', ')}. Eliminá esos datos primero.`;

const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, { message: MSG.emailRequired, abort: true })
  .max(254)
  .email(MSG.emailFormat)
  .transform((s) => s.toLowerCase());

export const PermissionEntrySchema = z.object({
  module: z.enum(MODULES),
  read: z.boolean().default(false),
  update: z.boolean().default(false),
  create: z.boolean().default(false),
  delete: z.boolean().default(false),
});

const permissions = z.array(PermissionEntrySchema).max(MODULES.length * 2).default([]);

/** Spec doc 1 §5: on save each checked module grants read, update, create and delete together. */
export function checkedModulesToPermissions(checked: readonly string[]): PermissionEntry[] {
  return MODULES.map((module) => {
    const on = checked.includes(module);
    return { module, read: on, update: on, create: on, delete: on };
  });
}

/**
 * Account resources a workspace can hold (spec doc 1 §2.10, ARCHITECTURE §4): `type` is the entity_type stored in
 * workspace_entities, `path` the list call (GET <path>?scope=account) and `idParam` its id field.
 */
export const SHAREABLE_RESOURCES = [
  { type: 'companies', label: 'Empresas', path: 'companies', idParam: 'company_id' },
  { type: 'farms', label: 'Establecimientos', path: 'farms', idParam: 'farm_id' },
  { type: 'warehouses', label: 'Depósitos', path: 'warehouses', idParam: 'warehouse_id' },
  { type: 'destinations', label: 'Destinos', path: 'destinations', idParam: 'destination_id' },
  { type: 'transports', label: 'Transportes', path: 'transports', idParam: 'transport_id' },
  { type: 'buyers', label: 'Compradores', path: 'buyers', idParam: 'buyer_id' },
  { type: 'providers', label: 'Proveedores', path: 'providers', idParam: 'provider_id' },
  { type: 'contractors', label: 'Contratistas', path: 'contractors', idParam: 'contractor_id' },
  { type: 'livestock_agents', label: 'Consignatarios de hacienda', path: 'livestock-agents', idParam: 'livestock_agent_id' },
] as const;
export type ShareableResource = (typeof SHAREABLE_RESOURCES)[number];
export type EntityType = ShareableResource['type'];
export const ENTITY_TYPES: readonly EntityType[] = SHAREABLE_RESOURCES.map((r) => r.type);

/** The shareable resource of an entity type. */
export function shareableResource<T extends EntityType>(type: T): Extract<ShareableResource, { type: T }> {
  const found = SHAREABLE_RESOURCES.find((r): r is Extract<ShareableResource, { type: T }> => r.type === type);
  if (!found) throw new Error(`Tipo de recurso desconocido: ${type}`);
  return found;
}

/** Entities shared into a workspace: `[{entity_type, entity_id}]` (preferred) or `{farms: [1, 2], companies: [3]}`. */
const entityRef = z.object({ entity_type: z.string().min(1).max(40), entity_id: z.coerce.number().int().positive() });
export const EntitiesInput = z
  .union([z.array(entityRef).max(5000), z.record(z.string().max(40), z.array(z.coerce.number().int().positive()).max(5000))])
  .transform((v) => (Array.isArray(v) ? v : Object.entries(v).flatMap(([entity_type, ids]) => ids.map((entity_id) => ({ entity_type, entity_id })))));
export type EntityRef = z.infer<typeof entityRef>;

export const WorkspaceBody = z.object({
  name: z.string({ error: ACCESS_MSG.workspaceNameRequired }).trim().min(1, ACCESS_MSG.workspaceNameRequired).max(120),
  active: z.boolean().default(true),
  entities: EntitiesInput.optional(),
});
export type WorkspaceBody = z.input<typeof WorkspaceBody>;

export const WorkspaceUpdateBody = WorkspaceBody.partial();

/** Invite payload (spec doc 1 §3): email, role_id (1), permissions. */
export const InviteBody = z.object({
  email,
  role_id: z.coerce.number().int().min(1).max(10).default(1),
  permissions,
});
export type InviteBody = z.input<typeof InviteBody>;

export const PermissionsBody = z.object({ permissions });

export const TeamBody = z.object({
  name: z.string({ error: ACCESS_MSG.teamNameRequired }).trim().min(1, ACCESS_MSG.teamNameRequired).max(120),
  /** Members by e-mail (people of the account's workspaces, or anyone to invite later). */
  members: z.array(email).max(200).default([]),
});
export type TeamBody = z.input<typeof TeamBody>;
/** An edit changes only what it sends: a rename without `members` keeps the team's people. */
export const TeamUpdateBody = z.object({ name: TeamBody.shape.name.optional(), members: z.array(email).max(200).optional() });

export const TeamAccessBody = z.object({
  team_id: z.coerce.number({ error: ACCESS_MSG.teamRequired }).int().positive(ACCESS_MSG.teamRequired),
  role_id: z.coerce.number().int().min(1).max(10).default(1),
  permissions,
});

/** GET workspaces row. */
export type WorkspaceUserInfo = { user_id: number; email: string; name: string; last_name: string };
export type WorkspaceRow = {
  workspace_id: number;
  name: string;
  active: boolean;
  user_id: number;
  owner: boolean;
  owner_name: string;
  users_count: number;
  users: WorkspaceUserInfo[];
};

/** GET workspaces/users row (screen /usuarios). */
export type AccountUserRow = {
  user_id: number | null;
  email: string;
  name: string;
  last_name: string;
  pending: boolean;
  workspaces: { workspace_id: number; name: string }[];
};

export type TeamRow = {
  team_id: number;
  name: string;
  members: { email: string; user_id: number | null; name: string | null; last_name: string | null }[];
};
