import type { FontSize } from '../config';
import { isLocale } from '../i18n/translate';
import type { Locale } from '../../shared/machine';
import { isFontSize } from '../settings/fontSize';

/** What a host may change live (docs/spec.md#embedding): the language, the text size, or both in one message. */
export interface HostSettings {
  locale?: Locale;
  fontSize?: FontSize;
}

const KNOWN_KEYS = new Set(['locale', 'fontSize']);

/**
 * The settings in a message from the host, or null for anything else: only a plain object whose keys are
 * `locale` and/or `fontSize` with known values. Never throws, whatever `data` is. A huge payload has
 * either too many keys or a value that is not a known one, so it is turned away before it is walked.
 */
export function parseHostMessage(data: unknown): HostSettings | null {
  try {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
    const proto: unknown = Object.getPrototypeOf(data);
    if (proto !== Object.prototype && proto !== null) return null;
    const keys = Reflect.ownKeys(data);
    if (keys.length === 0 || keys.length > KNOWN_KEYS.size) return null;
    if (!keys.every((key) => typeof key === 'string' && KNOWN_KEYS.has(key))) return null;
    const { locale, fontSize } = data as Record<string, unknown>;
    const settings: HostSettings = {};
    if (locale !== undefined) {
      if (!isLocale(locale)) return null;
      settings.locale = locale;
    }
    if (fontSize !== undefined) {
      if (!isFontSize(fontSize)) return null;
      settings.fontSize = fontSize;
    }
    return settings.locale || settings.fontSize ? settings : null;
  } catch {
    // A hostile object (a getter that throws, a revoked proxy) is just another message to ignore.
    return null;
  }
}
