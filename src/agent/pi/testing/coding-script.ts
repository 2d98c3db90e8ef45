/**
 * Test helper: the scripted model's side of the conversations the Pi tests hold, one rule per
 * step. The model decides nothing: each reply is chosen by what the conversation holds so far.
 */
import { last, textOf, type ModelMessage, type ScriptRule } from './scripted-model';

/** The file a test waits for before the long job's first step ends (so a steer lands while it runs). */
export const GO_FILE = 'go.flag';
export const SAY = {
  write: 'create hello.txt saying hi',
  long: 'run the long job',
  think: 'think first',
  fail: 'make the model fail',
  big: 'write a big file',
} as const;
export const BIG_BYTES = 1.5 * 1024 * 1024;
/** The long job's first step: it waits for the go file, a minute at most (a test that never writes it leaves no process behind for long). */
export const LONG_JOB = `for i in $(seq 1200); do [ -f ${GO_FILE} ] && break; sleep 0.05; done; echo step one done`;

const lastUser = (messages: ModelMessage[]) => textOf([...messages].reverse().find((m) => m.role === 'user'));
const isTool = (m: ModelMessage | undefined) => m?.role === 'tool';
/** The tool the model called last, by name. */
const lastCall = (messages: ModelMessage[]) => [...messages].reverse().find((m) => m.tool_calls?.length)?.tool_calls?.[0]?.function.name;

export const CODING_SCRIPT: ScriptRule[] = [
  {
    name: 'a steer that came in while a tool ran is read, and the job goes on',
    when: (m) => last(m)?.role === 'user' && isTool(m[m.length - 2]),
    reply: (m) => ({ text: `Steered: ${textOf(last(m))}`, toolCalls: [{ name: 'bash', args: { command: 'sleep 60 && echo never' } }] }),
  },
  {
    name: 'after the write: what happened, in words',
    when: (m) => isTool(last(m)) && lastCall(m) === 'write',
    reply: (m) => ({ text: /refused/i.test(textOf(last(m))) ? 'You refused, so I did not create hello.txt.' : 'Created hello.txt.' }),
  },
  {
    name: 'after a bash step',
    when: (m) => isTool(last(m)) && lastCall(m) === 'bash',
    reply: (m) => ({ text: `The command said: ${textOf(last(m)).trim().slice(0, 200)}` }),
  },
  {
    name: 'write hello.txt',
    when: (m) => last(m)?.role === 'user' && lastUser(m).includes(SAY.write),
    reply: () => ({ text: "I'll create hello.txt.", toolCalls: [{ name: 'write', args: { path: 'hello.txt', content: 'hi' } }] }),
  },
  {
    name: 'the long job: its first step waits for the go file',
    when: (m) => last(m)?.role === 'user' && lastUser(m).includes(SAY.long),
    reply: () => ({ text: 'Starting the long job.', toolCalls: [{ name: 'bash', args: { command: LONG_JOB } }] }),
  },
  { name: 'think', when: (m) => lastUser(m).includes(SAY.think), reply: () => ({ thinking: 'The person wants me to think first.', text: 'Thought it through.' }) },
  { name: 'fail', when: (m) => lastUser(m).includes(SAY.fail), reply: () => ({ status: 500, errorMessage: 'scripted outage' }) },
  {
    name: 'big',
    when: (m) => last(m)?.role === 'user' && lastUser(m).includes(SAY.big),
    reply: () => ({ toolCalls: [{ name: 'write', args: { path: 'big.txt', content: 'x'.repeat(BIG_BYTES) } }] }),
  },
  { name: 'anything else', when: () => true, reply: (m) => ({ text: `I heard: ${lastUser(m)}` }) },
];

/** What the person says for the model to have bash run `command` (a tool answering its own agent's card). */
export const SELF_ANSWER = 'approve the write yourself';

export function selfAnswerRule(command: string): ScriptRule {
  return {
    name: 'bash tries to answer its own card',
    when: (m) => last(m)?.role === 'user' && lastUser(m).includes(SELF_ANSWER),
    reply: () => ({ toolCalls: [{ name: 'bash', args: { command } }] }),
  };
}
