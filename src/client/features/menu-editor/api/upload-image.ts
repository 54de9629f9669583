import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { menuImagePath, uploadUrlResponseSchema } from '#shared/menu/menu-admin.schema.ts';

/**
 * Spec back-office §7: POST /api/menu/upload-url, then PUT the file to the URL it gives.
 * Resolves to the image path the item stores (/objects/menu-images/<id>). Errors carry the
 * server's message when it sent one.
 */
export async function uploadMenuImage(file: Blob, fileName: string): Promise<string> {
  let target;
  try {
    target = uploadUrlResponseSchema.parse(
      await apiRequest('POST', '/api/menu/upload-url', { fileName }),
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new Error('Failed to get upload URL', { cause: error });
  }

  const response = await fetch(target.uploadURL, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type },
    credentials: 'include',
  });
  if (!response.ok) {
    throw new ApiError(response.status, (await response.text()) || 'Failed to upload file');
  }
  return menuImagePath(target.imageId);
}
