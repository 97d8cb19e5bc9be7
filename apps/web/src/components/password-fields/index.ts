export { NewPasswordFields, RepeatPasswordItem } from './password-fields';
