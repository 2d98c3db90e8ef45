import type { BridgeError, PhoneErrorCode } from '../../wire/phone-errors';

/**
 * A typed error the bridge's one error handler turns into `{ code, message }` JSON. The code is
 * one of `PHONE_ERROR_CODES`: the phone words each of them (`bridge-error-copy.ts`).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly code: PhoneErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The JSON body of an error reply (a 429's `retryAfter` beside it), for a reply sent without throwing. */
export function errorJson(code: PhoneErrorCode, message: string, more: Pick<BridgeError, 'retryAfter'> = {}): BridgeError {
  return { code, message, ...more };
}
