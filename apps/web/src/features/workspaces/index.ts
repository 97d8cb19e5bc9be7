import { lazy } from 'react';

export const WorkspacesPage = lazy(() => import('./pages/workspaces-page'));
export const WorkspaceFormPage = lazy(() => import('./pages/workspace-form-page'));
