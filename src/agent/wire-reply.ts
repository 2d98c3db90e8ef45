import type { Rec } from '../wire/read';
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

export const wireError = (status: number, code: string, extra: Rec = {}): WireReply => ({ status, body: { code, ...extra } });
