import { createMarkupMaker } from './markup-maker';
import { markupWorker } from './markup-worker-start';

/** The app's one maker of agent markup: the markup worker where the browser has workers, else this thread. */
export const markup = createMarkupMaker({
  startWorker: markupWorker,
  loadSanitizer: () => import('./sanitize-markup').then((m) => m.sanitize),
  loadAnswer: () => import('./answer-job').then((m) => m.answerJob),
});
