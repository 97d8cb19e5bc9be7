/** Body of POST / PUT monitorings. */
export type MonitoringPayload = {
  farm_id: number | null;
  field_id: number | null;
  date: string | null;
  crop_id: number | null;
  stage_id: number | null;
  latitude: string | null;
  longitude: string | null;
  recommendation: string | null;
  observations: string | null;
  adversities: { adversity_id: number | null; incidence: number | string | null; severity: number | null }[];
};
