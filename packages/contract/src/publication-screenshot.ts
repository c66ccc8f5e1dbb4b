import { int4ParamSchema } from './envelope.ts';
import { z } from './zod.ts';

/**
 * Why a publication has no screenshot (issue 20 item 8): the first case is told, not recorded
 * (only a published post has a public page); the others are what the last try met.
 * - refused: the page's address (or a redirect) is not public: loopback, a private range, file:
 * - unreachable: the site could not be reached or the browser could not open it
 * - httpStatus: the site answered with an error page (the post may be gone)
 * - timeout: no picture within 30 s; tooLarge: the page is larger than a screenshot may load
 * - browser: the server's chromium could not be started; authorGone: the author no longer exists
 * - internal: anything else (the server's log has it)
 */
export const SCREENSHOT_REASONS = [
  'notPublished',
  'refused',
  'unreachable',
  'httpStatus',
  'timeout',
  'tooLarge',
  'browser',
  'authorGone',
  'internal',
] as const;
export const screenshotReasonSchema = z.enum(SCREENSHOT_REASONS);
export type ScreenshotReason = z.infer<typeof screenshotReasonSchema>;

/** GET /content/publish/screenShot: `again=true` takes a new one; otherwise the last, or a first one. */
export const publicationScreenshotQuerySchema = z.object({
  id: int4ParamSchema,
  again: z.enum(['true', 'false']).optional(),
});

export const publicationScreenshotSchema = z.object({
  publicationId: z.number().int(),
  /** The post's public page, which the screenshot shows. */
  externalUrl: z.string().nullable(),
  /** The PNG (a signed, hour-long address) and when it was taken; kept when a later try fails. */
  screenshot: z.object({ url: z.string(), takenAt: z.string() }).nullable(),
  /** Why the last try gave no picture, in the server's words too; null when it gave one. */
  error: z
    .object({ reason: screenshotReasonSchema, detail: z.string().nullable(), at: z.string().nullable() })
    .nullable(),
});
export type PublicationScreenshot = z.infer<typeof publicationScreenshotSchema>;
