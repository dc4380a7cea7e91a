import { checkField, fail, ok, type Checked } from './checkField';
import { collectExtraFields } from './extraFields';
import {
  AREAS,
  DISTRICTS_BY_AREA,
  fieldSchema,
  MACHINE_ID_MAX_CHARS,
  MACHINE_PROPERTIES,
  type Area,
  type MachineField,
} from './machine';
import {
  KNOWN_ROW_FIELDS,
  PHOTO_NAME_PATTERN,
  ROW_PHOTO_FIELD,
  STORED_FIELDS,
  type MachineRow,
  type StoredField,
} from './machineRow';
import { problem, type MachineProblem } from './problems';
import { rowShapeProblem } from './rowShape';
import { isRecord } from '../isRecord';

export type RowCheck = { ok: true; row: MachineRow } | { ok: false; problems: MachineProblem[] };

export const MACHINE_ID_PATTERN = new RegExp(MACHINE_PROPERTIES.id.pattern);

/** The rules a schema cannot say, each for one field of a row; the row is there for the rules that read two. */
const BY_HAND: Partial<Record<StoredField, (value: unknown, row: Readonly<Record<string, unknown>>) => Checked>> = {
  id: (id) =>
    typeof id === 'string' && MACHINE_ID_PATTERN.test(id)
      ? ok(id)
      : fail('id', 'machineId', { max: MACHINE_ID_MAX_CHARS }),
  coordinates: checkCoordinates,
  district: (district, row) => {
    const owner = AREAS.find((area) => (DISTRICTS_BY_AREA[area] as readonly unknown[]).includes(district));
    if (owner === undefined) return fail('district', 'unknownDistrict');
    const area = row.area as Area;
    const areaOk = (AREAS as readonly unknown[]).includes(area);
    return !areaOk || owner === area ? ok(district) : fail('district', 'districtOutsideArea', { area, owner });
  },
};

const [LATITUDE, LONGITUDE] = MACHINE_PROPERTIES.coordinates.prefixItems;
const AXES = [
  { axis: 'latitude', min: LATITUDE.minimum, max: LATITUDE.maximum },
  { axis: 'longitude', min: LONGITUDE.minimum, max: LONGITUDE.maximum },
] as const;
const inside = (value: number, { min, max }: (typeof AXES)[number]): boolean => value >= min && value <= max;

/**
 * A [latitude, longitude] pair inside the map. A pair that would be inside with its numbers the other way round is
 * named as swapped rather than as outside.
 */
function checkCoordinates(value: unknown): Checked {
  if (!Array.isArray(value) || value.length !== 2) return fail('coordinates', 'coordinatesPair');
  const numbers = value as unknown[];
  const problems = AXES.flatMap(({ axis }, i) => {
    const part = numbers[i];
    return typeof part === 'number' && Number.isFinite(part) ? [] : [problem('coordinates', 'notNumber', { axis })];
  });
  if (problems.length > 0) return { ok: false, problems };
  const [lat, lng] = numbers as [number, number];
  if (inside(lng, AXES[0]) && inside(lat, AXES[1])) return fail('coordinates', 'swapped');
  const outside = AXES.filter((axis, i) => !inside(i === 0 ? lat : lng, axis));
  if (outside.length === 0) return ok([lat, lng]);
  return {
    ok: false,
    problems: outside.map(({ axis, min, max }) => problem('coordinates', 'outsideMap', { axis, min, max })),
  };
}

/**
 * Checks one row of an import or of the feed: every field, every problem (not only the first), then the fields no
 * known field claims. A row nesting deeper or holding more than any machine is refused whole, unread.
 */
export function checkMachineRow(input: unknown): RowCheck {
  if (!isRecord(input)) return { ok: false, problems: [problem(null, 'notAnObject')] };
  const shape = rowShapeProblem(input);
  if (shape !== null) return { ok: false, problems: [shape] };

  const problems: MachineProblem[] = [];
  const row: Record<string, unknown> = {};
  for (const field of STORED_FIELDS) {
    const rule = BY_HAND[field];
    const checked = rule ? rule(input[field], input) : checkField(field, fieldSchema(field), input[field]);
    if (checked.ok) row[field] = checked.value;
    else problems.push(...checked.problems);
  }
  const photo = input[ROW_PHOTO_FIELD] ?? null;
  if (photo !== null && (typeof photo !== 'string' || !PHOTO_NAME_PATTERN.test(photo))) {
    problems.push(problem(ROW_PHOTO_FIELD, 'fileName'));
  }
  problems.push(...acrossFields(row));
  const { extra, problems: extraProblems } = collectExtraFields(input, KNOWN_ROW_FIELDS);
  problems.push(...extraProblems);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, row: { ...(row as Omit<MachineRow, 'photo' | 'extra'>), photo: photo as string | null, extra } };
}

/** A machine cannot need more full bins to report Full than it has. */
function acrossFields(row: Partial<Record<MachineField, unknown>>): MachineProblem[] {
  const { bin_count: bins, bin_count_full_threshold: threshold } = row;
  return typeof bins === 'number' && typeof threshold === 'number' && threshold > bins
    ? [problem('bin_count_full_threshold', 'moreThan', { max: bins, field: 'bin_count' })]
    : [];
}
