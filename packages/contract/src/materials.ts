import { z } from './zod.ts';
import { int4ParamSchema, int4Schema, keysetPageOf, keysetPageQuerySchema, PAGE_MAX } from './envelope.ts';
import { timeRangeSchema } from './notifications.ts';

/**
 * The media library (issue 4): images and video uploaded through the tus resumable protocol or
 * imported from a URL, processed off the request path (dimensions, thumbnails, poster frames).
 */

export const MATERIAL_KINDS = ['image', 'video'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/** The types a file's content (not its name) must have; SVG is refused (it can carry script). */
export const MATERIAL_TYPES = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
} as const satisfies Record<string, MaterialKind>;
export type MaterialMime = keyof typeof MATERIAL_TYPES;

export const MATERIAL_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MaterialStatus = (typeof MATERIAL_STATUSES)[number];

/** Why processing failed or was skipped; the web shows each in the user's language. */
export const MATERIAL_NOTES = [
  'videoToolsMissing',
  'unreadableImage',
  'unreadableVideo',
  'noVideoStream',
  'noPoster',
  'processingStalled',
] as const;
export type MaterialNote = (typeof MATERIAL_NOTES)[number];

export const MATERIAL_LIMITS = { name: 200, tags: 20, tag: 30, zipItems: 200 } as const;

/** Where the tus protocol is spoken (under the API base, Bearer-authenticated like every call). */
export const MATERIAL_UPLOAD_PATH = '/material/upload';

const person = z.object({ id: z.number().int(), name: z.string() });
const department = z.object({ id: z.number().int(), name: z.string() });

export const materialSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MATERIAL_KINDS),
  name: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Video only, in milliseconds. */
  durationMs: z.number().int().nullable(),
  /** Video only: the video stream's codec (h264, vp9, ...). */
  codec: z.string().nullable(),
  status: z.enum(MATERIAL_STATUSES),
  /** Why processing failed or was skipped (e.g. no ffmpeg on the server); the file is kept. */
  note: z.enum(MATERIAL_NOTES).nullable(),
  tags: z.array(z.string()),
  department,
  uploader: person,
  createdAt: z.string(),
  /**
   * Signed addresses, valid for a while for this user only: images and videos are loaded by
   * <img>/<video> elements, which cannot send the Authorization header.
   */
  urls: z.object({
    original: z.string(),
    download: z.string(),
    thumbnail: z.string().nullable(),
    poster: z.string().nullable(),
  }),
});
export type Material = z.infer<typeof materialSchema>;

const tagSchema = z.string().trim().min(1, 'validation.required').max(MATERIAL_LIMITS.tag);
const tagsSchema = z
  .array(tagSchema)
  .max(MATERIAL_LIMITS.tags)
  .transform((tags) =>
    tags.filter((tag, i) => tags.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i),
  );

export const MATERIAL_SORTS = ['createdAt', 'name', 'bytes'] as const;

export const materialListQuerySchema = keysetPageQuerySchema.extend({
  kind: z.enum(MATERIAL_KINDS).optional(),
  /** Part of the name, any case. */
  name: z.string().trim().max(100).optional(),
  uploaderId: int4ParamSchema.optional(),
  departmentId: int4ParamSchema.optional(),
  tag: tagSchema.optional(),
  /** 'from,to' ISO date-times on the upload time. */
  time: timeRangeSchema.optional(),
  sort: z.enum(MATERIAL_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type MaterialListQuery = z.input<typeof materialListQuerySchema>;
export type MaterialListFilters = z.output<typeof materialListQuerySchema>;

export const materialListSchema = keysetPageOf(materialSchema);

export const materialIdQuerySchema = z.object({ id: int4ParamSchema });
export const materialRenameBodySchema = z.object({
  id: int4Schema,
  name: z.string().trim().min(1, 'validation.required').max(MATERIAL_LIMITS.name),
});
export const materialTagsBodySchema = z.object({ id: int4Schema, tags: tagsSchema });
export const materialDeleteBodySchema = z.object({
  id: int4Schema,
  /** Administrators only: delete even though contents use it (they lose the attachment). */
  force: z.boolean().default(false),
});

/** 409 on deleting a material in use: the contents that use it. */
export const materialInUseSchema = z.object({
  contents: z.array(z.object({ id: z.number().int(), title: z.string() })),
});

/** Finishes a tus upload: the server sniffs, checks, deduplicates and files it. */
export const uploadCompleteBodySchema = z.object({
  /** The tus upload id (last part of the upload URL). */
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
  /** Defaults to the uploader's department; must be inside their data scope. */
  departmentId: int4Schema.optional(),
});
export const uploadCompleteSchema = z.object({
  material: materialSchema,
  /** The same bytes (SHA-256) were already in the library: this is that material, nothing new was kept. */
  duplicate: z.boolean(),
});
export type UploadComplete = z.infer<typeof uploadCompleteSchema>;

export const zipLinkBodySchema = z.object({
  ids: z.array(int4Schema).min(1).max(MATERIAL_LIMITS.zipItems),
});
/** A signed address that streams the selection as one zip (a plain link, so the browser saves it). */
export const zipLinkSchema = z.object({ url: z.string() });

/** What the library and the uploader need to know of the server's settings. */
export const materialSettingsSchema = z.object({
  maxBytes: z.object({ image: z.number().int(), video: z.number().int() }),
  /** Per user: how many uploads may be unfinished at once, and their declared bytes together. */
  uploadQuota: z.object({ open: z.number().int(), bytes: z.number().int() }),
  types: z.array(z.string()),
  /** False when ffprobe/ffmpeg are missing: videos are kept without duration or poster. */
  videoProcessing: z.boolean(),
  uploadPath: z.string(),
});
export type MaterialSettings = z.infer<typeof materialSettingsSchema>;

/** POST /content/publish/picUrl (spec §7): import an image from an address into the library. */
export const picUrlBodySchema = z.object({
  url: z.string().trim().min(1, 'validation.required').max(2048),
  departmentId: int4Schema.optional(),
});

/** POST /content/publish/picUrlPage (spec §7): images for the composer's picker, paged. */
export const picUrlPageBodySchema = z.object({
  page: z.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.number().int().min(1).max(100).default(24),
  name: z.string().trim().max(100).optional(),
});
