/**
 * The one place that reaches inside `AIChatAgent`. The SDK takes a tool approval only over its own
 * WebSocket (`cf_agent_tool_approval`, the browser's `addToolApprovalResponse`); its handler makes
 * these two calls, and so does this, so a phone's answer lands exactly as a browser's would. They
 * are internal names (checked with @cloudflare/ai-chat 0.12.2, which the examples pin): a release
 * without them fails here, loudly, never by approving the wrong way.
 */
interface ApprovalInternals {
  _enqueueInteractionApply(apply: () => Promise<boolean>): Promise<boolean>;
  _applyToolApproval(toolCallId: string, approved: boolean): Promise<boolean>;
}

/** Answers one waiting approval; false when the call no longer waits (answered elsewhere). */
export function applyApproval(agent: object, toolCallId: string, approved: boolean): Promise<boolean> {
  const inner = agent as Partial<ApprovalInternals>;
  const { _enqueueInteractionApply: enqueue, _applyToolApproval: apply } = inner;
  if (typeof enqueue !== 'function' || typeof apply !== 'function') {
    throw new Error('this @cloudflare/ai-chat takes no tool approval the way 0.12.2 does (_applyToolApproval): pin @cloudflare/ai-chat 0.12.2');
  }
  return enqueue.call(agent, () => apply.call(agent, toolCallId, approved));
}
