import type { Area, District, Locale } from '../../../shared/machine';
import { readPlace } from '../../../shared/kioskPlace';
import { DEFAULT_FONT_SIZE, type FontSize } from '../../config';
import { KIOSK_FONT_SIZE } from '../../kiosk/kioskSettings';
import type { StatusGroup } from '../../machines/statusGroups';
import { EMPTY_URL_STATE, encodeUrlState } from '../../share/urlState';

/** What an admin chooses in the embed builder (decision 0073). */
export interface EmbedChoices {
  locale: Locale;
  fontSize: FontSize;
  kiosk: boolean;
  /** The kiosk's place as typed, "latitude,longitude"; '' for none. */
  here: string;
  status: StatusGroup | null;
  area: Area | null;
  district: District | null;
  /** The host lets the map ask for the visitor's location (Near me). */
  location: boolean;
}

export const DEFAULT_EMBED_CHOICES: EmbedChoices = {
  locale: 'en',
  fontSize: DEFAULT_FONT_SIZE,
  kiosk: false,
  here: '',
  status: null,
  area: null,
  district: null,
  location: false,
};

/**
 * The sandbox the code gives the frame, checked in Chromium (tests/browser/embed.test.ts): scripts; the map's own
 * origin kept (its offline copy, "Near me" under allow="geolocation", and messages the host can check by origin; a
 * frame of another origin still cannot reach the host's page); the card's directions opening in a tab that is not
 * itself sandboxed.
 */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox';
export const EMBED_FRAME_ID = 'rvm-map';

/** The kiosk's place, when one was typed: a reading or its problem (shared/kioskPlace.ts). */
export const hereProblem = (here: string): string | null => {
  if (here.trim() === '') return null;
  const reading = readPlace(here);
  return 'problem' in reading ? reading.problem : null;
};

/** The map's address for these choices: its own parameters, each left out where it is the default. */
export function embedUrl(mapOrigin: string, choices: EmbedChoices): string {
  const params = new URLSearchParams({ locale: choices.locale });
  if (choices.fontSize !== (choices.kiosk ? KIOSK_FONT_SIZE : DEFAULT_FONT_SIZE)) {
    params.set('fontSize', choices.fontSize);
  }
  if (choices.kiosk) {
    params.set('kiosk', '1');
    if (choices.here.trim() !== '' && hereProblem(choices.here) === null) {
      params.set('here', choices.here.replace(/\s+/g, ''));
    }
  }
  const search = encodeUrlState(`?${params.toString()}`, {
    ...EMPTY_URL_STATE,
    status: choices.status,
    area: choices.area,
    district: choices.district,
  });
  return `${mapOrigin}/${search}`;
}

const attribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The `<iframe>` a host pastes: titled, lazy, sandboxed, and allowed the visitor's location when asked. */
export function iframeCode(mapOrigin: string, choices: EmbedChoices, title: string): string {
  const lines = [
    `<iframe id="${EMBED_FRAME_ID}"`,
    `  src="${attribute(embedUrl(mapOrigin, choices))}"`,
    `  title="${attribute(title)}"`,
    '  loading="lazy"',
    ...(choices.location ? ['  allow="geolocation"'] : []),
    `  sandbox="${EMBED_SANDBOX}"`,
    '  style="width: 100%; height: 600px; border: 0"></iframe>',
  ];
  return lines.join('\n');
}

/** The host's side of the postMessage protocol (docs/embedding.md): hears rvm:ready and rvm:machine, sets the map. */
export function hostScript(mapOrigin: string, choices: EmbedChoices): string {
  const origin = JSON.stringify(mapOrigin).replaceAll('<', '\\u003c');
  const settings = JSON.stringify({ locale: choices.locale, fontSize: choices.fontSize });
  return `<script>
  const MAP_ORIGIN = ${origin};
  const map = document.getElementById('${EMBED_FRAME_ID}');

  // Messages from the map: only from its frame and its origin.
  window.addEventListener('message', (event) => {
    if (event.source !== map.contentWindow || event.origin !== MAP_ORIGIN) return;
    if (event.data.type === 'rvm:ready') {
      // The map is drawn. Messages sent before this may be lost: send your settings now.
      map.contentWindow.postMessage(${settings}, MAP_ORIGIN);
    }
    if (event.data.type === 'rvm:machine') {
      console.log('visitor chose', event.data.machine.id, event.data.machine.name_en);
    }
  });

  // When your own site's language ('en', 'zht', 'zhs') or text size ('sm', 'md', 'lg') changes:
  function setMap(settings) {
    map.contentWindow.postMessage(settings, MAP_ORIGIN); // always the map's origin, never '*'
  }
</script>`;
}
