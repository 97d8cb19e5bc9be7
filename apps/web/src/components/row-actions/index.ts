export { RowActions } from './row-actions';
export { recordActions } from './record-actions';
