export { WorkspacesSelect, useDefaultWorkspaces } from './workspaces-select';
