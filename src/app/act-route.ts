import type { ActRequest } from '../wire/bridge-json';

/** Where an act goes and what its body holds: ids the path names are not repeated in the body. */
export interface ActRoute {
  path: string;
  body: Record<string, unknown>;
}

export function actRoute(request: ActRequest): ActRoute {
  const seg = encodeURIComponent;
  switch (request.act) {
    case 'send': {
      // The one route with no agent in its path (the send protocol's own), so the body names it.
      const { agent, paneId, requestId, text, turnId } = request;
      return { path: '/api/send', body: { agent, paneId, requestId, text, turnId } };
    }
    case 'steer': {
      const { requestId, text, turnId } = request;
      return { path: `/api/agents/${seg(request.agent)}/panes/${seg(request.paneId)}/steer`, body: { requestId, text, turnId } };
    }
    case 'stop': {
      const { requestId, turnId } = request;
      return { path: `/api/agents/${seg(request.agent)}/panes/${seg(request.paneId)}/stop`, body: { requestId, turnId } };
    }
    case 'action': {
      const { requestId, actionId, turnId } = request;
      return { path: `/api/agents/${seg(request.agent)}/panes/${seg(request.paneId)}/action`, body: { requestId, actionId, turnId } };
    }
    case 'starter':
      return { path: `/api/agents/${seg(request.agent)}/starters/${seg(request.starterId)}`, body: { requestId: request.requestId } };
    case 'rename': {
      const { requestId, target, id, title } = request;
      return { path: `/api/agents/${seg(request.agent)}/rename`, body: { requestId, target, id, title } };
    }
    case 'close': {
      const { requestId, target, id } = request;
      return { path: `/api/agents/${seg(request.agent)}/close`, body: { requestId, target, id } };
    }
    case 'reopen': {
      const { requestId, conversationId } = request;
      return { path: `/api/agents/${seg(request.agent)}/reopen`, body: { requestId, conversationId } };
    }
  }
}
