/** Why a service refused: a neutral reason that the HTTP layer (and only it) turns into a status. */
export type Reason =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-large'
  | 'unsupported'
  | 'unavailable';

export const STATUS_OF_REASON: Record<Reason, number> = {
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  unsupported: 415,
  unavailable: 503,
};

/** A refusal meant for the person: its message is shown as it is, beside a field when `fields` names one. */
export class ServiceError extends Error {
  constructor(
    readonly reason: Reason,
    message: string,
    readonly fields?: Record<string, string | undefined>,
    /** More for a program to act on, added to the JSON answer (the people a new one may already be). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS_OF_REASON[this.reason];
  }
}
