/** A setting the app cannot start with; the message names the variable and how to fix it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
