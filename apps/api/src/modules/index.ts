import type { FastifyInstance } from 'fastify';
import { healthModule } from './health/index';
import { geoModule } from './geo/index';
import { referenceModule } from './reference/index';
import { usersModule } from './users/index';
import { landModule } from './land/index';
import { seasonsModule } from './seasons/index';
import { externalAuthModule } from './external-auth/index';
import { plansModule } from './plans/index';
import { notificationsModule } from './notifications/index';
import { analyticsModule } from './analytics/index';
import { onboardingModule } from './onboarding/index';
import { devOutboxModule } from './dev-outbox/index';
import { masterDataModule } from './master-data/index';
import { workspacesModule } from './workspaces/index';
import { inventoryModule } from './inventory/index';
import { workOrdersModule } from './work-orders/index';
import { recipesModule } from './recipes/index';
import { externalDataModule } from './external-data/index';
import { grainsModule } from './grains/index';
import { contractsModule } from './contracts/index';
import { monitoringsModule } from './monitorings/index';
import { notesModule } from './notes/index';
import { rainsModule } from './rains/index';
import { storeModule } from './store/index';
import { fieldMappingModule } from './field-mapping/index';
import { newsModule } from './news/index';
import { filesRoutes } from '../files/index';

/**
 * Every module registers here, under /fm/v1. A module is one folder with an index.ts
 * exporting its plugin; it adds nothing to any other module's files.
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthModule);
  await app.register(geoModule);
  await app.register(referenceModule);
  await app.register(usersModule);
  await app.register(landModule);
  await app.register(seasonsModule);
  await app.register(externalAuthModule);
  await app.register(plansModule);
  await app.register(notificationsModule);
  await app.register(analyticsModule);
  await app.register(onboardingModule);
  await app.register(devOutboxModule);
  await app.register(masterDataModule);
  await app.register(workspacesModule);
  await app.register(inventoryModule);
  await app.register(workOrdersModule);
  await app.register(recipesModule);
  await app.register(externalDataModule);
  await app.register(grainsModule);
  await app.register(contractsModule);
  await app.register(monitoringsModule);
  await app.register(notesModule);
  await app.register(rainsModule);
  await app.register(storeModule);
  await app.register(fieldMappingModule);
  await app.register(newsModule);
  await app.register(filesRoutes);
}
