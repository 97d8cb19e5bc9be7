import { foldAccents } from '@fm/domain';

/** A text as every search compares it: accents folded and lower case, as the API's `contains` (decision 0039). */
export const searchable = (text: string) => foldAccents(text).toLocaleLowerCase('es');

/** Whether `text` contains what was typed (trimmed), ignoring accents and case; true when nothing was typed. */
export const containsSearch = (text: string, typed: string) => searchable(text).includes(searchable(typed.trim()));

/**
 * A Select's `showSearch` that finds an option by its `prop` text ignoring accents and case: "cordoba" finds
 * "Córdoba" and "rio" finds "Entre Ríos" (antd's own filter ignores case only).
 */
export function searchBy(prop: 'label' | 'title') {
  return {
    optionFilterProp: prop,
    filterOption: (input: string, option?: Record<string, unknown>) => searchable(String(option?.[prop] ?? '')).includes(searchable(input)),
  };
}

/** `showSearch` by the options' label, the usual case. */
export const SEARCH_BY_LABEL = searchBy('label');
