import { youtubeOptionsSchema } from '@postdeck/contract/publish-options';
import { z } from '@postdeck/contract/zod';
import type { PostInput } from '../adapter.ts';
import { PlatformError } from '../errors.ts';
import { withLink } from '../media-blob.ts';
import type { VideoResource } from './api.ts';

/**
 * YouTube's fields of the account's options, read by their own schema: PublishOptions spans every
 * platform, and `privacy` there takes TikTok's values too.
 */
const youtubeOptions = z.object(youtubeOptionsSchema.shape);

/** §3 Limits: a title of 1-100 characters without < or >. */
const TITLE_MAX = 100;

/**
 * A post as a video's metadata. The account's choices (`post.options`: title, description,
 * privacy, category, tags) come first; otherwise the description is the text with its link
 * (≤ 5000 bytes, checked by the platform) and the title its first line, cut to 100 characters and
 * stripped of < and >, which YouTube refuses in titles; with no text, the file's name.
 */
export function videoResource(
  post: PostInput,
  fileName: string,
  settings: { categoryId: string; privacyStatus: string },
): VideoResource {
  const parsed = youtubeOptions.safeParse(post.options ?? {});
  if (!parsed.success)
    throw new PlatformError('rejected', {
      platform: 'youtube',
      platformMessage: `the post's YouTube options: ${z.prettifyError(parsed.error)}`,
    });
  const options = parsed.data;
  const text = withLink(post.text, post.link);
  const description = options.description ?? text;
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  const named = options.title ?? (firstLine.trim() || fileName.replace(/\.[^.]+$/, ''));
  const title = [...named.replace(/[<>]/g, '')].slice(0, TITLE_MAX).join('').trim() || 'Video';
  return {
    snippet: {
      title,
      description,
      categoryId: options.categoryId ?? settings.categoryId,
      ...(options.tags?.length ? { tags: [...options.tags] } : {}),
    },
    status: {
      privacyStatus: options.privacy ?? settings.privacyStatus,
      selfDeclaredMadeForKids: false,
    },
  };
}
