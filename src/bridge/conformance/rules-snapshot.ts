import { agentPath } from '../../wire/agent-paths';
import { snapshotEtag } from '../../wire/epoch-rule';
import { count, type Rec } from '../../wire/read';
import { askProblems, paneStateProblems, snapshotShapeProblems } from './shape-snapshot';
import { asList, expectReply, expectWithin, fail, failOnProblems, needReady, needSnapshot, objectBody, rawPanes, skip, type CheckContext, type Rule } from './rule';

/** How many times the 304 rules try when the agent keeps changing between two reads. */
const ETAG_TRIES = 3;

/** A fresh snapshot read; the rules that compare tags need the tag of this very moment. */
async function readSnapshot(ctx: CheckContext): Promise<{ body: Rec; etag: string | undefined }> {
  const res = await ctx.call({ path: agentPath('snapshot') });
  expectReply(res, 200);
  const body = objectBody(res);
  const etag = typeof res.headers.etag === 'string' ? res.headers.etag : undefined;
  ctx.snapshot = body;
  ctx.etag = etag;
  expectWithin(res, 'snapshot');
  return { body, etag };
}

/** Reads a fresh tag, then asks again with `tagFor(tag)` in If-None-Match; an agent that changed meanwhile gets another try. */
async function expectNotModified(ctx: CheckContext, tagFor: (etag: string) => string): Promise<void> {
  needSnapshot(ctx);
  for (let attempt = 0; attempt < ETAG_TRIES; attempt += 1) {
    const { etag } = await readSnapshot(ctx);
    if (!etag) fail('the snapshot has no ETag');
    const res = await ctx.call({ path: agentPath('snapshot'), headers: { 'if-none-match': tagFor(etag) } });
    if (res.status === 200 && res.headers.etag !== etag) continue; // the agent changed between the reads
    expectReply(res, 304);
    if (res.raw.length > 0) fail(`the 304 carries a body of ${res.raw.length} bytes`);
    // The reader keeps the tag a 304 names: without it, it cannot tell which snapshot it still holds.
    const sameTag = res.headers.etag === etag || res.headers.etag === `W/${etag}`;
    if (!sameTag) fail(`the 304's ETag is ${res.headers.etag === undefined ? 'missing' : JSON.stringify(res.headers.etag)}, not the snapshot's ${etag}`);
    return;
  }
  skip(`the snapshot changed on each of ${ETAG_TRIES} tries`);
}

/** The layout and its open asks (WIRE.md §4–6). */
export const snapshotRules: Rule[] = [
  {
    name: 'snapshot: 200 JSON within 4 MiB',
    run: async (ctx) => {
      needReady(ctx);
      await readSnapshot(ctx);
    },
  },
  {
    name: 'snapshot: ETag is "<epoch>-<rev>" of the body',
    run: async (ctx) => {
      const snapshot = needSnapshot(ctx);
      if (ctx.etag === undefined) fail('no ETag header');
      const rev = count(snapshot.rev);
      if (typeof snapshot.epoch !== 'string' || rev === undefined) fail('the body has no epoch or rev to compare with');
      const expected = snapshotEtag(snapshot.epoch, rev);
      if (ctx.etag !== expected) fail(`ETag is ${ctx.etag}, the body says ${expected}`);
      if (ctx.hello?.epoch !== snapshot.epoch) fail(`the snapshot's epoch ${snapshot.epoch} is not hello's ${String(ctx.hello?.epoch)}`);
    },
  },
  {
    name: 'snapshot: 304 with no body for If-None-Match with the ETag',
    run: (ctx) => expectNotModified(ctx, (etag) => etag),
  },
  {
    name: 'snapshot: 304 for the weak W/ form of the ETag',
    run: (ctx) => expectNotModified(ctx, (etag) => (etag.startsWith('W/') ? etag : `W/${etag}`)),
  },
  {
    name: 'snapshot: shape, ids and limits',
    run: async (ctx) => failOnProblems(snapshotShapeProblems(needSnapshot(ctx))),
  },
  {
    name: 'snapshot: pane state is waiting exactly while asks are open',
    run: async (ctx) => failOnProblems(paneStateProblems(needSnapshot(ctx))),
  },
  {
    name: 'asks: id is the hash of pane and tool call, revision ≥ 1, kind limits',
    run: async (ctx) => {
      const panes = rawPanes(needSnapshot(ctx));
      const asks = panes.flatMap((pane) => asList(pane.asks).map((ask) => ({ paneId: String(pane.id), ask })));
      if (asks.length === 0) skip('no open ask to check');
      failOnProblems(asks.flatMap(({ paneId, ask }) => askProblems(paneId, ask)));
    },
  },
];
