import type { Boundary } from '@fm/domain';

/** Who gets an account in the service: our user, identified there by `external_id` and e-mail. */
export type FieldMappingAccount = { user_id: number; email: string; name: string; last_name: string };

/** A plot as the service receives it: name, farm, declared hectares and the GeoJSON boundary (WGS84, [lon, lat]). */
export type FieldMappingPlot = { field_id: number; name: string; farm_name: string; hectares: number; boundary: Boundary };

/**
 * Ambientaciones, the external field-mapping service (issue 12 item 8; decision 0025). `http` is the real service
 * (FIELD_MAPPING_API_URL and FIELD_MAPPING_API_KEY); `unconfigured` refuses every call with a Spanish 503, never a
 * fake success. Errors are AppErrors: 502 when the service fails or is late, 409 when it no longer knows the user.
 */
export interface FieldMappingService {
  readonly kind: 'http' | 'unconfigured';
  /** Creates the user's account in the service, or links the one with the same e-mail; returns its access token. */
  synchronizeUser(user: FieldMappingAccount): Promise<{ token: string }>;
  /** Creates or replaces the plot in the user's account (keyed by our field id); returns the service's id for it. */
  upsertField(token: string, plot: FieldMappingPlot): Promise<{ external_id: string }>;
}
