import type { Locale } from '../../shared/machine';
import { translate, translateDynamic } from '../i18n/translate';
import { captionKeyOf, isOutOfService } from './displayState';

type CaptionFields = Parameters<typeof captionKeyOf>[0];

/** A machine in service whose last report is too old (issue 9): its caption says the status may be out of date. */
export function showsStaleCaption(machine: CaptionFields): boolean {
  return machine.stale === true && !isOutOfService(machine);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * The status caption as HTML, from the translation files only (docs/spec.md#display-states:
 * "Almost full (&ge;80% Full)"), in `locale`: the capacity caption, or that the status may be out of date.
 */
export function statusCaptionHtml(machine: CaptionFields, locale: Locale): string {
  if (showsStaleCaption(machine))
    return translate(locale, 'freshness.stale').replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!);
  return translateDynamic(locale, `capacity.${captionKeyOf(machine)}`) ?? '';
}

// A handful of captions in three languages: each is read from its HTML once.
const plainTexts = new Map<string, string>();

/** The status caption as a screen reader says it: "Almost full (≥80% Full)". */
export function statusCaptionText(machine: CaptionFields, locale: Locale): string {
  const html = statusCaptionHtml(machine, locale);
  let text = plainTexts.get(html);
  if (text === undefined) {
    text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
    plainTexts.set(html, text);
  }
  return text;
}
