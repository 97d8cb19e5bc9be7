import { and, asc, eq, isNull } from 'drizzle-orm';
import { NoteBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { farms, fields, noteAttachments, workspaceEntities } from '../../db/schema/index';
import { saveUpload, type FileStore } from '../../files/index';
import type { DemoContext } from '../demo-seeders';
import { createNote } from './notes.service';

const DEMO_PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

type DemoNote = { title: string; text: string; place: 'none' | 'farm' | 'plot'; pdf?: string };
const NOTES: DemoNote[] = [
  { title: 'Análisis de suelo', text: 'Muestras tomadas a 0-20 cm. Fósforo bajo en la loma: corregir con la fertilización de base.', place: 'plot', pdf: 'analisis-suelo.pdf' },
  { title: 'Alambrado del potrero norte', text: 'Revisar los postes caídos después de la tormenta y pedir presupuesto al contratista.', place: 'farm' },
  { title: 'Reunión con el acopio', text: 'Acordar fecha de entrega del maíz y condiciones de humedad.', place: 'none' },
];

/** Demo notes (issue 12 item 9): one on a plot with a PDF attachment, one on a farm, one general. */
export async function seedNotesDemo(tx: Executor, ctx: DemoContext): Promise<void> {
  // the seeding passes the file store when it has one (the attachment is then stored like any upload)
  const fileStore = (ctx as DemoContext & { fileStore?: FileStore }).fileStore;
  const [farm] = await tx
    .select({ farm_id: farms.farm_id })
    .from(farms)
    .innerJoin(workspaceEntities, and(eq(workspaceEntities.entity_id, farms.farm_id), eq(workspaceEntities.entity_type, 'farms'), eq(workspaceEntities.workspace_id, ctx.workspaceId)))
    .orderBy(asc(farms.farm_id))
    .limit(1);
  const [plot] = farm ? await tx.select({ field_id: fields.field_id }).from(fields).where(and(eq(fields.farm_id, farm.farm_id), isNull(fields.deleted_at))).orderBy(asc(fields.field_id)).limit(1) : [];
  for (const n of NOTES) {
    const body = NoteBody.parse({
      title: n.title,
      text: n.text,
      farm_id: n.place !== 'none' ? (farm?.farm_id ?? null) : null,
      field_id: n.place === 'plot' ? (plot?.field_id ?? null) : null,
    });
    const note = await createNote(tx, ctx.workspaceId, ctx.userId, body);
    if (n.pdf && fileStore) {
      const stored = await saveUpload(tx, fileStore, { workspaceId: ctx.workspaceId, userId: ctx.userId, filename: n.pdf, buffer: Buffer.from(DEMO_PDF) });
      await tx.insert(noteAttachments).values({ workspace_id: ctx.workspaceId, note_id: note.note_id, file_id: stored.file_id, created_by: ctx.userId, updated_by: ctx.userId });
    }
  }
}
