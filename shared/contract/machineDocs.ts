import { HISTORY_ENTRY_SCHEMA } from './history';
import {
  LOCALES,
  LOCALIZED_TEXTS,
  localizedField,
  MACHINE_ID_MAX_CHARS,
  MACHINE_PROPERTIES,
  MACHINE_SCHEMA,
  type Locale,
  type LocalizedText,
  type MachineField,
} from './machine';

/**
 * The contract's schemas with the words the OpenAPI document shows beside each field. Kept apart from the
 * declaration because the page imports that and never shows these: they would be bytes of every visitor's download.
 */

const TEXT_WORDS: Record<LocalizedText, string> = {
  name: "The machine's name",
  address: 'Its address',
  service_hour: 'Its service hours, as text',
};
const LANGUAGE_WORDS: Record<Locale, string> = {
  en: 'English',
  zht: 'Traditional Chinese',
  zhs: 'Simplified Chinese',
};
const TIME_WORDS = 'ISO 8601 in UTC; null when unknown';

const FIELD_WORDS: Partial<Record<MachineField, string>> = {
  ...Object.fromEntries(
    LOCALIZED_TEXTS.flatMap((text) =>
      LOCALES.map((locale) => [localizedField(text, locale), `${TEXT_WORDS[text]} in ${LANGUAGE_WORDS[locale]}`]),
    ),
  ),
  id: `A machine id: 1 to ${MACHINE_ID_MAX_CHARS} letters, digits, "_" or "-"`,
  coordinates: '[latitude, longitude], inside the map',
  area: 'The area the district is in',
  status: 'Remaining capacity',
  under_maintenance: 'Under maintenance: shown as not available, whatever its status',
  service_status: '1 means out of service',
  picture: 'Absent when the machine has no photo; the photo is at GET /api/file/{id}',
  thumbnail: "The photo's URL; null without one",
  opening_hours: 'OpenStreetMap opening_hours syntax, when the operator gave structured hours; null otherwise',
  bin_count: 'How many bins the machine has; null when unknown',
  bin_count_full_threshold: 'How many bins must be full for the machine to report Full; null when unknown',
  deactivated: 'A deactivated machine is not shown',
  last_emptied_at: `When the machine was last emptied: ${TIME_WORDS}`,
  last_online: `The machine's last report: ${TIME_WORDS}`,
  last_full: `When the machine became Full: ${TIME_WORDS}`,
};

const described = <P extends object>(properties: P): P =>
  Object.fromEntries(
    Object.entries(properties).map(([field, schema]) => {
      const words = FIELD_WORDS[field as MachineField];
      return [field, words === undefined ? schema : { ...schema, description: words }];
    }),
  ) as P;

/** `components.schemas.Machine`. */
export const MACHINE_COMPONENT = {
  ...MACHINE_SCHEMA,
  description:
    'A reverse vending machine as the list call, the operator calls and the event stream send it. Fields an ' +
    'import or the feed kept beyond these follow as they were given.',
  properties: described(MACHINE_PROPERTIES),
};

/** `components.schemas.HistoryEntry`. */
export const HISTORY_ENTRY_COMPONENT = {
  ...HISTORY_ENTRY_SCHEMA,
  description: 'One state of a machine, as the server saw it change',
  properties: described(HISTORY_ENTRY_SCHEMA.properties),
};
