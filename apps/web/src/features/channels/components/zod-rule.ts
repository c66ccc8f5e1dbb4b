import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * An antd Form rule from a field's contract schema: the form refuses what the server would, with
 * the contract's own validation text (its messages are i18n keys such as validation.telegramChannel).
 */
export const zodRule = (schema: z.ZodType, t: TFunction): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === '') return;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? 'validation.invalid';
      throw new Error(key.startsWith('validation.') ? t(key as 'validation.required') : key);
    }
  },
});
