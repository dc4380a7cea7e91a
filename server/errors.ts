/**
 * Every `msg` key the server can answer with (`{ success: false, msg }`).
 * The front end translates each one (spec §8); keep this list and the locale files in step.
 */
export const API_ERROR_KEYS = [
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'fileNotFound',
  'methodNotAllowed',
  'fileMissing',
  'fileTooLarge',
  'payloadTooLarge',
  'unsupportedFileType',
  'unsupportedMediaType',
  'tooManyRequests',
  'systemError',
] as const;
export type ApiErrorKey = (typeof API_ERROR_KEYS)[number];

export interface ApiErrorBody {
  success: false;
  msg: ApiErrorKey;
}

/** An expected failure: answered as `{ success: false, msg }` with this status. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    readonly msg: ApiErrorKey,
  ) {
    super(msg);
  }
}

/** The key for an error that carries only an HTTP status (framework and plugin errors). */
export function keyForStatus(status: number): ApiErrorKey {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 405:
      return 'methodNotAllowed';
    case 413:
      return 'payloadTooLarge';
    case 406:
    case 415:
      return 'unsupportedMediaType';
    case 429:
      return 'tooManyRequests';
    default:
      return status >= 400 && status < 500 ? 'badRequest' : 'systemError';
  }
}
