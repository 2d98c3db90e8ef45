import en from '../../../locales/en.json';

/**
 * The worker's few sentences, from the app's English catalogue (keys in locales/en.json like every
 * other sentence). Not through `i18n.ts`: that module loads translations with dynamic imports and
 * signals, which a service worker's single file does not take; a notification is in English.
 */
type WorkerKey = 'app.title' | 'push.summary' | 'push.summaryOne' | 'push.askUntitled' | 'push.test' | 'push.unreadable';

export function swText(key: WorkerKey, params: Record<string, string | number> = {}): string {
  return en[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
