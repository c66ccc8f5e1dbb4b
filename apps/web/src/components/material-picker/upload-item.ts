import type { UploadComplete } from '@postdeck/contract/materials';
import type { Sample } from './transfer-speed';

/**
 * - refused: the client's check said no, nothing was sent;
 * - queued: waiting for room among the user's unfinished uploads (the server's quota);
 * - uploading / paused / reconnecting (tus is retrying after a failure);
 * - completing: the bytes are on the server, which now sniffs, checks and files them;
 * - done: in the library (result.duplicate: the same bytes were already there);
 * - failed: stopped with an error; resume tries again from where the server got to.
 */
export type UploadStage =
  'refused' | 'queued' | 'uploading' | 'paused' | 'reconnecting' | 'completing' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  stage: UploadStage;
  sent: number;
  /** Bytes per second over the last seconds. */
  speed: number;
  samples: Sample[];
  /** Continued from an interrupted attempt (an earlier page load). */
  resumed: boolean;
  /** Why it was refused or failed, in the user's language. */
  error?: string;
  result?: UploadComplete;
}

/** The stages in which bytes are moving or about to. */
export const isActive = (stage: UploadStage) => stage === 'uploading' || stage === 'reconnecting';

/** The stages in which the server holds an unfinished upload of it (what its quota counts). */
export const isOpen = (stage: UploadStage) => isActive(stage) || stage === 'paused';
