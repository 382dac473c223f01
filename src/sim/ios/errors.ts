// W3C WebDriver errors as WebDriverAgent answers them: the error code, its HTTP status, a message.

/** The W3C error codes WDA uses, with the HTTP status each answers with. */
export const W3C_STATUS = {
  'invalid argument': 400,
  'invalid selector': 400,
  'invalid element state': 400,
  'no such element': 404,
  'no such alert': 404,
  'stale element reference': 404,
  'invalid session id': 404,
  'unknown command': 404,
  'unknown method': 405,
  'session not created': 500,
  'unknown error': 500,
  'unsupported operation': 500,
  'element not interactable': 400,
  timeout: 408,
} as const;

export type W3cError = keyof typeof W3C_STATUS;

/** An error a WDA route answers with: `{"value": {"error", "message", "traceback"}}` and the code's HTTP status. */
export class WdaError extends Error {
  override name = 'WdaError';
  constructor(
    readonly error: W3cError,
    message: string,
  ) {
    super(message);
  }

  get status(): number {
    return W3C_STATUS[this.error];
  }
}
