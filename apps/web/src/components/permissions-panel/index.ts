export { PermissionsPanel, type PermissionsPanelProps } from './permissions-panel';
