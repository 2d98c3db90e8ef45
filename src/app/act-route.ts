import type { ActRequest } from '../wire/bridge-json';
import { pathOf } from '../wire/phone-routes';

/** Where an act goes and what its body holds: ids the path names are not repeated in the body. */
export interface ActRoute {
  path: string;
  body: Record<string, unknown>;
}

export function actRoute(request: ActRequest): ActRoute {
  switch (request.act) {
    case 'send': {
      // The one route with no agent in its path (the send protocol's own), so the body names it.
      const { agent, paneId, requestId, text, turnId } = request;
      return { path: pathOf('send', {}), body: { agent, paneId, requestId, text, turnId } };
    }
    case 'steer': {
      const { requestId, text, turnId } = request;
      return { path: pathOf('steer', request), body: { requestId, text, turnId } };
    }
    case 'stop': {
      const { requestId, turnId } = request;
      return { path: pathOf('stop', request), body: { requestId, turnId } };
    }
    case 'action': {
      const { requestId, actionId, turnId } = request;
      return { path: pathOf('action', request), body: { requestId, actionId, turnId } };
    }
    case 'starter':
      return { path: pathOf('starter', request), body: { requestId: request.requestId } };
    case 'rename': {
      const { requestId, target, id, title } = request;
      return { path: pathOf('rename', request), body: { requestId, target, id, title } };
    }
    case 'close': {
      const { requestId, target, id } = request;
      return { path: pathOf('close', request), body: { requestId, target, id } };
    }
    case 'reopen': {
      const { requestId, conversationId } = request;
      return { path: pathOf('reopen', request), body: { requestId, conversationId } };
    }
  }
}
