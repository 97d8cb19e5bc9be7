import { InputNumber, type InputNumberProps } from 'antd';
import { formatNumber, parseDecimal } from '@fm/domain';

export type DecimalInputProps = Omit<InputNumberProps, 'formatter' | 'parser' | 'decimalSeparator' | 'precision' | 'stringMode'> & {
  /** Decimals kept and shown (hectares, prices and contributions: 2). */
  decimals?: number;
};

/** What the input holds as the number it reads: '1.234,5' and '1234.5' are 1234.5; blank is empty; anything else no number. */
function parse(text: string | undefined): string {
  const n = parseDecimal(text);
  return n === null ? (text ?? '') : String(n);
}

/**
 * Number input that shows numbers as the tables do ('1.234,50': decimal comma, thousands grouped by dots) and reads
 * what is typed either way: '85,5' and '85.5' are both 85.5. The text is left as typed until the field loses focus.
 */
export function DecimalInput({ decimals = 2, ...props }: DecimalInputProps) {
  return (
    <InputNumber
      {...props}
      precision={decimals}
      formatter={(value, info) => (info.userTyping ? info.input : formatNumber(value, decimals))}
      parser={parse}
    />
  );
}
