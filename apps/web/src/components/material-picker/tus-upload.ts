import { type DetailedError, type PreviousUpload, Upload, defaultOptions } from 'tus-js-client';
import { currentLanguage } from '../../i18n/i18n';
import { uploadToken } from './upload-token';

/** Big enough to keep the line busy, small enough that a dropped connection loses little. */
export const CHUNK_SIZE = 5 * 1024 * 1024;
/** About 19 s of attempts before the row shows the failure and offers to resume. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

export interface TusCallbacks {
  onProgress(sent: number, total: number): void;
  /** The connection failed; tus tries again after a delay. */
  onRetrying(): void;
  onSuccess(uploadId: string): void;
  onError(error: Error | DetailedError): void;
  /** An earlier, interrupted upload of this file was found: it continues instead of restarting. */
  onResumeEarlier(): void;
}

export interface TusHandle {
  /** Stops sending; the server keeps what it has. */
  pause(): void;
  /** Asks the server how far it got and continues from there. */
  resume(): void;
  /** Stops and deletes the partial upload on the server and in this browser's memory. */
  cancel(): Promise<void>;
}

/**
 * Cancels an upload an earlier page load left unfinished: deleted on the server, so it stops
 * counting against the user's quota, and forgotten by this browser. An upload the server no longer
 * has (finished, swept) is simply forgotten.
 */
export async function forgetUpload(previous: PreviousUpload): Promise<void> {
  if (previous.uploadUrl) {
    await Upload.terminate(previous.uploadUrl, {
      onBeforeRequest: async (req) => {
        const token = await uploadToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
    }).catch(() => undefined);
  }
  await defaultOptions.urlStorage.removeUpload(previous.urlStorageKey);
}

/** The tus upload id is the last segment of the address the server created for it. */
export function uploadIdOf(url: string | null): string {
  const path = new URL(url ?? '', 'http://x').pathname;
  return path.split('/').filter(Boolean).pop() ?? '';
}

const statusOf = (error: DetailedError) => error.originalResponse?.getStatus() ?? 0;

/** tus's own rule (server errors, 409 and 423 are worth another try), without its offline check. */
const worthRetrying = (status: number) => status === 0 || status >= 500 || status === 409 || status === 423;

/**
 * Uploads one file with the tus protocol. The default URL storage remembers the upload under the
 * file's fingerprint, so after a reload the same file continues where the server stopped.
 */
export function startTusUpload(
  file: File,
  endpoint: string,
  type: string,
  callbacks: TusCallbacks,
): TusHandle {
  let sentToken: string | undefined;
  let rejectedToken: string | undefined;
  let replayed = false;
  let cancelled = false;

  const upload = new Upload(file, {
    endpoint,
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    removeFingerprintOnSuccess: true,
    metadata: { filename: file.name, filetype: type },
    // Per request, not once: a long video outlives the access token.
    onBeforeRequest: async (req) => {
      sentToken = await uploadToken(rejectedToken);
      rejectedToken = undefined;
      if (sentToken) req.setHeader('Authorization', `Bearer ${sentToken}`);
      req.setHeader('Accept-Language', currentLanguage());
    },
    onShouldRetry: (error) => {
      const status = statusOf(error);
      if (status === 401) {
        // Refresh once and replay; a second refusal in a row is a real one.
        if (replayed || sentToken === undefined) return false;
        replayed = true;
        rejectedToken = sentToken;
        return true;
      }
      // Offline too: the delays give a dropped connection time to come back.
      if (!worthRetrying(status)) return false;
      callbacks.onRetrying();
      return true;
    },
    onProgress: (sent, total) => {
      replayed = false;
      callbacks.onProgress(sent, total);
    },
    onSuccess: () => callbacks.onSuccess(uploadIdOf(upload.url)),
    onError: (error) => callbacks.onError(error),
  });

  // Looking for an earlier attempt takes a moment: a pause or resume meanwhile waits for it.
  let ready = false;
  let held = false;
  void upload
    .findPreviousUploads()
    .catch(() => [])
    .then((previous) => {
      ready = true;
      if (cancelled) return;
      const [latest] = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime));
      if (latest) {
        upload.resumeFromPreviousUpload(latest);
        callbacks.onResumeEarlier();
      }
      if (!held) upload.start();
    });

  return {
    pause: () => {
      held = true;
      void upload.abort();
    },
    resume: () => {
      held = false;
      if (ready) upload.start();
    },
    cancel: () => {
      cancelled = true;
      return upload.abort(true).catch(() => undefined);
    },
  };
}
