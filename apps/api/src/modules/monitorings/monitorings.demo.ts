import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { argentinaDay as day, MonitoringBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { adversities, cropStages, farms, fields, monitoringPhotos, workspaceEntities } from '../../db/schema/index';
import { saveUpload } from '../../files/index';
import type { DemoContext } from '../demo-seeders';
import { demoPhoto } from './demo-image';
import { createMonitoring } from './monitorings.service';

type Visit = {
  farm: number;
  plot: number;
  daysAgo: number;
  crop: 'Soja' | 'Maíz';
  stage: number;
  found: [string, number, number][];
  recommendation: string;
  observations: string;
  photos: [number, number, number][];
};

const VISITS: Visit[] = [
  { farm: 0, plot: 0, daysAgo: 3, crop: 'Soja', stage: 4, found: [['Chinche', 12, 2], ['Yuyo colorado', 8, 2]], recommendation: 'Volver a monitorear en 7 días; aplicar si la chinche supera el umbral.', observations: 'Lote parejo, buena humedad.', photos: [[150, 110, 60], [200, 40, 40]] },
  { farm: 0, plot: 1, daysAgo: 10, crop: 'Maíz', stage: 3, found: [['Chicharrita', 25, 3]], recommendation: 'Aplicar insecticida en las cabeceras.', observations: 'Mayor presión en el borde norte.', photos: [[230, 230, 90]] },
  { farm: 1, plot: 0, daysAgo: 6, crop: 'Soja', stage: 6, found: [['Mancha ojo de rana', 15, 2], ['Isoca', 5, 1]], recommendation: 'Fungicida preventivo en R3.', observations: '', photos: [[120, 80, 40]] },
  { farm: 1, plot: 2, daysAgo: 15, crop: 'Maíz', stage: 2, found: [], recommendation: '', observations: 'Sin adversidades relevantes.', photos: [] },
];

/** Demo monitorings (issue 12 item 9): four plot visits on two demo farms, with adversities and generated photos. */
export async function seedMonitoringsDemo(tx: Executor, ctx: DemoContext): Promise<void> {
  const farmIds = (
    await tx
      .select({ farm_id: farms.farm_id })
      .from(farms)
      .innerJoin(workspaceEntities, and(eq(workspaceEntities.entity_id, farms.farm_id), eq(workspaceEntities.entity_type, 'farms'), eq(workspaceEntities.workspace_id, ctx.workspaceId)))
      .orderBy(asc(farms.farm_id))
  ).map((f) => f.farm_id);
  if (farmIds.length < 2) return;
  const plots = await tx.select({ field_id: fields.field_id, farm_id: fields.farm_id }).from(fields).where(and(inArray(fields.farm_id, farmIds), isNull(fields.deleted_at))).orderBy(asc(fields.field_id));
  const advIds = new Map((await tx.select({ id: adversities.adversity_id, name: adversities.name }).from(adversities)).map((a) => [a.name, a.id]));
  const stages = await tx.select().from(cropStages).orderBy(asc(cropStages.crop_id), asc(cropStages.position));
  const CROP_ID = { Soja: 1, Maíz: 2 } as const;
  let seed = 1;
  for (const v of VISITS) {
    const farmId = farmIds[v.farm];
    const plot = plots.filter((p) => p.farm_id === farmId)[v.plot];
    if (!plot) continue;
    const cropStagesOf = stages.filter((s) => s.crop_id === CROP_ID[v.crop]);
    const stage = cropStagesOf[Math.min(v.stage, cropStagesOf.length - 1)];
    const body = MonitoringBody.parse({
      farm_id: farmId,
      field_id: plot.field_id,
      date: day(-v.daysAgo),
      crop_id: CROP_ID[v.crop],
      stage_id: stage?.stage_id ?? null,
      latitude: v.farm === 0 ? '-37.312500' : '-33.890200',
      longitude: v.farm === 0 ? '-59.135000' : '-60.571300',
      recommendation: v.recommendation,
      observations: v.observations,
      adversities: v.found.flatMap(([name, incidence, severity]) => (advIds.has(name) ? [{ adversity_id: advIds.get(name), incidence, severity }] : [])),
    });
    const row = await createMonitoring(tx, ctx.workspaceId, ctx.userId, body);
    if (!ctx.fileStore) continue;
    for (const spot of v.photos) {
      const stored = await saveUpload(tx, ctx.fileStore, { workspaceId: ctx.workspaceId, userId: ctx.userId, filename: `monitoreo-${row.monitoring_id}-${seed}.png`, buffer: demoPhoto(96, 72, spot, seed++), allowed: ['png'] });
      await tx.insert(monitoringPhotos).values({ workspace_id: ctx.workspaceId, monitoring_id: row.monitoring_id, file_id: stored.file_id, created_by: ctx.userId, updated_by: ctx.userId });
    }
  }
}
