import { FONT_SIZES_PX, type FontSize } from '../config';

export function isFontSize(value: unknown): value is FontSize {
  return typeof value === 'string' && Object.hasOwn(FONT_SIZES_PX, value);
}
