import type { FieldError } from '@postdeck/contract/envelope';

export interface PlacedPublishErrors {
  /** By account id: messages with the field inside the target ('accountId', 'text', 'options.title'). */
  byAccount: Map<number, FieldError[]>;
  scheduledAt: string[];
  /** Messages that name no target or field the panel shows (contentId). */
  others: string[];
}

export const NO_PUBLISH_ERRORS: PlacedPublishErrors = { byAccount: new Map(), scheduledAt: [], others: [] };

/**
 * Sorts a refused publish's field errors onto what they name. `targets.<n>` counts in the order
 * the targets were sent, so `order` is the account ids of that body.
 */
export function placePublishErrors(
  errors: readonly FieldError[],
  order: readonly number[],
): PlacedPublishErrors {
  const byAccount = new Map<number, FieldError[]>();
  const scheduledAt: string[] = [];
  const others: string[] = [];
  for (const { field, message } of errors) {
    if (field === 'scheduledAt') {
      scheduledAt.push(message);
      continue;
    }
    const match = /^targets\.(\d+)\.(.+)$/.exec(field);
    const accountId = match ? order[Number(match[1])] : undefined;
    if (!match?.[2] || accountId === undefined) {
      others.push(message);
      continue;
    }
    const list = byAccount.get(accountId) ?? [];
    list.push({ field: match[2], message });
    byAccount.set(accountId, list);
  }
  return { byAccount, scheduledAt, others };
}

/** The messages on one field of a target; 'options' takes 'options.title' and deeper ('options.tags.2'). */
export const messagesOn = (errors: readonly FieldError[] | undefined, field: string): string[] =>
  (errors ?? [])
    .filter((error) => error.field === field || error.field.startsWith(`${field}.`))
    .map((error) => error.message);
