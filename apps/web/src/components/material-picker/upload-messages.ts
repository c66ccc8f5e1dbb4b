import { ERRORS } from '@postdeck/contract/errors';
import type { TFunction } from 'i18next';
import type { DetailedError } from 'tus-js-client';
import type { FileCheck } from './file-check';
import { formatBytes } from './material-format';

/** 'video/quicktime' -> 'MOV', 'image/jpeg' -> 'JPEG': how people know these types. */
const typeLabel = (type: string) => {
  const sub = type.split('/')[1] ?? type;
  return (sub === 'quicktime' ? 'mov' : sub).toUpperCase();
};

export const typeList = (types: readonly string[]) => [...new Set(types.map(typeLabel))].join(', ');

/** Why a file was refused before upload, naming the file. */
export function refusalText(
  check: Exclude<FileCheck, { ok: true }>,
  file: Pick<File, 'name' | 'size'>,
  types: readonly string[],
  t: TFunction,
  lang: string,
): string {
  const name = file.name;
  switch (check.reason) {
    case 'type':
      return t('materials.upload.refusedType', { name, types: typeList(types) });
    case 'kind':
      return t(`materials.upload.refusedKind.${check.kind}`, { name });
    case 'size':
      return t(`materials.upload.tooLarge.${check.kind}`, {
        name,
        size: formatBytes(file.size, lang),
        max: formatBytes(check.max, lang),
      });
  }
}

/** The envelope code of the upload server's answer, when it gave one. */
function codeOf(error: Error | DetailedError): number | undefined {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  try {
    const code = (JSON.parse(response?.getBody() ?? '') as { code?: unknown } | null)?.code;
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}

const QUOTA_CODES: readonly number[] = [ERRORS.uploadsOpenLimit.code, ERRORS.uploadsBytesLimit.code];

/** The server refused to start the upload: the user has too much unfinished (it may fit later). */
export const isQuotaRefusal = (error: Error | DetailedError) => QUOTA_CODES.includes(codeOf(error) ?? 0);

/**
 * The upload server answers failures with the usual envelope, its text already in the user's
 * language (the request carries Accept-Language); without an answer the connection failed.
 */
export function tusErrorText(error: Error | DetailedError, t: TFunction): string {
  if (!('originalRequest' in error)) return t('materials.upload.failed');
  const response = error.originalResponse;
  if (!response) return t('materials.upload.connectionLost');
  try {
    const body: unknown = JSON.parse(response.getBody());
    const msg = (body as { msg?: unknown } | null)?.msg;
    if (typeof msg === 'string' && msg) return msg;
  } catch {
    // Not JSON (a proxy's page): fall back to the status.
  }
  return t('request.httpStatus', { status: response.getStatus() });
}

/**
 * Too large, a type the server will not take, not allowed: trying again changes nothing. Other
 * failures can be resumed (an upload the server forgot starts over).
 */
export function isTusRefusal(error: Error | DetailedError): boolean {
  const status = 'originalResponse' in error ? (error.originalResponse?.getStatus() ?? 0) : 0;
  return status === 403 || status === 413 || status === 415;
}
