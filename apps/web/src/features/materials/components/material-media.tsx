import type { Material } from '@postdeck/contract/materials';
import { Image } from 'antd';

/**
 * The material itself: an image zooms in antd's preview (the original, the thumbnail inline);
 * a video plays from the original, which the server serves in ranges so seeking works.
 */
export function MaterialMedia({ material }: { material: Material }) {
  const { urls, name } = material;
  if (material.kind === 'video') {
    return (
      <video
        controls
        preload="metadata"
        src={urls.original}
        poster={urls.poster ?? undefined}
        aria-label={name}
        style={{ width: '100%', maxHeight: 420, background: '#000' }}
      />
    );
  }
  return (
    <Image
      src={urls.thumbnail ?? urls.original}
      alt={name}
      preview={{ src: urls.original }}
      style={{ maxHeight: 420, objectFit: 'contain' }}
    />
  );
}
