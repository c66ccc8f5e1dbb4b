import { PLATFORM_CAPABILITIES } from './platform-capabilities.ts';
import { countText } from './platform-text.ts';
import type { PublishingPlatform } from './platforms.ts';

/**
 * The preflight of one account's post (issue 20, item 2): what its platform would refuse, found
 * before anything is sent. The composer runs it live; the server runs it again on publish and
 * refuses a blocking problem with a field error. A warning does not block.
 */
export interface PreflightMedia {
  kind: 'image' | 'video';
  mime: string;
  bytes: number;
  durationS?: number | null | undefined;
  width?: number | null | undefined;
  height?: number | null | undefined;
}

export interface PreflightInput {
  platform: PublishingPlatform;
  text: string;
  media: readonly PreflightMedia[];
  /** The title the post would carry where the platform needs one (YouTube). */
  title?: string | undefined;
}

/** The message keys, under `publish.preflight.` in the web's locales and the server's catalogue. */
export type PreflightCode =
  | 'textTooLong'
  | 'textRequired'
  | 'mediaRequired'
  | 'videoRequired'
  | 'tooManyImages'
  | 'tooManyVideos'
  | 'imagesNotTaken'
  | 'videosNotTaken'
  | 'mixedMedia'
  | 'fileTooLarge'
  | 'videoTooLong'
  | 'formatNotTaken'
  | 'titleRequired'
  | 'titleTooLong';

export interface PreflightProblem {
  code: PreflightCode;
  /** Which part of the target it concerns: 'text', 'media', 'options.title'. */
  field: string;
  blocking: boolean;
  /** Figures for the message: the length and the limit, the file's index… */
  params: Record<string, number | string>;
}

const YOUTUBE_TITLE_MAX = 100;

export function preflight(input: PreflightInput): PreflightProblem[] {
  const caps = PLATFORM_CAPABILITIES[input.platform];
  const problems: PreflightProblem[] = [];
  const block = (code: PreflightCode, field: string, params: Record<string, number | string> = {}) =>
    problems.push({ code, field, blocking: true, params });

  const images = input.media.filter((m) => m.kind === 'image');
  const videos = input.media.filter((m) => m.kind === 'video');
  const length = countText(input.text, caps.text);
  const max =
    input.media.length > 0 && caps.text.maxLengthWithMedia !== null
      ? caps.text.maxLengthWithMedia
      : caps.text.maxLength;
  if (length > max) block('textTooLong', 'text', { length, max });
  if (input.media.length === 0 && input.text.trim() === '') block('textRequired', 'text');
  if (caps.text.mediaRequired && input.media.length === 0) block('mediaRequired', 'media');
  if (input.platform === 'youtube' && videos.length === 0) block('videoRequired', 'media');
  if (images.length > 0 && !caps.images) block('imagesNotTaken', 'media');
  if (videos.length > 0 && !caps.videos) block('videosNotTaken', 'media');
  if (images.length > 0 && videos.length > 0 && !caps.mixedMedia) block('mixedMedia', 'media');
  if (caps.images && images.length > caps.images.maxCount)
    block('tooManyImages', 'media', { count: images.length, max: caps.images.maxCount });
  if (caps.videos && videos.length > caps.videos.maxCount)
    block('tooManyVideos', 'media', { count: videos.length, max: caps.videos.maxCount });
  input.media.forEach((file, index) => {
    const rule = file.kind === 'image' ? caps.images : caps.videos;
    if (!rule) return;
    const position = index + 1;
    if (rule.maxBytes !== null && file.bytes > rule.maxBytes)
      block('fileTooLarge', 'media', { position, max: rule.maxBytes });
    if (!rule.mimeTypes.includes(file.mime))
      block('formatNotTaken', 'media', { position, format: file.mime });
    if (rule.maxDurationS !== null && file.durationS != null && file.durationS > rule.maxDurationS)
      block('videoTooLong', 'media', { position, max: rule.maxDurationS });
  });
  if (input.platform === 'youtube') {
    const title = (input.title ?? '').trim();
    if (title === '') block('titleRequired', 'options.title');
    else if (title.length > YOUTUBE_TITLE_MAX)
      block('titleTooLong', 'options.title', { length: title.length, max: YOUTUBE_TITLE_MAX });
  }
  return problems;
}
