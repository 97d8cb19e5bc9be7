import type { ComponentType } from 'react';
import type { Feature } from '@fm/domain';
import { MASTER_DATA_CONFIGS } from './resource-config';
import { masterDataSection } from './components/master-data-section';
import { CompaniesSection, FarmsSection } from '../land';

/**
 * The tabs of Mis recursos (spec doc 1 §2.2, §2.10; doc 3 "Master data screens"), in order.
 * A module adds its section with one entry; `flag` hides the tab when that feature is off
 * (destinations are off in production).
 */
export type ResourceTabEntry = { key: string; label: string; component: ComponentType; flag?: Feature };

export const RESOURCE_TABS: ResourceTabEntry[] = [
  { key: 'empresas', label: 'Empresas', component: CompaniesSection },
  { key: 'establecimientos', label: 'Establecimientos', component: FarmsSection },
  ...MASTER_DATA_CONFIGS.map((config) => ({ key: config.key, label: config.label, component: masterDataSection(config), flag: config.flag })),
];
