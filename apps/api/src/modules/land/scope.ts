// Moved to http/resource-scope.ts: master data and land share it (ARCHITECTURE §2, code two modules need lives in http/).
export * from '../../http/resource-scope';
