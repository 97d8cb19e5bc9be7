import { GENERIC_ERROR } from '@fm/domain';
import { buildUrl, type Query } from './client';
import { ApiError } from './errors';
import { getSession } from '../session/session-store';
import { trackRequest } from '../components/loading-overlay/overlay-store';

/** A file answer of the API (PDF, spreadsheet) as a Blob; a JSON error envelope becomes an ApiError. */
export async function fetchFile(path: string, query: Query = {}): Promise<Blob> {
  const token = getSession()?.token;
  const controller = new AbortController();
  const release = trackRequest(controller);
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal });
    if (res.ok) return await res.blob();
  } catch {
    throw controller.signal.aborted ? ApiError.cancelled() : ApiError.network();
  } finally {
    release();
  }
  let message = GENERIC_ERROR;
  try {
    const body = (await res.json()) as { message?: string };
    if (body.message) message = body.message;
  } catch {
    // not JSON: the generic text
  }
  throw new ApiError(res.status, message);
}

/** Hands a Blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET a file of the API and save it as `filename` (e.g. OT_12.pdf). */
export async function downloadFile(path: string, query: Query, filename: string): Promise<void> {
  saveBlob(await fetchFile(path, query), filename);
}
