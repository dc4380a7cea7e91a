import { ApiError, type Call } from '../../api/client';

/** What the server stores (server/files: judged by the bytes); the picker offers these and the page checks first. */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export type UploadResult =
  { kind: 'stored'; id: string } | { kind: 'wrongType' | 'tooLarge' } | { kind: 'failed'; error: unknown };

/** A file the page will not even send: not one of the image types. */
export const isPhotoType = (file: File): boolean => (PHOTO_TYPES as readonly string[]).includes(file.type);

/** The spec's upload call: `POST /api/upload`, multipart field `file`, the file's own name as its filename. */
export async function uploadPhoto(call: Call, file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const answer = await call<{ id?: unknown }>('upload', form, { not_blocking: true, throw_error: true });
    const id = answer?.id;
    return typeof id === 'string' && id
      ? { kind: 'stored', id }
      : { kind: 'failed', error: new Error('no id in the answer') };
  } catch (error) {
    if (error instanceof ApiError && (error.msg === 'fileTooLarge' || error.status === 413))
      return { kind: 'tooLarge' };
    if (error instanceof ApiError && error.msg === 'unsupportedFileType') return { kind: 'wrongType' };
    return { kind: 'failed', error };
  }
}
