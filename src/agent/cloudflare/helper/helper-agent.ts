/**
 * An Agents SDK chat agent as a builder writes one, put on the phone by `withCollie`: a release
 * helper whose one tool, `publish_release`, needs the person's approval. Its model comes from any
 * OpenAI-compatible chat-completions endpoint (`OPENAI_BASE_URL`, `OPENAI_API_KEY`).
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { AIChatAgent } from '@cloudflare/ai-chat';
import { convertToModelMessages, stepCountIs, streamText, tool } from 'ai';
import { z } from 'zod';
import { withCollie } from '../agents/index';
import { PUBLISH_TOOL } from './publish-tool';

export interface HelperEnv {
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_MODEL?: string;
}

export const HELPER_HOST = 'release helper';

export class Helper extends withCollie(AIChatAgent<HelperEnv>, { hostName: HELPER_HOST, title: 'Release helper' }) {
  override async onChatMessage(_onFinish: unknown, options?: { abortSignal?: AbortSignal }) {
    const { OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL } = this.env;
    if (!OPENAI_BASE_URL) throw new Error('set OPENAI_BASE_URL to an OpenAI-compatible endpoint (…/v1)');
    const model = createOpenAICompatible({ name: 'openai-compatible', baseURL: OPENAI_BASE_URL, apiKey: OPENAI_API_KEY }).chatModel(OPENAI_MODEL ?? 'gpt-4o-mini');
    const result = streamText({
      model,
      system: 'You help publish releases. Publish one only with the publish_release tool.',
      messages: await convertToModelMessages(this.messages),
      tools: {
        [PUBLISH_TOOL]: tool({
          description: 'Publish a release of the project',
          inputSchema: z.object({ version: z.string().describe('The version to publish, such as 1.4.0') }),
          needsApproval: true,
          execute: async ({ version }) => {
            // Counted in storage: a test reads that an approved call ran exactly once.
            const published = ((await this.ctx.storage.get<number>('published')) ?? 0) + 1;
            await this.ctx.storage.put('published', published);
            return `Published ${version} (release number ${published} from this helper).`;
          },
        }),
      },
      stopWhen: stepCountIs(5),
      abortSignal: options?.abortSignal,
    });
    return result.toUIMessageStreamResponse();
  }
}
