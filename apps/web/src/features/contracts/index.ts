import { lazy } from 'react';

/** Grain contracts and deliveries (spec doc 3 "Contracts list", "Contract form", "Contract deliveries", "Aplicar toneladas a un contrato"). */
export const ContractsPage = lazy(() => import('./pages/contracts-page'));
export const ContractFormPage = lazy(() => import('./pages/contract-form-page'));
export const ContractDeliveriesPage = lazy(() => import('./pages/contract-deliveries-page'));
export const ApplyTonsPage = lazy(() => import('./pages/apply-tons-page'));
