import { describe, expect, it } from 'vitest';
import { checkedModulesToPermissions, ENTITY_TYPES, InviteBody, SHAREABLE_RESOURCES, shareableResource, WorkspaceBody } from './workspaces';

describe('workspaces domain', () => {
  it('a checked module grants read, update, create and delete together (doc 1 §5)', () => {
    const perms = checkedModulesToPermissions(['costs']);
    expect(perms).toHaveLength(14);
    expect(perms.find((p) => p.module === 'costs')).toEqual({ module: 'costs', read: true, update: true, create: true, delete: true });
    expect(perms.find((p) => p.module === 'reports')?.read).toBe(false);
  });

  it('accepts entities as a list of pairs or as lists of ids per type', () => {
    const a = WorkspaceBody.parse({ name: 'Norte', entities: [{ entity_type: 'farms', entity_id: 3 }] });
    const b = WorkspaceBody.parse({ name: 'Norte', entities: { farms: [3], providers: [1, 2] } });
    expect(a.entities).toEqual([{ entity_type: 'farms', entity_id: 3 }]);
    expect(b.entities).toHaveLength(3);
    expect(a.active).toBe(true);
  });

  it('invite payload: one Spanish message per e-mail problem, role 1 by default', () => {
    const empty = InviteBody.safeParse({ email: '' });
    expect(empty.success ? [] : empty.error.issues.map((i) => i.message)).toEqual(['El email es obligatorio']);
    const bad = InviteBody.safeParse({ email: 'sin-arroba' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['El formato del email es incorrecto']);
    expect(InviteBody.parse({ email: 'A@B.com' })).toMatchObject({ email: 'a@b.com', role_id: 1, permissions: [] });
  });

  it('lists every resource type the spec shares into workspaces once, with its list call', () => {
    expect([...ENTITY_TYPES].sort()).toEqual(['buyers', 'companies', 'contractors', 'destinations', 'farms', 'livestock_agents', 'providers', 'transports', 'warehouses']);
    expect(new Set(SHAREABLE_RESOURCES.map((r) => r.path)).size).toBe(SHAREABLE_RESOURCES.length);
    expect(shareableResource('livestock_agents')).toMatchObject({ path: 'livestock-agents', idParam: 'livestock_agent_id', label: 'Consignatarios de hacienda' });
  });
});
