import type { FieldError } from '@postdeck/contract/envelope';

export interface PlacedErrors<F extends string> {
  /** Messages for the form's fields ('roleCodes.2' lands on roleCodes), for antd's setFields. */
  fields: { name: F; errors: string[] }[];
  /** Messages for fields the form does not have: shown above the form. */
  others: string[];
}

/** Sorts a refusal's field errors (code 400 and every `fields` code) into the form's fields and the rest. */
export function placeFieldErrors<F extends string>(
  errors: readonly FieldError[],
  formFields: readonly F[],
): PlacedErrors<F> {
  const byField = new Map<F, string[]>();
  const others: string[] = [];
  for (const { field, message } of errors) {
    const name = field.split('.')[0] ?? field;
    const known = formFields.find((f) => f === name);
    if (known === undefined) {
      if (!others.includes(message)) others.push(message);
      continue;
    }
    const messages = byField.get(known) ?? [];
    if (!messages.includes(message)) messages.push(message);
    byField.set(known, messages);
  }
  return { fields: [...byField].map(([name, messages]) => ({ name, errors: messages })), others };
}
