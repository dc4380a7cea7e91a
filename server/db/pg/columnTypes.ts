import { baseType, fieldSchema, type MachineField } from '../../../shared/contract/machine';

/** The largest value PostgreSQL's `integer` holds. */
const INT4_MAX = 2 ** 31 - 1;

/**
 * The PostgreSQL type a field's values are sent as, from the contract: text, double precision, an integer that is
 * `integer` when the contract bounds it within one and `bigint` otherwise, and booleans as booleans or, where the
 * values are SQLite's, as 0 and 1.
 */
export function pgTypeOf(field: MachineField, booleans: 'bool' | 'int'): string {
  const schema = fieldSchema(field);
  switch (baseType(schema)) {
    case 'boolean':
      return booleans;
    case 'integer':
      return schema.maximum !== undefined && schema.maximum <= INT4_MAX && (schema.minimum ?? 0) >= -INT4_MAX - 1
        ? 'int'
        : 'int8';
    case 'number':
      return 'float8';
    case 'string':
      return 'text';
    default:
      throw new Error(`${field} is no column of one type`);
  }
}
