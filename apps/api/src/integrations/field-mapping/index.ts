import { FIELD_MAPPING_MSG } from '@fm/domain';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import { httpFieldMapping } from './http-client';
import type { FieldMappingService } from './types';

export type { FieldMappingAccount, FieldMappingPlot, FieldMappingService } from './types';

export const notConfiguredError = () => new AppError('SERVICE_UNAVAILABLE', FIELD_MAPPING_MSG.notConfigured);

/** Without a configured service every call is refused in Spanish: nothing is pretended to be synchronised. */
export const unconfiguredFieldMapping: FieldMappingService = {
  kind: 'unconfigured',
  synchronizeUser: () => Promise.reject(notConfiguredError()),
  upsertField: () => Promise.reject(notConfiguredError()),
};

/** The real service when FIELD_MAPPING_API_URL and FIELD_MAPPING_API_KEY are set (config.ts requires both together). */
export function createFieldMappingService(
  config: Pick<Config, 'FIELD_MAPPING_API_URL' | 'FIELD_MAPPING_API_KEY' | 'FIELD_MAPPING_TIMEOUT_MS'>,
  onFailure?: (reason: string) => void,
): FieldMappingService {
  const { FIELD_MAPPING_API_URL: baseUrl, FIELD_MAPPING_API_KEY: apiKey, FIELD_MAPPING_TIMEOUT_MS: timeoutMs } = config;
  return baseUrl && apiKey ? httpFieldMapping({ baseUrl, apiKey, timeoutMs, onFailure }) : unconfiguredFieldMapping;
}
