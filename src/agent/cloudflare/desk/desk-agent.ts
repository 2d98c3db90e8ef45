/**
 * The hosted desk's code, the same on either host: one pane that opens with a permission
 * question waiting (the shell story: clean, build, test), and a reply to every text. The Worker
 * runs it in its Durable Object; the tests also run it on the Node kit to compare the two.
 */
import { SHELL_STORY } from '../../demos/desk-stories';
import { tellStory, type Pace } from '../../demos/story';
import type { Caps, KitApi, SendContext } from '../../kit-exports';

export const DESK_HOST = 'cloud desk';
export const DESK_CAPS: Partial<Caps> = { asks: true, send: true, abort: true, history: true };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** The tool runs long enough to be seen working. */
export const DESK_PACE: Pace = { toolMs: 1200, nextMs: 1800, wait: sleep };

function reply({ pane, text, requestId }: SendContext): void {
  pane.item({ id: `reply-${requestId}`, kind: 'reply', text: `You said: ${text}` });
}

export function startDesk(kit: KitApi, pace: Pace = DESK_PACE): void {
  const shell = kit.workspace('cloud', { title: 'Cloud' }).tab('desk', { title: 'Desk' }).pane('shell', { title: 'Shell', harness: 'desk' });
  kit.handle({ send: reply });
  // Told from where its items say it stands: a wake raises the waiting question again, the same card.
  void tellStory(shell, SHELL_STORY, pace).catch((err: unknown) => console.log(`[desk] the shell story stopped: ${String(err)}`));
  kit.ready();
}
