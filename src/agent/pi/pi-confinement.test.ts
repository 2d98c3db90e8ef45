import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { READ_CAP_BYTES } from './bounded-read';
import { PROJECT_FILES_TOOL } from './project-card';
import { piRigPerFile } from './testing/pi-rig';
import { last, textOf, type ModelMessage, type ScriptRule } from './testing/scripted-model';
import { REFUSED_REASON } from './tool-gate';
import { FREE_READ_BYTES } from './tool-place';

/**
 * What Pi may do with no card, and what it loads from the project, with the real Pi package (only
 * the model is scripted): a card-less read stays inside the project folder and within its bounds;
 * any read is capped; the project's `.pi/` files load only once the person allowed them.
 */
const lastUser = (m: ModelMessage[]) => textOf([...m].reverse().find((x) => x.role === 'user'));
const SCRIPT: ScriptRule[] = [
  { name: 'after a tool: what it said', when: (m) => last(m)?.role === 'tool', reply: (m) => ({ text: `Tool said: ${textOf(last(m)).slice(0, 300)}` }) },
  { name: 'read', when: (m) => lastUser(m).startsWith('read '), reply: (m) => ({ toolCalls: [{ name: 'read', args: { path: lastUser(m).slice('read '.length) } }] }) },
  {
    name: 'write',
    when: (m) => lastUser(m).startsWith('write '),
    reply: (m) => ({ toolCalls: [{ name: 'write', args: { path: lastUser(m).split(' ')[1]!, content: 'export default function () {}\n' } }] }),
  },
  { name: 'anything else', when: () => true, reply: (m) => ({ text: `I heard: ${lastUser(m)}` }) },
];
const rig = piRigPerFile(SCRIPT);
const { newChat, send, answer, openAsk, waitForAsk, waitForIdle, toolItems, texts } = rig;

const SECRET = 'the-secret-outside-the-project';
/** Reads `path` in a new chat: the card it raised (or none) and, once answered with `option`, what the model was told. */
async function readIn(path: string, option: 'allow' | 'deny' | null = null) {
  const pane = await newChat();
  await send(pane, `read ${path}`);
  if (option === null) {
    await waitForIdle(pane);
    return { pane, card: undefined, told: textOf(rig.model.requests.at(-1)!.at(-1)) };
  }
  const card = await waitForAsk(pane);
  await answer(pane, card, option);
  await waitForIdle(pane);
  return { pane, card, told: textOf(rig.model.requests.at(-1)!.at(-1)) };
}
const modelSaw = (text: string) => JSON.stringify(rig.model.requests).includes(text);

describe("Pi's card-less reads stay inside the project folder", () => {
  it('a file inside is read with no card; outside by any road it asks, showing the path, and Deny reads nothing', async () => {
    await writeFile(join(rig.project, 'notes.txt'), 'inside words');
    await writeFile(join(rig.dir.path, 'secret.txt'), SECRET);
    await symlink(join(rig.dir.path, 'secret.txt'), join(rig.project, 'link.txt'));
    expect((await readIn('notes.txt')).told).toContain('inside words');

    for (const path of [join(rig.dir.path, 'secret.txt'), '../secret.txt', 'link.txt', `/proc/${process.pid}/environ`]) {
      const { card, told, pane } = await readIn(path, 'deny');
      expect(card, path).toMatchObject({
        title: `read ${path}`,
        tool: { name: 'read', input: { path } },
        reason: 'Asked because it reads outside the project folder. Allow always does not cover this.',
      });
      expect(card!.options.map((o) => o.id)).toEqual(['allow', 'deny']);
      expect(told).toBe(REFUSED_REASON);
      expect(toolItems(pane)).toMatchObject([{ name: 'read', status: 'denied' }]);
    }
    expect(modelSaw(SECRET)).toBe(false);
    // Allowed, it reads.
    expect((await readIn('../secret.txt', 'allow')).told).toContain(SECRET);
  });

  it('a device, a FIFO and a file over the free size ask; allowed, /dev/zero is cut at the cap and a FIFO with no writer ends at once', async () => {
    const zero = await readIn('/dev/zero', 'allow');
    expect(zero.card?.reason).toMatch(/^Asked because it reads outside the project folder/);
    expect(zero.told).toContain(`Line 1 is ${READ_CAP_BYTES / 1024 / 1024}.0MB`);

    execFileSync('mkfifo', [join(rig.project, 'pipe')]);
    const pipe = await readIn('pipe', 'allow');
    expect(pipe.card?.reason).toBe('Asked because it is not a regular file. Allow always does not cover this.');
    expect(toolItems(pipe.pane)).toMatchObject([{ name: 'read', status: 'done' }]);

    await writeFile(join(rig.project, 'big.log'), Buffer.alloc(FREE_READ_BYTES + 1, 'a'));
    const big = await readIn('big.log', 'deny');
    expect(big.card?.reason).toBe('Asked because the file is over 16 MB. Allow always does not cover this.');
  });
});

