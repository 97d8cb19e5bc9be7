import { lazy } from 'react';

/** Public screens (spec doc 1 §2.1). Registered in src/router/routes.tsx. */
export const LoginPage = lazy(() => import('./pages/login-page').then((m) => ({ default: m.LoginPage })));
export const RegisterPage = lazy(() => import('./pages/register-page').then((m) => ({ default: m.RegisterPage })));
export const ResetPasswordPage = lazy(() => import('./pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
export const ResetConfirmPage = lazy(() => import('./pages/reset-confirm-page').then((m) => ({ default: m.ResetConfirmPage })));
export const ValidateMailPage = lazy(() => import('./pages/validate-mail-page').then((m) => ({ default: m.ValidateMailPage })));
export const ValidateMailOkPage = lazy(() => import('./pages/validate-mail-ok-page').then((m) => ({ default: m.ValidateMailOkPage })));
export const ConfirmMailPage = lazy(() => import('./pages/confirm-mail-page').then((m) => ({ default: m.ConfirmMailPage })));
export const SsoPage = lazy(() => import('./pages/sso-page').then((m) => ({ default: m.SsoPage })));
export const LogoutPage = lazy(() => import('./pages/logout-page').then((m) => ({ default: m.LogoutPage })));
