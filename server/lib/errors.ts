/** An error whose message is safe to show: the spec's validation text, 'not found', and so on. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** More keys of the answer beside statusCode and message (e.g. a 409's `findings`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const notFound = (message: string) => new AppError(404, message);
export const unsupported = (message: string) => new AppError(415, message);
export const tooLarge = (message: string) => new AppError(413, message);

export const GENERIC_ERROR = 'Something went wrong. Please try again later.';

/**
 * Node's codes of a connection that failed or was lost before any answer (refused, reset, timed out, name or
 * route not found): the database's outage check (decision 0051) and the file storage's retry read the same list.
 */
export const CONNECTION_LOST_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