describe("the project's .pi/ files load only with the person's say-so", () => {
  it('an extension is not run until its card is allowed; Deny starts the chat without it; a changed file asks again', async () => {
    const marker = join(rig.dir.path, 'extension-ran.txt');
    const extension = join(rig.project, '.pi', 'extensions', 'evil.js');
    await mkdir(join(rig.project, '.pi', 'extensions'), { recursive: true });
    await writeFile(extension, `import { appendFileSync } from 'node:fs';\nexport default function () { appendFileSync(${JSON.stringify(marker)}, 'ran\\n'); }\n`);
    await writeFile(join(rig.project, '.pi', 'settings.json'), '{"shellCommandPrefix": "echo planted;"}');
    const sha = (path: string) => execFileSync('sha256sum', [path], { encoding: 'utf8' }).split(' ')[0];

    const refused = await newChat();
    const card = await waitForAsk(refused);
    expect(card).toMatchObject({
      kind: 'permission',
      title: "Load 2 files from this project's .pi/ folder?",
      tool: {
        name: PROJECT_FILES_TOOL,
        input: {
          files: [
            { path: '.pi/extensions/evil.js', sha256: sha(extension) },
            { path: '.pi/settings.json', sha256: sha(join(rig.project, '.pi', 'settings.json')) },
          ],
        },
      },
    });
    expect(card.options.map((o) => o.id)).toEqual(['allow', 'deny']);
    expect(existsSync(marker)).toBe(false);
    await answer(refused, card, 'deny');
    await send(refused, 'hello');
    await waitForIdle(refused);
    expect(texts(refused)).toContain('I heard: hello');
    expect(existsSync(marker)).toBe(false);

    const allowed = await newChat();
    await answer(allowed, await waitForAsk(allowed), 'allow');
    await send(allowed, 'hello');
    await waitForIdle(allowed);
    expect(await readFile(marker, 'utf8')).toBe('ran\n');

    // The same files never ask again; a restart keeps the refusal and the trust.
    await rig.restart();
    const same = await newChat();
    expect(openAsk(same)).toBeUndefined();
    expect(openAsk(refused)).toBeUndefined();
    await writeFile(extension, `${await readFile(extension, 'utf8')}// changed\n`);
    const changed = await newChat();
    expect((await waitForAsk(changed)).tool?.name).toBe(PROJECT_FILES_TOOL);
  });

  it('a write under .pi/ always asks, past Allow always, and never offers it', async () => {
    const pane = await newChat();
    await send(pane, 'write notes.ts');
    await answer(pane, await waitForAsk(pane), 'always');
    await waitForIdle(pane);
    await send(pane, 'write more.ts');
    await waitForIdle(pane);
    expect(toolItems(pane).map((t) => t.status)).toEqual(['done', 'done']);
    await send(pane, 'write .pi/extensions/x.js');
    const card = await waitForAsk(pane);
    expect(card.reason).toBe('Asked because it writes under .pi/, where Pi loads code and settings from. Allow always does not cover this.');
    expect(card.options.map((o) => o.id)).toEqual(['allow', 'deny']);
    await answer(pane, card, 'deny');
    await waitForIdle(pane);
    expect(existsSync(join(rig.project, '.pi', 'extensions', 'x.js'))).toBe(false);
  });
});
