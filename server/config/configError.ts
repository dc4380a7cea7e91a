/** A variable with a bad value: the server does not start, and the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
