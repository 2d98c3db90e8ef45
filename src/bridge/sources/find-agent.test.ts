import { describe, expect, it } from 'vitest';
import type { AgentHandle } from '../agent-handle';
import type { CrewActs } from '../crew/crew-acts';
import type { CrewViews } from '../crew/crew-views';
import { HttpError } from '../http/http-error';
import { findAgent } from './find-agent';

// Only what findAgent reads of each: the views and writes themselves run in the crew and phone tests.
const handle = { store: { name: 'desk' } } as AgentHandle;
const views = {
  find: (name: string) => (name === 'desk@laptop' ? { agent: 'desk' } : null),
  agentView: async () => ({ sources: [], render: () => 'member' }),
} as unknown as CrewViews;
const acts = {} as CrewActs;

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return err instanceof HttpError ? [err.status, err.code] : err;
  }
  return 'found';
};

describe('findAgent', () => {
  it("finds this bridge's own agent, and on a lead a member's by <agent>@<label>", async () => {
    const places = { agents: new Map([['desk', handle]]), crewViews: views, crewActs: acts };
    expect((await findAgent(places, 'desk').agentView()).key).toBe(JSON.stringify(['agent', 'desk']));
    const member = await findAgent(places, 'desk@laptop').agentView();
    expect([member.key, member.render()]).toEqual([JSON.stringify(['agent', 'desk@laptop']), 'member']);
  });

  it('a name no agent has, or a member name on a bridge that leads no crew, is a 404 no-such-agent', () => {
    expect(refusal(() => findAgent({ agents: new Map([['desk', handle]]), crewViews: views, crewActs: acts }, 'desk@phone'))).toEqual([404, 'no-such-agent']);
    expect(refusal(() => findAgent({ agents: new Map() }, 'desk@laptop'))).toEqual([404, 'no-such-agent']);
    expect(refusal(() => findAgent({ agents: new Map([['desk', handle]]) }, undefined))).toEqual([404, 'no-such-agent']);
  });
});
