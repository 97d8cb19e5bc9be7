import { lazy } from 'react';

export const UsersPage = lazy(() => import('./pages/users-page'));
export const ManageUserPage = lazy(() => import('./pages/manage-user-page'));
