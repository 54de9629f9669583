import { MENU_IMAGE_WIDTHS } from '#shared/menu/menu-images.ts';

const UPLOADED = /^\/objects\/menu-images\/[0-9a-f-]{36}$/;

/** The WebP sizes of an uploaded photo, for srcset; null for a file the app ships. */
function menuImageSrcSet(image: string): string | null {
  if (!UPLOADED.test(image)) return null;
  return MENU_IMAGE_WIDTHS.map((width) => `${image}/w${width}.webp ${width}w`).join(', ');
}

/**
 * A menu photo: uploaded ones come as WebP in three widths (decision 011) so a phone downloads
 * the small one, with the JPEG as the fallback; the demo's own drawings are served as they are.
 */
export function MenuImage({
  image,
  sizes,
  className,
  loading,
}: {
  image: string;
  /** Which width the image takes on screen, for the browser's choice (the `sizes` attribute). */
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
}) {
  const srcSet = menuImageSrcSet(image);
  if (!srcSet) return <img src={image} alt="" loading={loading} className={className} />;
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet} sizes={sizes} />
      <img src={image} alt="" loading={loading} className={className} />
    </picture>
  );
}
