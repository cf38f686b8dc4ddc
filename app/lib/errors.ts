export type DomainStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 422 | 429 | 502 | 503;

/**
 * A rule said no: the status and Thai message travel to the API and the page alike. `headers`
 * go on the response (e.g. `Retry-After`); `body` adds fields to the JSON error (e.g. the push).
 */
export class DomainError extends Error {
  constructor(
    readonly status: DomainStatus,
    message: string,
    readonly fields?: Record<string, string>,
    readonly extra: { headers?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}
