/** Ambientaciones (field-mapping service): Mi perfil's sync card and the work order's 'Sincronizar'. */
export { FieldMappingCard } from './components/field-mapping-card';
export { SyncOrderPlotsButton } from './components/sync-order-plots-button';
