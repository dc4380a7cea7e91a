import { ApiError, type Call } from '../../api/client';
import { API_BASE_PATH } from '../../config';
import { CSRF_HEADER } from '../session/startConsoleApi';
import {
  IMPORT_APPLY_LINE_SCHEMA,
  type ApplyOutcome,
  type ApplyProgress,
  type ImportApplyLine,
} from '../../../shared/contract/importPreview';
import { wireProblem } from '../../../shared/contract/wire';
import { parsePreview, type ImportPreview } from './importPreview';
import { isRecord } from '../../../shared/isRecord';

/** The kinds of file the import reads, as the picker offers them. */
export const IMPORT_FILE_TYPES = '.csv,.json,text/csv,application/json';

/** Where the machines the person may see download as CSV, in the import's own columns. */
export const EXPORT_CSV_URL = `${API_BASE_PATH}operator/machines.csv`;

const formOf = (file: File): FormData => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/** Sends the file for a preview; nothing is written. A refusal throws the client's ApiError (its body: `reasons`). */
export async function previewImport(call: Call, file: File): Promise<ImportPreview> {
  return parsePreview(await call('operator/import/preview', formOf(file), { not_blocking: true, throw_error: true }));
}

export type { ApplyOutcome, ApplyProgress };

/** One line of the apply's answer, as its contract says: progress, the outcome, or a failure; anything else is null. */
export function readApplyLine(
  line: string,
): { progress: ApplyProgress } | { outcome: ApplyOutcome } | { failed: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (wireProblem(IMPORT_APPLY_LINE_SCHEMA, value) !== null) return null;
  const read = value as ImportApplyLine;
  if (read.progress) return { progress: read.progress };
  if (read.success === true && read.outcome) return { outcome: read.outcome };
  if (read.success === false) return { failed: read.msg ?? 'systemError' };
  return null;
}

/**
 * Applies the previewed file: the server checks it again against the preview's key, then streams its progress one
 * JSON line at a time, then the outcome. A refusal before the writing (outdated, forbidden) throws the client's
 * ApiError; a failure while writing too, with its key.
 */
export async function applyImport(
  file: File,
  key: string,
  csrfToken: string,
  onProgress: (progress: ApplyProgress) => void,
): Promise<ApplyOutcome> {
  const response = await fetch(`${API_BASE_PATH}operator/import?key=${encodeURIComponent(key)}`, {
    method: 'POST',
    body: formOf(file),
    headers: { [CSRF_HEADER]: csrfToken },
    credentials: 'same-origin',
  }).catch((cause: unknown) => {
    throw new ApiError(0, undefined, 'network', { cause });
  });
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => undefined);
    const msg = isRecord(body) && typeof body.msg === 'string' ? body.msg : undefined;
    throw new ApiError(response.status, msg, 'http', undefined, body);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    pending += value ?? '';
    const lines = pending.split('\n');
    pending = done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      const read = readApplyLine(line);
      if (read === null) continue;
      if ('progress' in read) onProgress(read.progress);
      else if ('outcome' in read) return read.outcome;
      else throw new ApiError(200, read.failed, 'http');
    }
    if (done) throw new ApiError(0, undefined, 'network');
  }
}
