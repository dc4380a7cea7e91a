import { API_BASE_PATH } from '../config';
import type { Machine } from '../../shared/machine';

/** The card's image: the machine's thumbnail, else its picture. */
export function thumbnailUrl(m: Machine): string | null {
  return m.thumbnail || fullPhotoUrl(m);
}

/** The full image (docs/spec.md#calls: GET /api/file/{picture id}). */
export function fullPhotoUrl(m: Machine): string | null {
  return m.picture ? `${API_BASE_PATH}file/${encodeURIComponent(m.picture.id)}` : null;
}
