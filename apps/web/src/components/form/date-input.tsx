import { DatePicker, type DatePickerProps } from 'antd';

/** Input format of every date picker (dates are shown dd/mm/yyyy, spec doc 1 §9). */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

export function DateInput(props: DatePickerProps) {
  return <DatePicker format={DATE_INPUT_FORMAT} placeholder="dd/mm/aaaa" {...props} />;
}
