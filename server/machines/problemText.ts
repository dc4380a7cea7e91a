import { isNullable, MACHINE_PROPERTIES, TEXT_MAX_CHARS, type FieldSchema } from '../../shared/contract/machine';
import type { MachineProblem, ProblemCode } from '../../shared/contract/problems';
import { showValue } from './showValue';

export const TIMESTAMP_RULE = 'must be an ISO 8601 date-time such as 2026-11-23T14:05:00+08:00';

/** What the problem's sentence reads: the field's name, its value in the row, the code's params. */
interface Subject {
  field: string;
  value: unknown;
  /** The value quoted back as an error line shows it. */
  shown: string;
  params: Readonly<Record<string, unknown>>;
  /** What an unknown name is called: a JSON field, or a CSV column. */
  noun: 'field' | 'column';
}

const AXIS_INDEX: Readonly<Record<string, number>> = { latitude: 0, longitude: 1 };

/** The part of the coordinates the problem is about. */
const axisValue = ({ value, params }: Subject): unknown =>
  Array.isArray(value) ? (value as unknown[])[AXIS_INDEX[String(params.axis)] ?? -1] : undefined;

/** The rule a text field's value broke, as the import has always said it. */
function textRule(field: string): string {
  const schema = (MACHINE_PROPERTIES as Readonly<Record<string, FieldSchema>>)[field];
  const max = schema?.maxLength ?? TEXT_MAX_CHARS;
  return schema && isNullable(schema)
    ? `must be empty or text of up to ${max} characters`
    : `must be text of 1 to ${max} characters`;
}

const SENTENCES: Record<ProblemCode, (subject: Subject) => string> = {
  notAnObject: () => 'is not an object',
  tooDeep: ({ params }) => `nests arrays or objects more than ${params.max} levels deep`,
  tooManyValues: ({ params }) => `holds more than ${params.max} values, more than any machine has`,
  required: ({ field, shown }) => `${field} ${shown} ${textRule(field)}`,
  notText: ({ field, shown }) => `${field} ${shown} ${textRule(field)}`,
  textLength: ({ field, shown }) => `${field} ${shown} ${textRule(field)}`,
  notOneOf: ({ field, shown, params }) => `${field} ${shown} is not one of ${(params.options as unknown[]).join(', ')}`,
  notBoolean: ({ field, shown }) => `${field} ${shown} must be true or false`,
  notInteger: ({ field, shown }) => `${field} ${shown} must be a whole number`,
  integerRange: ({ field, shown, params }) =>
    `${field} ${shown} must be a whole number from ${params.min} to ${params.max}`,
  dateTime: ({ field, shown }) => `${field} ${shown} ${TIMESTAMP_RULE}`,
  timeOutOfRange: ({ field, shown, params }) =>
    `${field} ${shown} must be from ${params.earliest} to at most ${params.max} minutes after the server's clock`,
  machineId: ({ field, shown, params }) => `${field} ${shown} must be 1 to ${params.max} letters, digits, "_" or "-"`,
  fileName: ({ field, shown }) => `${field} ${shown} must be a plain file name such as rvm-001.png`,
  photoId: ({ field, shown }) => `${field} ${shown} must be { id } of a photo uploaded before, or null`,
  coordinatesPair: ({ field, shown }) => `${field} ${shown} must be [latitude, longitude]`,
  notNumber: (subject) => `${String(subject.params.axis)} ${showValue(axisValue(subject))} is not a number`,
  swapped: ({ value }) => {
    const [lat, lng] = value as [number, number];
    return `coordinates [${lat}, ${lng}] look swapped: give latitude first, then longitude`;
  },
  outsideMap: (subject) => {
    const { axis, min, max } = subject.params;
    return `${String(axis)} ${showValue(axisValue(subject))} is outside the map (${min} to ${max})`;
  },
  unknownDistrict: ({ field, shown }) => `${field} ${shown} is not a known district`,
  districtOutsideArea: ({ field, shown, params }) => `${field} ${shown} belongs to ${params.owner}, not ${params.area}`,
  moreThan: ({ field, shown, params }) => `${field} ${shown} must not be more than ${params.field} ${params.max}`,
  reservedName: ({ field, noun }) => `${noun} ${showValue(field)} cannot be kept: the name is reserved`,
  noName: ({ noun }) => `a ${noun} has no name`,
  clashesWithKnown: ({ field, noun, params }) =>
    `${noun} ${showValue(field)} clashes with the known field "${params.known}"`,
  tooManyExtras: ({ noun, params }) => `has ${params.count} unknown ${noun}s, at most ${params.max} are kept`,
  extraNotJson: () => 'the unknown fields must hold JSON values (text, numbers, true/false, null, arrays, objects)',
  extraTooDeep: ({ params }) => `the unknown fields nest arrays or objects more than ${params.max} levels deep`,
  extraTooLarge: ({ params }) =>
    `the unknown fields take more than ${params.max} bytes as JSON, the most kept per machine`,
  notEditable: ({ field }) => `${showValue(field)} is not a field an operator may change`,
  noField: () => 'names no field to change',
  duplicateId: ({ params }) => `duplicate id, first used in row ${params.firstRow}`,
  outsideDistricts: ({ params }) =>
    `district ${showValue(params.district)} is outside the districts you may change (${String(params.yours)})`,
};

/**
 * A problem as the import reports it in English, e.g. `name_en "" must be text of 1 to 200 characters`: the field,
 * its value in `input` quoted back (escaped and cut: showValue), and the rule. The row's label goes before it.
 */
export function problemText(
  problem: MachineProblem,
  input: Readonly<Record<string, unknown>>,
  noun: Subject['noun'] = 'field',
): string {
  const field = problem.field ?? '';
  const value = problem.field === null ? undefined : input[problem.field];
  return SENTENCES[problem.code]({ field, value, shown: showValue(value), params: problem.params, noun });
}
