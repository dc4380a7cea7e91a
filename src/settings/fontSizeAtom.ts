import { atom } from 'jotai';
import { DEFAULT_FONT_SIZE, type FontSize } from '../config';

export const fontSizeAtom = atom<FontSize>(DEFAULT_FONT_SIZE);
fontSizeAtom.debugLabel = 'fontSize';
