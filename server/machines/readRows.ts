import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { machineRowsFromCsv } from './csvRows';
import { showText } from './showValue';
import { RowsCheck, type NumberedRow } from './validate';

export class RowsFileError extends Error {
  override name = 'RowsFileError';
}

/** Reads a data set: a JSON array of machine rows, or a CSV file with a header line (read as a stream). */
export async function* readRowsFile(file: string): AsyncGenerator<NumberedRow> {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.csv') yield* machineRowsFromCsv(createReadStream(file));
  else if (extension === '.json') yield* rowsFromJson(await fs.readFile(file, 'utf8'));
  else throw new RowsFileError(`${file}: expected a .csv or .json file`);
}

/** Reads and checks a data set row by row; only the checked rows stay in memory. */
export async function checkRowsFile(file: string): Promise<RowsCheck> {
  const check = new RowsCheck();
  for await (const row of readRowsFile(file)) check.add(row);
  return check;
}

export function rowsFromJson(text: string): NumberedRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    // The parser's message quotes the text around the fault.
    throw new RowsFileError(`not valid JSON: ${showText((error as Error).message)}`);
  }
  if (!Array.isArray(data)) throw new RowsFileError('the JSON file must hold an array of machines');
  return data.map((value: unknown, index) => ({ rowNumber: index + 1, value }));
}
