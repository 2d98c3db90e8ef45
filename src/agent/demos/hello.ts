/**
 * The quick start's durable agent: one pane, one question, print the answer, exit.
 * With `repeat` (the bridge's --demo) it asks again after each answer instead of exiting.
 */
import { openCollie } from '../kit';

export async function runHello(socket: string, options: { repeat?: boolean } = {}): Promise<void> {
  const collie = await openCollie({ socket, hostName: 'hello', caps: { asks: true } });
  const pane = collie.workspace('hello', { title: 'Hello' }).tab('main', { title: 'Questions' }).pane('deploy', { title: 'Deploy', harness: 'hello' });
  collie.ready();
  console.log(`listening ${collie.address}`);
  const choices = [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ];
  for (let round = 1; ; round += 1) {
    const toolCallId = `deploy-${round}`;
    const answer = await pane.ask({ kind: 'choice', toolCallId, itemId: toolCallId, title: 'Deploy to staging?', options: choices });
    const choice = answer.optionIds[0];
    console.log(`answer: ${choice}`);
    if (!options.repeat) break;
    pane.item({ id: `reply-${round}`, kind: 'reply', text: choice === 'yes' ? 'Deploying to staging.' : 'Not deploying.' });
  }
  await collie.close();
}
