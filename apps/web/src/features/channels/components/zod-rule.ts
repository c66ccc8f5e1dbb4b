import { issueMessage } from '@postdeck/contract/issue-messages';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * An antd Form rule from a field's contract schema: the form refuses what the server would, and
 * says so as the server does, in the user's language: the contract's own keys (such as
 * validation.telegramChannel) and zod's checks (lengths, formats) worded by issue-messages.ts.
 * zod's own text is English whatever the console's language, so it is never shown.
 */
export const zodRule = (schema: z.ZodType, t: TFunction): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === '') return;
    // The input tells a wrong type from a missing value.
    const parsed = schema.safeParse(value, { reportInput: true });
    if (parsed.success) return;
    throw new Error(issueText(parsed.error.issues[0], t));
  },
});

function issueText(issue: z.core.$ZodIssue | undefined, t: TFunction): string {
  const own = issue?.message;
  if (own?.startsWith('validation.')) return t(own as 'validation.required');
  const worded = issue && issueMessage(issue);
  if (worded) return t(worded.key as 'validation.required', worded.params);
  return t('validation.invalid');
}
