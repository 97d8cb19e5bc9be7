import { Form, Select } from 'antd';
import { MSG } from '@fm/domain';
import { requiredRule } from '../form/zod-rule';
import { useCities, useDistricts, useProvinces } from './geo';
import { SEARCH_BY_LABEL } from '../form/option-search';

export type LocationValues = { province_id?: number; district_id?: number; city_id?: number };

const selectProps = {
  showSearch: SEARCH_BY_LABEL,
  notFoundContent: 'No hay opciones',
};

/** Province -> district -> locality pickers; changing a level clears the ones below. */
export function LocationPickers() {
  const form = Form.useFormInstance<LocationValues>();
  const provinceId = Form.useWatch('province_id', form);
  const districtId = Form.useWatch('district_id', form);
  const provinces = useProvinces();
  const districts = useDistricts(provinceId);
  const cities = useCities(districtId);

  return (
    <>
      <Form.Item name="province_id" label="Provincia" rules={[requiredRule(MSG.provinceRequired)]}>
        <Select
          {...selectProps}
          placeholder="Seleccioná la provincia"
          loading={provinces.isLoading}
          options={(provinces.data ?? []).map((p) => ({ value: p.state_id, label: p.name }))}
          onChange={() => form.setFieldsValue({ district_id: undefined, city_id: undefined })}
        />
      </Form.Item>
      <Form.Item name="district_id" label="Partido o departamento" rules={[requiredRule(MSG.districtRequired)]}>
        <Select
          {...selectProps}
          placeholder="Seleccioná el partido"
          disabled={!provinceId}
          loading={districts.isLoading && Boolean(provinceId)}
          options={(districts.data ?? []).map((d) => ({ value: d.district_id, label: d.name }))}
          onChange={() => form.setFieldsValue({ city_id: undefined })}
        />
      </Form.Item>
      <Form.Item name="city_id" label="Localidad" rules={[requiredRule(MSG.localityRequired)]}>
        <Select
          {...selectProps}
          placeholder="Seleccioná la localidad"
          disabled={!districtId}
          loading={cities.isLoading && Boolean(districtId)}
          options={(cities.data ?? []).map((c) => ({ value: c.city_id, label: c.name }))}
        />
      </Form.Item>
    </>
  );
}
