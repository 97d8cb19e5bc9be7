export * from './session-store';
export * from './hooks';
export * from './switch-workspace';
