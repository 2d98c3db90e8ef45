/*
 * `@colliepwa/durable-sdk/acp`: any Agent Client Protocol agent (Claude Code, Codex, Gemini CLI,
 * OpenCode, Copilot, Qwen Code, Goose…) as a durable agent. The host starts the ACP agent as its
 * child and speaks the protocol to it directly: it needs no other package.
 */
export { openAcpAgent, type AcpAgent, type OpenAcpOptions } from './acp-host';
export { ACP_PROTOCOL_VERSION } from './acp-process';
