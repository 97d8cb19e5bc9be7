import { describe, expect, it } from 'vitest';
import { CUIT_MESSAGE, MASTER_DATA_MSG, PLATE_MESSAGE } from '@fm/domain';
import { carriersConfig, destinationsConfig, MASTER_DATA_CONFIGS, providersConfig, type FormField } from './resource-config';

type Validator = { validator: (rule: unknown, value: unknown) => Promise<void> };

/** The first message the field's rules give for `value`, or null when it passes. */
async function messageOf(field: FormField | undefined, value: unknown): Promise<string | null> {
  for (const rule of field?.rules ?? []) {
    if (typeof rule === 'object' && 'validator' in rule) {
      try {
        await (rule as Validator).validator({}, value);
      } catch (error) {
        return (error as Error).message;
      }
    }
    if (typeof rule === 'object' && 'required' in rule && rule.required && !value) return String(rule.message);
  }
  return null;
}
const field = (fields: FormField[], name: string) => fields.find((f) => f.name === name);

describe('master-data tab configs', () => {
  it('has one tab per resource with the API paths of doc 3 §7', () => {
    expect(MASTER_DATA_CONFIGS.map((c) => c.path)).toEqual(['providers', 'buyers', 'transports', 'carriers', 'destinations', 'contractors', 'livestock-agents']);
    expect(new Set(MASTER_DATA_CONFIGS.map((c) => c.key)).size).toBe(MASTER_DATA_CONFIGS.length);
    expect(destinationsConfig.flag).toBe('destinations');
  });

  it('validates with the messages the server answers', async () => {
    expect(await messageOf(field(providersConfig.fields, 'name'), '')).toBe(MASTER_DATA_MSG.nameRequired);
    expect(await messageOf(field(providersConfig.fields, 'tax_identifier'), '20-12345678-0')).toBe(CUIT_MESSAGE);
    expect(await messageOf(field(providersConfig.fields, 'tax_identifier'), '30-70412345-7')).toBeNull();
    expect(await messageOf(field(providersConfig.fields, 'email'), 'no-es-mail')).toBe(MASTER_DATA_MSG.emailFormat);
    expect(await messageOf(field(carriersConfig.fields, 'chassis_patent'), 'AB1234')).toBe(PLATE_MESSAGE);
    expect(await messageOf(field(carriersConfig.fields, 'chassis_patent'), 'ab 123 cd')).toBeNull();
  });

  it('asks for a farm only for Silo and Silobolsa, and a buyer only for Acopio', () => {
    const farm = field(destinationsConfig.fields, 'farm_id');
    const buyer = field(destinationsConfig.fields, 'buyer_id');
    expect(farm?.visibleWhen?.({ destination_type: 'Silobolsa' })).toBe(true);
    expect(farm?.visibleWhen?.({ destination_type: 'Acopio' })).toBe(false);
    expect(buyer?.visibleWhen?.({ destination_type: 'Acopio' })).toBe(true);
  });
});
