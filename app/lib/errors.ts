/** A rule said no: the status and Thai message travel to the API and the page alike. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}
