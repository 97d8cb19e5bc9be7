import { Tag } from 'antd';
import type { FormRule } from 'antd';
import {
  DESTINATION_TYPES,
  emailField,
  FARM_DESTINATION_TYPES,
  formatCuit,
  formatPhone,
  livestockAgentRoleError,
  MASTER_DATA_MSG,
  observationsField,
  plateField,
  shareableResource,
  taxIdField,
  type DestinationType,
  type Feature,
  type ShareableResource,
} from '@fm/domain';
import type { DataColumn, FilterField } from '../../components/data-table';
import { requiredRule, zodRule } from '../../components/form';

export type Row = Record<string, unknown>;

/** Options of a select: fixed, or the active records of another resource. */
export type OptionSource = { values: readonly string[] } | { path: string; idParam: string; query?: Record<string, string> };

export type FormField = {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'checkbox' | 'select';
  rules?: FormRule[];
  options?: OptionSource;
  placeholder?: string;
  /** Shown only when this returns true for the current form values (farm of a Silo). */
  visibleWhen?: (values: Row) => boolean;
  /** Re-validate when these fields change. */
  dependencies?: string[];
  /** How the edit form shows the stored value (CUIT with dashes, phone spaced). */
  display?: (value: string) => string;
};

/** A select above the table that adds a fixed condition (Estado, Tipo de destino, Transporte). */
export type QuickFilter = { field: string; label: string; options: OptionSource | { pairs: { value: string | number | boolean; label: string }[] } };

/** Everything the generic tab needs to list, create, edit, toggle and delete one resource. */
export type ResourceConfig = {
  key: string;
  /** Tab label and page title. */
  label: string;
  path: string;
  idParam: string;
  /** 'proveedor' -> 'Crear proveedor', '¿Eliminar el proveedor ...?' */
  noun: string;
  flag?: Feature;
  /** Shared into workspaces (carriers follow their transport). */
  shared: boolean;
  columns: DataColumn<Row>[];
  searchFields: string[];
  filterFields: FilterField[];
  quickFilters: QuickFilter[];
  fields: FormField[];
  defaults?: Row;
};

// Form rules from the domain schemas: the same Spanish messages the server answers with.
const nameRules = [requiredRule(MASTER_DATA_MSG.nameRequired), { max: 120, message: MASTER_DATA_MSG.nameMax }];
const cuitRules = [zodRule(taxIdField)];
const emailRules = [zodRule(emailField)];
const plateRules = [zodRule(plateField)];
const observationRules = [zodRule(observationsField)];

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
const cuit = (value: unknown) => (typeof value === 'string' && value ? formatCuit(value) : '—');

const statusColumn: DataColumn<Row> = {
  title: 'Estado',
  dataIndex: 'active',
  sortField: 'active',
  render: (active: unknown) => (active ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>),
};
const nameColumn: DataColumn<Row> = { title: 'Nombre', dataIndex: 'name', sortField: 'name', render: text };
const cuitColumn: DataColumn<Row> = { title: 'CUIT', dataIndex: 'tax_identifier', sortField: 'tax_identifier', render: cuit };

const statusFilter: QuickFilter = {
  field: 'active',
  label: 'Estado',
  options: {
    pairs: [
      { value: true, label: 'Activos' },
      { value: false, label: 'Inactivos' },
    ],
  },
};

const contactColumns: DataColumn<Row>[] = [
  nameColumn,
  cuitColumn,
  { title: 'Contacto', dataIndex: 'contact_name', sortField: 'contact_name', render: text },
  { title: 'Email', dataIndex: 'email', sortField: 'email', render: text },
  { title: 'Teléfono', dataIndex: 'phone', render: (v: unknown) => (typeof v === 'string' && v ? formatPhone(v) : '—') },
  statusColumn,
];

const contactFields: FormField[] = [
  { name: 'name', label: 'Nombre', kind: 'text', rules: nameRules },
  { name: 'tax_identifier', label: 'CUIT', kind: 'text', rules: cuitRules, placeholder: '30-12345678-9', display: formatCuit },
  { name: 'contact_name', label: 'Contacto', kind: 'text', rules: [{ max: 120 }] },
  { name: 'email', label: 'Email', kind: 'text', rules: emailRules },
  { name: 'phone', label: 'Teléfono', kind: 'text', placeholder: '011 15-1234-5678', display: formatPhone },
  { name: 'observations', label: 'Observaciones', kind: 'textarea', rules: observationRules },
];

const contactFilters: FilterField[] = [
  { field: 'name', label: 'Nombre', type: 'string' },
  { field: 'tax_identifier', label: 'CUIT', type: 'string' },
  { field: 'contact_name', label: 'Contacto', type: 'string' },
  { field: 'email', label: 'Email', type: 'string' },
];

/** A contact resource of Mis recursos; its tab label, list path and id come from the shareable resource. */
function contactResource(key: string, { label, path, idParam }: ShareableResource, noun: string): ResourceConfig {
  return {
    key,
    label,
    path,
    idParam,
    noun,
    shared: true,
    columns: contactColumns,
    searchFields: ['name', 'tax_identifier', 'contact_name'],
    filterFields: contactFilters,
    quickFilters: [statusFilter],
    fields: contactFields,
  };
}

export const providersConfig = contactResource('proveedores', shareableResource('providers'), 'proveedor');
export const buyersConfig = contactResource('compradores', shareableResource('buyers'), 'comprador');
export const transportsConfig = contactResource('transportes', shareableResource('transports'), 'transporte');
export const contractorsConfig = contactResource('contratistas', shareableResource('contractors'), 'contratista');

