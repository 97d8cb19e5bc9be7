import type { ComponentType } from 'react';
import type { ResourceConfig } from '../resource-config';
import { ResourceTab } from './resource-tab';

const sections = new Map<string, ComponentType>();

/** A stable component per resource config, for the tab list and the standalone pages. */
export function masterDataSection(config: ResourceConfig): ComponentType {
  const existing = sections.get(config.key);
  if (existing) return existing;
  const Section = () => <ResourceTab config={config} />;
  Section.displayName = `MasterData(${config.key})`;
  sections.set(config.key, Section);
  return Section;
}
