/** A monitoring as GET monitorings answers it. */
export type MonitoringAdversity = { monitoring_adversity_id: number; adversity_id: number; name: string; adversity_type: string; incidence: number; severity: number };
export type MonitoringPhoto = { monitoring_photo_id: number; file_id: number; url: string; original_name: string; content_type: string };
export type Monitoring = {
  monitoring_id: number;
  date: string;
  farm_id: number;
  farm_name: string;
  field_id: number;
  field_name: string;
  crop_id: number | null;
  crop_name: string | null;
  stage_id: number | null;
  stage_name: string | null;
  latitude: number | null;
  longitude: number | null;
  recommendation: string | null;
  observations: string | null;
  adversities: MonitoringAdversity[];
  photos: MonitoringPhoto[];
  created_at: string;
};

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