const roleRule: FormRule = ({ getFieldValue }) => ({
  validator: async () => {
    const error = livestockAgentRoleError({ is_seller: Boolean(getFieldValue('is_seller')), is_buyer: Boolean(getFieldValue('is_buyer')) });
    if (error) throw new Error(error.msg);
  },
});

export const livestockAgentsConfig: ResourceConfig = {
  ...contactResource('consignatarios', shareableResource('livestock_agents'), 'consignatario'),
  columns: [...contactColumns.slice(0, 2), { title: 'Tipo', dataIndex: 'label', render: text }, ...contactColumns.slice(2)],
  fields: [
    ...contactFields.slice(0, 2),
    { name: 'is_seller', label: 'Vendedor', kind: 'checkbox', rules: [roleRule], dependencies: ['is_buyer'] },
    { name: 'is_buyer', label: 'Comprador', kind: 'checkbox' },
    ...contactFields.slice(2),
  ],
  defaults: { is_seller: true, is_buyer: true },
};

const transportOptions: OptionSource = { path: 'transports', idParam: 'transport_id' };

export const carriersConfig: ResourceConfig = {
  key: 'choferes',
  label: 'Choferes',
  path: 'carriers',
  idParam: 'carrier_id',
  noun: 'chofer',
  shared: false,
  columns: [
    nameColumn,
    { title: 'Transporte', dataIndex: 'transport_name', sortField: 'transport_name', render: text },
    { title: 'CUIT/CUIL', dataIndex: 'tax_identifier', sortField: 'tax_identifier', render: cuit },
    { title: 'Patente chasis', dataIndex: 'chassis_patent', sortField: 'chassis_patent', render: text },
    { title: 'Patente acoplado', dataIndex: 'trailer_patent', sortField: 'trailer_patent', render: text },
    statusColumn,
  ],
  searchFields: ['name', 'tax_identifier', 'chassis_patent', 'trailer_patent'],
  filterFields: [
    { field: 'name', label: 'Nombre', type: 'string' },
    { field: 'chassis_patent', label: 'Patente chasis', type: 'string' },
    { field: 'trailer_patent', label: 'Patente acoplado', type: 'string' },
  ],
  quickFilters: [{ field: 'transport_id', label: 'Transporte', options: transportOptions }, statusFilter],
  fields: [
    { name: 'transport_id', label: 'Transporte', kind: 'select', options: transportOptions, rules: [requiredRule(MASTER_DATA_MSG.transportRequired)] },
    { name: 'name', label: 'Nombre', kind: 'text', rules: nameRules },
    { name: 'tax_identifier', label: 'CUIT/CUIL', kind: 'text', rules: cuitRules, placeholder: '20-12345678-9', display: formatCuit },
    { name: 'chassis_patent', label: 'Patente chasis', kind: 'text', rules: plateRules, placeholder: 'AA123BB o AAA123' },
    { name: 'trailer_patent', label: 'Patente acoplado', kind: 'text', rules: plateRules, placeholder: 'AA123BB o AAA123' },
  ],
};

const needsFarm = (values: Row) => FARM_DESTINATION_TYPES.includes(values.destination_type as DestinationType);
const destinations = shareableResource('destinations');

export const destinationsConfig: ResourceConfig = {
  key: 'destinos',
  label: destinations.label,
  path: destinations.path,
  idParam: destinations.idParam,
  noun: 'destino',
  flag: 'destinations',
  shared: true,
  columns: [
    nameColumn,
    { title: 'Tipo de destino', dataIndex: 'destination_type', sortField: 'destination_type', render: text },
    { title: 'Establecimiento', dataIndex: 'farm_name', sortField: 'farm_name', render: text },
    { title: 'Comprador', dataIndex: 'buyer_name', sortField: 'buyer_name', render: text },
    statusColumn,
  ],
  searchFields: ['name', 'farm_name', 'buyer_name'],
  filterFields: [
    { field: 'name', label: 'Nombre', type: 'string' },
    { field: 'destination_type', label: 'Tipo de destino', type: 'string' },
  ],
  quickFilters: [{ field: 'destination_type', label: 'Tipo de destino', options: { values: DESTINATION_TYPES } }, statusFilter],
  fields: [
    { name: 'name', label: 'Nombre', kind: 'text', rules: nameRules },
    {
      name: 'destination_type',
      label: 'Tipo de destino',
      kind: 'select',
      options: { values: DESTINATION_TYPES },
      rules: [requiredRule(MASTER_DATA_MSG.destinationTypeRequired)],
    },
    {
      name: 'farm_id',
      label: 'Establecimiento',
      kind: 'select',
      options: { path: 'farms', idParam: 'farm_id', query: { include: 'city' } },
      visibleWhen: needsFarm,
      rules: [requiredRule(MASTER_DATA_MSG.farmRequired)],
    },
    { name: 'buyer_id', label: 'Comprador', kind: 'select', options: { path: 'buyers', idParam: 'buyer_id' }, visibleWhen: (v) => v.destination_type === 'Acopio' },
  ],
  defaults: { destination_type: 'Acopio' },
};

/** The master-data tabs of Mis recursos, in the order the spec lists the resources. */
export const MASTER_DATA_CONFIGS: ResourceConfig[] = [
  providersConfig,
  buyersConfig,
  transportsConfig,
  carriersConfig,
  destinationsConfig,
  contractorsConfig,
  livestockAgentsConfig,
];
