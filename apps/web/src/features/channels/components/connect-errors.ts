import { ERRORS } from '@postdeck/contract/errors';
import type { FormInstance } from 'antd';
import { isApiError } from '../../../api/api-error';
import { placeFieldErrors } from '../../../utils/field-errors';

/** What the ways of connecting ask for beyond the platform and the department. */
export const CREDENTIAL_FIELDS = ['instance', 'botToken', 'channel', 'identifier', 'appPassword'] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];
export const CONNECT_FIELDS = ['platform', 'department', ...CREDENTIAL_FIELDS] as const;
export type ConnectField = (typeof CONNECT_FIELDS)[number];

/** The field a refusal is about when the server names none (the bot, the channel, the instance…). */
const FIELD_OF_CODE: Record<number, ConnectField> = {
  [ERRORS.telegramBotInvalid.code]: 'botToken',
  [ERRORS.telegramChannelNotFound.code]: 'channel',
  [ERRORS.telegramBotNotAdmin.code]: 'channel',
  [ERRORS.blueskyLoginFailed.code]: 'appPassword',
  [ERRORS.instanceInvalid.code]: 'instance',
  [ERRORS.connectKindMismatch.code]: 'platform',
  [ERRORS.departmentOutOfScope.code]: 'department',
};

/**
 * Puts a failed connect next to the fields it is about; returns what belongs to no field (shown
 * above the buttons), or undefined when nothing is left to show.
 */
export function placeConnectError(error: unknown, form: FormInstance): string | undefined {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  // The contract's field is departmentId; the form's, department.
  const errors = error.fieldErrors.map((e) =>
    e.field === 'departmentId' ? { ...e, field: 'department' } : e,
  );
  const { fields, others } = placeFieldErrors(errors, CONNECT_FIELDS);
  if (fields.length > 0) {
    form.setFields(fields);
    return others.length > 0 ? others.join(' ') : undefined;
  }
  const field = FIELD_OF_CODE[error.code];
  if (field) {
    form.setFields([{ name: field, errors: [error.message] }]);
    return undefined;
  }
  return error.handled ? undefined : error.message;
}
