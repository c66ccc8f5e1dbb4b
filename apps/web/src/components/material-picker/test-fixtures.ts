import type { Material, MaterialSettings } from '@postdeck/contract/materials';

/** Test data for the library, the uploader and the picker (not shipped: only tests import it). */
export function material(id: number, name: string, over: Partial<Material> = {}): Material {
  return {
    id,
    kind: 'image',
    name,
    mime: 'image/png',
    bytes: 2048,
    sha256: 'a'.repeat(64),
    width: 800,
    height: 600,
    durationMs: null,
    codec: null,
    status: 'ready',
    note: null,
    tags: [],
    department: { id: 3, name: 'Video desk' },
    uploader: { id: 1, name: 'Ada Admin' },
    createdAt: '2026-01-01T00:00:00Z',
    urls: {
      original: `/files/${id}/original`,
      download: `/files/${id}/download`,
      thumbnail: `/files/${id}/thumb`,
      poster: null,
    },
    ...over,
  };
}

export const video = (id: number, name: string) =>
  material(id, name, {
    kind: 'video',
    mime: 'video/mp4',
    durationMs: 65_000,
    codec: 'h264',
    urls: {
      original: `/files/${id}/original`,
      download: `/files/${id}/download`,
      thumbnail: null,
      poster: null,
    },
  });

export const pageOf = (items: Material[]) => ({
  items,
  total: items.length,
  totalExact: true,
  next: null,
  prev: null,
  page: 1,
  pageSize: 10,
});

export const SETTINGS: MaterialSettings = {
  maxBytes: { image: 1000, video: 5000 },
  uploadQuota: { open: 10, bytes: 10_000 },
  types: ['image/jpeg', 'image/png', 'video/mp4'],
  videoProcessing: true,
  uploadPath: '/material/upload',
};
