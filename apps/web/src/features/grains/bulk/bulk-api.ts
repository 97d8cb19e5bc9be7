import { BULK_SAVE_CHUNK, bulkMovementBody, GENERIC_ERROR, type BulkError, type BulkMovement } from '@fm/domain';
import { api, buildUrl } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { fetchFile, saveBlob } from '../../../api/download';
import { getSession } from '../../../session/session-store';

export type BulkCheck = { movements: BulkMovement[]; errors: BulkError[]; total_rows: number };

/** Downloads the template (fixed file name, spec doc 3 §9). */
export async function downloadTemplate(format: 'xlsx' | 'csv'): Promise<void> {
  saveBlob(await fetchFile('grains/movements/template', { format }), `carga-masiva-movimientos-granos.${format}`);
}

/**
 * POST grains/movements/import with the file (XHR, for the upload's progress); the server reads and checks it and
 * saves nothing. `onProgress` gets 0-100 while the bytes go up.
 */
export function checkFile(file: File, onProgress: (percent: number) => void): Promise<BulkCheck> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('grains/movements/import'));
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = () => reject(ApiError.network());
    xhr.onload = () => {
      let body: { data?: BulkCheck[]; message?: string; detail?: { loc: (string | number)[]; msg: string }[] } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the generic text below
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data?.[0]) resolve(body.data[0]);
      else reject(new ApiError(xhr.status || 510, body?.message ?? GENERIC_ERROR, body?.detail ?? []));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * Saves the rows through POST grains/movements: one request (one transaction) up to 10.000 rows, more in parts of
 * 10.000 with `onProgress` after each.
 */
export async function saveMovements(rows: BulkMovement[], onProgress: (saved: number) => void): Promise<string | undefined> {
  let message: string | undefined;
  for (let at = 0; at < rows.length; at += BULK_SAVE_CHUNK) {
    const part = rows.slice(at, at + BULK_SAVE_CHUNK).map(bulkMovementBody);
    message = (await api.post<unknown>('grains/movements', { movements: part })).message;
    onProgress(Math.min(rows.length, at + BULK_SAVE_CHUNK));
  }
  return message;
}
