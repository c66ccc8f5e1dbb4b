import type { StorageConfig } from '../config.ts';
import { createLocalStorage, type LocalStorage } from './local-storage.ts';
import { createS3Storage, type S3Settings, type S3Storage } from './s3-storage.ts';

/** The media storage the settings choose, tagged, so callers can pair it with uploads of its kind. */
export type OpenedStorage =
  { backend: 'local'; storage: LocalStorage } | { backend: 's3'; storage: S3Storage; settings: S3Settings };

/** The local directory `filesDir` (the default), or the S3-compatible bucket of STORAGE=s3. */
export function openStorage(config: StorageConfig, filesDir: string): OpenedStorage {
  switch (config.backend) {
    case 'local':
      return { backend: 'local', storage: createLocalStorage(filesDir) };
    case 's3': {
      const { backend: _backend, ...settings } = config;
      return { backend: 's3', storage: createS3Storage(settings), settings };
    }
  }
}
