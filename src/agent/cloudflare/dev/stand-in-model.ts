/**
 * The release helper's stand-in model: a scripted OpenAI-compatible chat-completions server on
 * 127.0.0.1, so a person without an account (and every test) runs the Agents SDK example for real
 * with only the model scripted. "publish 1.4.0" makes it call `publish_release`; a tool's answer
 * it repeats; anything else it echoes.
 */
import { PUBLISH_TOOL } from '../helper/publish-tool';
import { last, startScriptedModel, textOf, type ScriptedModel } from '../../pi/testing/scripted-model';

/** "publish 1.4.0" (or "publish v1.4.0"): the version is the tool's input. */
const PUBLISH = /\bpublish\s+v?(\d[\w.-]*)/i;

export function startStandInModel(): Promise<ScriptedModel> {
  return startScriptedModel([
    {
      name: 'a tool answered: say what it said',
      when: (messages) => last(messages)?.role === 'tool',
      reply: (messages) => ({ text: `The tool answered: ${textOf(last(messages))}` }),
    },
    {
      name: 'publish a version: call the tool',
      when: (messages) => last(messages)?.role === 'user' && PUBLISH.test(textOf(last(messages))),
      reply: (messages) => ({ toolCalls: [{ name: PUBLISH_TOOL, args: { version: PUBLISH.exec(textOf(last(messages)))![1] } }] }),
    },
    {
      name: 'anything else: echo it',
      when: () => true,
      reply: (messages) => ({ text: `You said: ${textOf(last(messages))}. Say "publish 1.4.0" and approve it on your phone.` }),
    },
  ]);
}
