import { withLink } from '../media-blob.ts';
import type { PostInput } from '../adapter.ts';
import type { VideoResource } from './api.ts';

/** §3 Limits: a title of 1-100 characters without < or >. */
const TITLE_MAX = 100;

/**
 * A post as a video's metadata: the description is the text with its link (≤ 5000 bytes, checked
 * by the platform), the title its first line, cut to 100 characters and stripped of < and >,
 * which YouTube refuses in titles; with no text, the file's name.
 */
export function videoResource(
  post: PostInput,
  fileName: string,
  settings: { categoryId: string; privacyStatus: string },
): VideoResource {
  const description = withLink(post.text, post.link);
  const firstLine = description.split('\n').find((line) => line.trim() !== '') ?? '';
  const named = firstLine.trim() || fileName.replace(/\.[^.]+$/, '');
  const title = [...named.replace(/[<>]/g, '')].slice(0, TITLE_MAX).join('').trim() || 'Video';
  return {
    snippet: { title, description, categoryId: settings.categoryId },
    status: { privacyStatus: settings.privacyStatus, selfDeclaredMadeForKids: false },
  };
}
