export { applyServerErrors } from './apply-server-errors';
export { zodRule, requiredRule } from './zod-rule';
export { warnValidation } from './warn-validation';
export { DateInput, DATE_INPUT_FORMAT } from './date-input';
export { FormActions, FormPage } from './form-page';
export { DecimalInput, type DecimalInputProps } from './decimal-input';
