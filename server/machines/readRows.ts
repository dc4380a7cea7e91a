import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { machineRowsFromCsv } from './csvRows';
import { showText } from './showValue';
import { RowsCheck, type AcceptedRowSink, type NumberedRow } from './validate';

export class RowsFileError extends Error {
  override name = 'RowsFileError';
}

/** Told how many bytes of the file have been read so far. */
export type BytesRead = (bytes: number) => void;

/** Reads a data set: a JSON array of machine rows, or a CSV file with a header line (read as a stream). */
export async function* readRowsFile(file: string, onRead?: BytesRead): AsyncGenerator<NumberedRow> {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.csv') yield* machineRowsFromCsv(countedChunks(createReadStream(file), onRead));
  else if (extension === '.json') {
    const text = await fs.readFile(file, 'utf8');
    onRead?.(Buffer.byteLength(text));
    yield* rowsFromJson(text);
  } else throw new RowsFileError(`${file}: expected a .csv or .json file`);
}

async function* countedChunks(chunks: AsyncIterable<Buffer>, onRead?: BytesRead): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.byteLength;
    onRead?.(bytes);
    yield chunk;
  }
}

/**
 * Reads and checks a data set row by row; only the checked rows stay in memory, or none when `sink` takes each
 * accepted row.
 */
export async function checkRowsFile(file: string, onRead?: BytesRead, sink?: AcceptedRowSink): Promise<RowsCheck> {
  const check = new RowsCheck(sink);
  for await (const row of readRowsFile(file, onRead)) check.add(row);
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
