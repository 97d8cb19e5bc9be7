import { ADDON_ID } from '@fm/domain';
import type { Executor } from '../../db/client';
import type { DemoContext } from '../demo-seeders';
import { notify } from '../notifications/index';
import { setAddonQuantity } from './plans.service';

// The demo account is PRO with more companies than the plan includes: it holds the Empresas, Usuarios and Recetas
// add-ons a real customer of that size would have bought, and a couple of notifications for the bell.
export async function seedPlansDemo(tx: Executor, { userId }: DemoContext): Promise<void> {
  await setAddonQuantity(tx, userId, ADDON_ID.COMPANIES, 5);
  // three team members already share the demo workspace (workspaces.demo.ts); room for a few more
  await setAddonQuantity(tx, userId, ADDON_ID.USERS, 7);
  // and Recetas, so the prescriptions menu, list and the orders' 'Recetas agronómicas' action show on first start
  await setAddonQuantity(tx, userId, ADDON_ID.RECIPES, 1);
  await notify(tx, userId, { title: '¡Bienvenido/a a Gestión Agro!', body: 'Recorré la cuenta de demostración: campañas, plan de siembra y recursos.', web: '/mis-recursos' });
  await notify(tx, userId, { title: 'Adicionales disponibles', body: 'Sumá usuarios, empresas, reportes o recetas desde Adicionales.', web: '/adquirir-adicionales' });
}
