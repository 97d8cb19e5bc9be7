import type { FormRule } from 'antd';

/** The part of a Zod schema a form rule needs (keeps the web free of a direct zod import). */
type Parsable = {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: { message: string }[] } };
};

/**
 * An antd rule from a @fm/domain field schema, so the form shows the same Spanish message the
 * server would send. An empty string counts as missing.
 */
export function zodRule(schema: Parsable): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const input = typeof value === 'string' && value.trim() === '' ? undefined : value;
      const result = schema.safeParse(input);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Valor inválido');
    },
  };
}

/** Required-field rule with the spec's message. */
export function requiredRule(message: string): FormRule {
  return { required: true, message };
}
