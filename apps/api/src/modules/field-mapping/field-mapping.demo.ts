import { ADDON_ID } from '@fm/domain';
import type { Executor } from '../../db/client';
import type { DemoContext } from '../demo-seeders';
import { setAddonQuantity } from '../plans/index';

/**
 * The demo account (PRO) holds the Ambientaciones add-on, so Mi perfil offers 'Sincronizar Ambientaciones'. It gets
 * no token: the menu entry appears only after a real synchronisation (offline the action answers 'no está configurado').
 */
export async function seedFieldMappingDemo(tx: Executor, { userId }: DemoContext): Promise<void> {
  await setAddonQuantity(tx, userId, ADDON_ID.FIELD_MAPPING, 1);
}
