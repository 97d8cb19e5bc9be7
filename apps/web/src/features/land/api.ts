import { GENERIC_ERROR, type Company, type Farm, type Field, type ImportedBoundary } from '@fm/domain';
import { api, buildUrl } from '../../api/client';
import { ApiError, type ErrorDetail } from '../../api/errors';
import { getSession } from '../../session/session-store';
import { resourceApi, type ResourceScope } from '../resources/api';

/** Companies and farms reuse the master-data calls (GET/POST path, PUT/DELETE ?<id>, scope=account for Mis recursos). */
export const companiesApi = (scope: ResourceScope) => resourceApi<Company>('companies', 'company_id', scope);
export const farmsApi = (scope: ResourceScope) => resourceApi<Farm>('farms', 'farm_id', scope);

export async function listFields(farmId: number): Promise<(Field & { farm: { farm_id: number; name: string } })[]> {
  return (await api.get<(Field & { farm: { farm_id: number; name: string } })[]>('fields', { query: { farm_id: farmId } })).data;
}

type UploadEnvelope = { success?: boolean; status?: number; message?: string; data?: ImportedBoundary[]; detail?: ErrorDetail[] };

/** POST fields/boundary (multipart): the polygons of a KML/KMZ with their geodesic hectares. */
export async function importBoundary(file: File): Promise<ImportedBoundary[]> {
  const body = new FormData();
  body.append('file', file);
  const token = getSession()?.token;
  let res: Response;
  let payload: UploadEnvelope | null;
  try {
    res = await fetch(buildUrl('fields/boundary'), { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body });
    payload = (await res.json().catch(() => null)) as UploadEnvelope | null;
  } catch {
    throw ApiError.network();
  }
  if (!res.ok || !payload?.success || !Array.isArray(payload.data)) {
    throw new ApiError(res.ok ? 510 : res.status, payload?.message ?? GENERIC_ERROR, payload?.detail ?? []);
  }
  return payload.data;
}
