import { PUBLISH_IMPORT_MAX_BYTES } from '@postdeck/contract/publish-import';

export type ImportFormat = 'csv' | 'xlsx';

/** The file's format by its name: the server reads the bytes, this only says which reader. */
export function importFormatOf(name: string): ImportFormat | undefined {
  const extension = name.toLowerCase().split('.').pop();
  return extension === 'csv' || extension === 'xlsx' ? extension : undefined;
}

export type FileRefusal = 'wrongType' | 'tooLarge';

/** Why a chosen file is not sent at all, before it is read. */
export function refusalOf(file: Pick<File, 'name' | 'size'>): FileRefusal | undefined {
  if (!importFormatOf(file.name)) return 'wrongType';
  if (file.size > PUBLISH_IMPORT_MAX_BYTES) return 'tooLarge';
  return undefined;
}

/** The file's bytes as base64 (what the preview call carries), read in the browser. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      // A data: URL: `data:<type>;base64,<bytes>`.
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
