import { PictureOutlined, PlayCircleFilled, VideoCameraOutlined } from '@ant-design/icons';
import type { Material } from '@postdeck/contract/materials';
import { formatDuration } from './material-format';
import styles from './material-tiles.module.css';

interface MaterialThumbProps {
  material: Material;
  /** Width in pixels; the thumb fills its container when left out. */
  size?: number;
}

/**
 * A material's small picture: its thumbnail, a video's poster frame, or (still processing, or
 * no processing on the server) an image's original or a kind icon. The alt text is the name.
 */
export function MaterialThumb({ material, size }: MaterialThumbProps) {
  const { urls, kind, name, durationMs } = material;
  const src = urls.thumbnail ?? (kind === 'image' ? urls.original : urls.poster);
  const Icon = kind === 'video' ? VideoCameraOutlined : PictureOutlined;
  return (
    <span className={styles.thumb} style={size === undefined ? undefined : { width: size }}>
      {src ? (
        <img src={src} alt={name} loading="lazy" draggable={false} />
      ) : (
        <span role="img" aria-label={name} className={styles.placeholder}>
          <Icon aria-hidden />
        </span>
      )}
      {kind === 'video' && (
        <span className={styles.duration}>
          <PlayCircleFilled aria-hidden />
          {durationMs !== null && formatDuration(durationMs)}
        </span>
      )}
    </span>
  );
}
