import type { ReadonlySignal } from '@preact/signals';
import type { InstallStore } from '../install-store';
import type { AnswerIntent } from '../../stores/intents-store';
import { browserPushEnv } from './browser-push-env';
import { createPushApi, type PushApi } from './push-api';
import { createPushStore, type OpenAsks, type PushEnv, type PushStore } from './push-store';

/** The push store with the browser's push and the bridge's routes (or a test's); loaded after the first screen (see lazy-push-store.ts). */
export function makePushStore(
  install: Pick<InstallStore, 'insecure' | 'iosByHand'>,
  inbox: ReadonlySignal<OpenAsks | null>,
  adopt: (intent: AnswerIntent) => void,
  api?: PushApi,
  env?: PushEnv,
): PushStore {
  return createPushStore(api ?? createPushApi(), install, env ?? browserPushEnv, inbox, undefined, adopt);
}
