import type { ContentDetail, ContentStatus, RichTextDocument } from '@postdeck/contract/content';
import type { BodyOf } from '@postdeck/contract/endpoints';

/** The statuses a writer sets; archiving is its own action. */
export type EditableStatus = Exclude<ContentStatus, 'archived'>;
export const EDITABLE_STATUSES = ['draft', 'ready'] as const satisfies readonly EditableStatus[];

/** What the composer form holds; the saved body, the local draft and the dirty check are made from it. */
export interface ComposerValues {
  title: string;
  body: RichTextDocument;
  summary: string;
  tags: string[];
  status: EditableStatus;
  /** Media slot (see components/media-fields.tsx): an image material, or none. */
  coverMaterialId: number | null;
  /** Media slot: attached materials in order. */
  materialIds: number[];
}

export type ComposerField = keyof ComposerValues;

/** Every form field, in a fixed order so snapshots compare equal whatever order keys were set in. */
export const COMPOSER_FIELDS = [
  'title',
  'body',
  'summary',
  'tags',
  'status',
  'coverMaterialId',
  'materialIds',
] as const satisfies readonly ComposerField[];

/** What the editor holds when nothing is typed yet. */
export const EMPTY_DOCUMENT: RichTextDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

/** The form's values for a loaded content, or for a new one. */
export function valuesOf(detail: ContentDetail | null): ComposerValues {
  if (!detail) {
    return {
      title: '',
      body: EMPTY_DOCUMENT,
      summary: '',
      tags: [],
      status: 'draft',
      coverMaterialId: null,
      materialIds: [],
    };
  }
  return {
    title: detail.title,
    body: detail.body,
    summary: detail.summary,
    tags: detail.tags,
    // An archived content comes back as a draft when it is saved again (the API takes draft or ready).
    status: detail.status === 'archived' ? 'draft' : detail.status,
    coverMaterialId: detail.cover?.id ?? null,
    materialIds: detail.materials.map((material) => material.id),
  };
}

/** The fields create and update share, as the server wants them. */
export function toSaveBody(values: ComposerValues): Omit<BodyOf<'contentCreate'>, 'departmentId'> {
  return {
    title: values.title.trim(),
    body: values.body,
    summary: values.summary.trim(),
    tags: values.tags.map((tag) => tag.trim()).filter(Boolean),
    status: values.status,
    coverMaterialId: values.coverMaterialId,
    materialIds: values.materialIds,
  };
}

/** A string equal for equal values: what tells unsaved changes apart from what the server has. */
export const snapshotOf = (values: ComposerValues): string =>
  JSON.stringify(COMPOSER_FIELDS.map((field) => values[field]));
