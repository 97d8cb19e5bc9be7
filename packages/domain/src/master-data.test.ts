import { describe, expect, it } from 'vitest';
import {
  CarrierBody,
  ContactBody,
  ContactUpdateBody,
  destinationFarmError,
  isValidPlate,
  livestockAgentLabel,
  livestockAgentRoleError,
  normalizePlate,
  PLATE_MESSAGE,
} from './index';

describe('plates', () => {
  it('accepts both formats after normalisation', () => {
    expect(normalizePlate(' ab-123 cd ')).toBe('AB123CD');
    expect(isValidPlate('abc 123')).toBe(true);
    expect(isValidPlate('AB123CD')).toBe(true);
    expect(isValidPlate('AB1234C')).toBe(false);
    expect(isValidPlate('A123BC')).toBe(false);
  });
});

describe('master data bodies', () => {
  it('normalises CUIT, e-mail, phone and plates and clears empty values', () => {
    const parsed = ContactBody.parse({ name: ' Acopio ', tax_identifier: '30-70308853-4', email: 'A@B.COM', phone: '011 15-1234-5678', contact_name: '' });
    expect(parsed).toMatchObject({ name: 'Acopio', tax_identifier: '30703088534', email: 'a@b.com', phone: '+5491112345678', contact_name: null });
    const carrier = CarrierBody.parse({ transport_id: 1, name: 'Juan', chassis_patent: 'ab 123 cd', trailer_patent: '' });
    expect(carrier).toMatchObject({ chassis_patent: 'AB123CD', trailer_patent: null });
    expect(CarrierBody.safeParse({ transport_id: 1, name: 'Juan', chassis_patent: 'X1' }).error?.issues[0].message).toBe(PLATE_MESSAGE);
  });

  it('keeps fields not sent out of an update', () => {
    expect(ContactUpdateBody.parse({ active: false })).toEqual({ active: false });
  });

  it('checks the cross-field rules', () => {
    expect(livestockAgentRoleError({ is_seller: false, is_buyer: false })?.field).toBe('is_seller');
    expect(livestockAgentRoleError({ is_seller: true, is_buyer: false })).toBeNull();
    expect(livestockAgentLabel(true, true)).toBe('Vendedor-Comprador');
    expect(destinationFarmError({ destination_type: 'Silo', farm_id: null })?.field).toBe('farm_id');
    expect(destinationFarmError({ destination_type: 'Acopio', farm_id: null })).toBeNull();
  });
});
