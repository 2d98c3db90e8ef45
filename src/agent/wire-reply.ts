import type { Rec } from '../wire/read';
import type { WireErrorCode } from '../wire/types';
import type { Reply } from './request-memory';

export interface WireRequest {
  method: string;
  /** The path after `/session/v1`. */
  path: string;
  query: URLSearchParams;
  ifNoneMatch: string | undefined;
  /** The parsed JSON object body of a POST (an empty body reads as `{}`). */
  body: Rec;
}

export interface WireReply extends Reply {
  headers?: Record<string, string>;
}

/** An error reply: only a code of WIRE.md §2 (`WIRE_ERROR_CODES`), with that code's extra fields. */
export const wireError = (status: number, code: WireErrorCode, extra: Rec = {}): WireReply => ({ status, body: { code, ...extra } });
