import { api } from '../../api/client';
import { fetchFile } from '../../api/download';
import type { Monitoring } from '@fm/domain';
import type { MonitoringPayload } from './types';

/** Monitoring calls (issue 12 §5): GET/POST/PUT/DELETE monitorings, POST/DELETE monitorings/photos. */
export const monitoringsApi = {
  one: async (id: number): Promise<Monitoring | undefined> => (await api.get<Monitoring[]>('monitorings', { query: { monitoring_id: id } })).data[0],
  create: async (body: MonitoringPayload) => {
    const res = await api.post<Monitoring[]>('monitorings', body, { overlay: true });
    return { row: res.data[0], message: res.message };
  },
  update: async (id: number, body: MonitoringPayload) => {
    const res = await api.put<Monitoring[]>('monitorings', body, { query: { monitoring_id: id }, overlay: true });
    return { row: res.data[0], message: res.message };
  },
  remove: async (id: number) => (await api.del<unknown[]>('monitorings', { query: { monitoring_id: id } })).message,
  /** Multipart `file`: the server checks the bytes (JPG, PNG, WEBP) and the size. */
  addPhoto: async (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return (await api.post<Monitoring[]>('monitorings/photos', form, { query: { monitoring_id: id }, overlay: true })).message;
  },
  removePhoto: async (photoId: number) => (await api.del<unknown[]>('monitorings/photos', { query: { monitoring_photo_id: photoId } })).message,
  /** A stored photo as a Blob (files are served with the session's token, so an <img> cannot load the url itself). */
  photo: (fileId: number): Promise<Blob> => fetchFile(`files/${fileId}`),
};
