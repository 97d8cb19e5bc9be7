export { NotFound } from './not-found';
export { AccessDenied } from './access-denied';
export { PagePlaceholder, placeholderModule } from './page-placeholder';
