import { z } from './zod.ts';
import { int4ParamSchema, int4Schema, keysetPageOf, keysetPageQuerySchema } from './envelope.ts';
import { materialSchema } from './materials.ts';
import { timeRangeSchema } from './notifications.ts';

/**
 * Content (issue 4): what staff compose and later publish. The body is a TipTap document; the
 * server validates it against the editor's schema (`@postdeck/rich-text`) and stores it with a
 * sanitised HTML and a plain-text rendering.
 */

export const CONTENT_STATUSES = ['draft', 'ready', 'archived'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_LIMITS = {
  title: 200,
  summary: 500,
  tags: 20,
  tag: 30,
  materials: 50,
  /** A deleted content can be restored by an administrator for this many days. */
  restoreDays: 30,
} as const;

/** A TipTap (ProseMirror) document; its inside is checked against the editor schema on the server. */
export const richTextDocumentSchema = z.object({
  type: z.literal('doc'),
  content: z.array(z.unknown()).optional(),
});
export type RichTextDocument = z.infer<typeof richTextDocumentSchema>;

const person = z.object({ id: z.number().int(), name: z.string() });
const department = z.object({ id: z.number().int(), name: z.string() });

const tagSchema = z.string().trim().min(1, 'validation.required').max(CONTENT_LIMITS.tag);

/** The fields a writer sets, shared by create and update. */
const editableFields = {
  title: z.string().trim().min(1, 'validation.required').max(CONTENT_LIMITS.title),
  body: richTextDocumentSchema,
  summary: z.string().trim().max(CONTENT_LIMITS.summary).default(''),
  tags: z
    .array(tagSchema)
    .max(CONTENT_LIMITS.tags)
    .default([])
    // Tags are a set: the same tag twice, in any case, is kept once, as first written.
    .transform((tags) =>
      tags.filter((tag, i) => tags.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i),
    ),
  status: z.enum(['draft', 'ready']).default('draft'),
  /** An image material of the caller's scope, or none. */
  coverMaterialId: int4Schema.nullable().default(null),
  /** Attached materials in order (each once). */
  materialIds: z
    .array(int4Schema)
    .max(CONTENT_LIMITS.materials)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'validation.duplicate'),
};

export const contentCreateBodySchema = z.object({
  ...editableFields,
  /** Defaults to the author's department; must be inside the author's data scope. */
  departmentId: int4Schema.optional(),
});
export type ContentCreateBody = z.input<typeof contentCreateBodySchema>;

export const contentUpdateBodySchema = z.object({
  id: int4Schema,
  /** The version the writer started from; a newer one on the server answers 409. */
  version: int4Schema,
  ...editableFields,
});
export type ContentUpdateBody = z.input<typeof contentUpdateBodySchema>;

export const contentIdBodySchema = z.object({ id: int4Schema });
export const contentIdQuerySchema = z.object({ id: int4ParamSchema });
export const contentArchiveBodySchema = contentIdBodySchema.extend({ version: int4Schema });

export const CONTENT_SORTS = ['updatedAt', 'createdAt', 'title'] as const;

/** List filters, all optional; they live in the page's URL query as they are here. */
export const contentListQuerySchema = keysetPageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  authorId: int4ParamSchema.optional(),
  departmentId: int4ParamSchema.optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
  tag: z.string().trim().max(CONTENT_LIMITS.tag).optional(),
  /** 'from,to' ISO date-times on the last update, as the messages filter. */
  time: timeRangeSchema.optional(),
  sort: z.enum(CONTENT_SORTS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Admin list only: the deleted contents still restorable. */
  deleted: z.enum(['true', 'false']).optional(),
});
export type ContentListQuery = z.input<typeof contentListQuerySchema>;
/** The list query as read, defaults filled in. */
export type ContentListFilters = z.output<typeof contentListQuerySchema>;

export const contentItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  status: z.enum(CONTENT_STATUSES),
  tags: z.array(z.string()),
  department,
  author: person,
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set on deleted contents (admin list with deleted=true). */
  deletedAt: z.string().nullable(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentListSchema = keysetPageOf(contentItemSchema);

export const contentDetailSchema = contentItemSchema.extend({
  body: richTextDocumentSchema,
  cover: materialSchema.nullable(),
  materials: z.array(materialSchema),
  bodyHtml: z.string(),
  bodyText: z.string(),
  updatedBy: person,
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;

/** 409 on a stale update: who saved last, when, and the version now on the server. */
export const contentConflictSchema = z.object({
  updatedBy: person,
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ContentConflict = z.infer<typeof contentConflictSchema>;
