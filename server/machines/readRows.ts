import fs from 'node:fs/promises';
import path from 'node:path';
import { machineRowsFromCsv } from './csvRows';
import type { NumberedRow } from './validate';

export class RowsFileError extends Error {
  override name = 'RowsFileError';
}

/** Reads a data set: a JSON array of machine rows, or a CSV file with a header line. */
export async function readRowsFile(file: string): Promise<NumberedRow[]> {
  const text = await fs.readFile(file, 'utf8');
  const extension = path.extname(file).toLowerCase();
  if (extension === '.csv') return machineRowsFromCsv(text);
  if (extension === '.json') return rowsFromJson(text);
  throw new RowsFileError(`${file}: expected a .csv or .json file`);
}

export function rowsFromJson(text: string): NumberedRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw new RowsFileError(`not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data)) throw new RowsFileError('the JSON file must hold an array of machines');
  return data.map((value: unknown, index) => ({ rowNumber: index + 1, value }));
}
