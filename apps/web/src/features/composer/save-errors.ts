import type { FieldError } from '@postdeck/contract/envelope';
import { COMPOSER_FIELDS, type ComposerField } from './composer-values';

export interface PlacedErrors {
  /** Messages for the form's fields ('tags.3' lands on tags). */
  fields: { name: ComposerField; errors: string[] }[];
  /** Messages for fields the form does not have (departmentId): shown with the summary. */
  others: string[];
}

const isComposerField = (name: string): name is ComposerField =>
  (COMPOSER_FIELDS as readonly string[]).includes(name);

/** Sorts a 400's field errors into the form fields they belong to and the rest. */
export function placeFieldErrors(errors: readonly FieldError[]): PlacedErrors {
  const byField = new Map<ComposerField, string[]>();
  const others: string[] = [];
  for (const { field, message } of errors) {
    const name = field.split('.')[0] ?? field;
    if (!isComposerField(name)) {
      others.push(message);
      continue;
    }
    const messages = byField.get(name) ?? [];
    if (!messages.includes(message)) messages.push(message);
    byField.set(name, messages);
  }
  return { fields: [...byField].map(([name, messages]) => ({ name, errors: messages })), others };
}
