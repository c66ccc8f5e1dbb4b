import sharp from 'sharp';

/** Thumbnails fit in this square; the library grid shows them at most this large. */
const THUMBNAIL_BOX = 400;

/** Width and height as the image is seen, i.e. after its EXIF orientation is applied. */
export async function imageSize(file: string): Promise<{ width: number; height: number }> {
  const metadata = await sharp(file, { autoOrient: true }).metadata();
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

/** A WebP thumbnail of the image (its first frame when animated), upright, never enlarged. */
export function webpThumbnail(file: string): Promise<Buffer> {
  return sharp(file, { autoOrient: true })
    .resize(THUMBNAIL_BOX, THUMBNAIL_BOX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
