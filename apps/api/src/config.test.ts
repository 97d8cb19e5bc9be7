import { describe, expect, it } from 'vitest';
import { linkOrigins, loadConfig } from './config';

const PROD = { NODE_ENV: 'production', PUBLIC_URL: 'https://campo.example' };

describe('loadConfig: production defaults', () => {
  it('refuses NODE_ENV=production (any case) without PUBLIC_URL, with a message naming it', () => {
    for (const env of ['production', 'Production', ' PRODUCTION ']) {
      expect(() => loadConfig({ NODE_ENV: env })).toThrow(/PUBLIC_URL: required with NODE_ENV=production/);
    }
    expect(loadConfig(PROD).PUBLIC_URL).toBe('https://campo.example');
    expect(loadConfig({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined();
  });

  it('refuses the development tools with NODE_ENV=production in any case', () => {
    for (const env of ['production', 'Production', 'PRODUCTION']) {
      expect(() => loadConfig({ ...PROD, NODE_ENV: env, FM_DEV_TOOLS: 'true' })).toThrow(/FM_DEV_TOOLS/);
    }
    expect(loadConfig({ FM_DEV_TOOLS: 'true' }).FM_DEV_TOOLS).toBe('true');
  });

  it('seeds the demo account by default except in production, where only FM_SEED_DEMO=true asks for it', () => {
    expect(loadConfig({}).FM_SEED_DEMO).toBe('true');
    expect(loadConfig({ FM_SEED_DEMO: 'false' }).FM_SEED_DEMO).toBe('false');
    expect(loadConfig({ ...PROD, NODE_ENV: 'Production' }).FM_SEED_DEMO).toBe('false');
    expect(loadConfig({ ...PROD, FM_SEED_DEMO: 'true' }).FM_SEED_DEMO).toBe('true');
  });

  it('keeps at most 10 PostgreSQL connections unless DB_POOL_MAX says otherwise (1 to 100)', () => {
    expect(loadConfig({}).DB_POOL_MAX).toBe(10);
    expect(loadConfig({ DB_POOL_MAX: '4' }).DB_POOL_MAX).toBe(4);
    expect(() => loadConfig({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
    expect(() => loadConfig({ DB_POOL_MAX: 'muchas' })).toThrow(/DB_POOL_MAX/);
  });

  it('runs at most 2 heavy statements at once unless DB_HEAVY_MAX says otherwise (1 to 100)', () => {
    expect(loadConfig({}).DB_HEAVY_MAX).toBe(2);
    expect(loadConfig({ DB_HEAVY_MAX: '3' }).DB_HEAVY_MAX).toBe(3);
    expect(() => loadConfig({ DB_HEAVY_MAX: '0' })).toThrow(/DB_HEAVY_MAX/);
  });

  it('allows one trial renewal unless TRIAL_RENEWALS_MAX says otherwise', () => {
    expect(loadConfig({}).TRIAL_RENEWALS_MAX).toBe(1);
    expect(loadConfig({ TRIAL_RENEWALS_MAX: '0' }).TRIAL_RENEWALS_MAX).toBe(0);
    expect(() => loadConfig({ TRIAL_RENEWALS_MAX: '-1' })).toThrow(/TRIAL_RENEWALS_MAX/);
  });

  it('takes the field-mapping service URL and key together, never one alone', () => {
    const both = loadConfig({ FIELD_MAPPING_API_URL: 'https://ambientaciones.example/api', FIELD_MAPPING_API_KEY: 'clave-de-prueba' });
    expect(both).toMatchObject({ FIELD_MAPPING_API_URL: 'https://ambientaciones.example/api', FIELD_MAPPING_API_KEY: 'clave-de-prueba', FIELD_MAPPING_TIMEOUT_MS: 10_000 });
    expect(() => loadConfig({ FIELD_MAPPING_API_URL: 'https://ambientaciones.example' })).toThrow(/FIELD_MAPPING_API_KEY: FIELD_MAPPING_API_URL and FIELD_MAPPING_API_KEY go together/);
    expect(() => loadConfig({ FIELD_MAPPING_API_KEY: 'clave-de-prueba' })).toThrow(/FIELD_MAPPING_API_URL: /);
    expect(() => loadConfig({ FIELD_MAPPING_API_URL: 'ftp://x', FIELD_MAPPING_API_KEY: 'clave-de-prueba' })).toThrow(/FIELD_MAPPING_API_URL/);
  });
});

describe('origins of mailed links', () => {
  it('are PUBLIC_URL’s origin (default http://localhost:PORT) plus WEB_ORIGINS', () => {
    expect([...linkOrigins(loadConfig({ PORT: '3100' }))]).toEqual(['http://localhost:3100']);
    const config = loadConfig({ PUBLIC_URL: 'https://campo.example/app/', WEB_ORIGINS: 'http://localhost:5173/, https://web.example' });
    expect([...linkOrigins(config)]).toEqual(['https://campo.example', 'http://localhost:5173', 'https://web.example']);
  });

  it('refuses a WEB_ORIGINS entry that is not an http(s) URL', () => {
    expect(() => loadConfig({ WEB_ORIGINS: 'localhost:5173' })).toThrow(/WEB_ORIGINS/);
    expect(() => loadConfig({ WEB_ORIGINS: 'ftp://files.example' })).toThrow(/WEB_ORIGINS/);
  });
});
