/** Menu photos (decision 011): the widths stored as WebP, and where a photo is served. */
export const MENU_IMAGE_WIDTHS = [320, 640, 1280] as const;
/** Spec back-office §5: at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const menuImagePath = (imageId: string) => `/objects/menu-images/${imageId}`;
