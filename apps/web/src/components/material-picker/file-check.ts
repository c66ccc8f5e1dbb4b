import { MATERIAL_TYPES, type MaterialKind, type MaterialSettings } from '@postdeck/contract/materials';

/** Some systems give no type for a file (or for .mov): the name then tells it. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

export type FileCheck =
  | { ok: true; kind: MaterialKind; type: string }
  | { ok: false; reason: 'type'; type: string }
  | { ok: false; reason: 'kind'; kind: MaterialKind }
  | { ok: false; reason: 'size'; kind: MaterialKind; max: number };

export function fileType(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? '';
}

const kindOf = (type: string): MaterialKind | undefined =>
  (MATERIAL_TYPES as Record<string, MaterialKind>)[type] ??
  (type.startsWith('image/') ? 'image' : type.startsWith('video/') ? 'video' : undefined);

/**
 * The server's type and size rules, applied before a byte is sent so a refused file costs
 * nothing. The server sniffs the content and checks again; this only reads the declared type.
 * `only` narrows to one kind (the picker for images refuses videos).
 */
export function checkFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  settings: Pick<MaterialSettings, 'types' | 'maxBytes'>,
  only?: MaterialKind,
): FileCheck {
  const type = fileType(file);
  const kind = kindOf(type);
  if (!kind || !settings.types.includes(type)) return { ok: false, reason: 'type', type };
  if (only && kind !== only) return { ok: false, reason: 'kind', kind: only };
  const max = settings.maxBytes[kind];
  if (file.size > max) return { ok: false, reason: 'size', kind, max };
  return { ok: true, kind, type };
}
