/**
 * The first layout that uses a face of a font (bold, italic, monospace…) loads it: 5 to 11 ms a
 * face on the two-core machine the benchmarks run on, and a chat's first draw, the longest task of
 * its opening, used to pay for all of them at once. While a chat's code and data are on their way
 * the page has nothing else to do: each face the chat draws with is laid out once then, unseen and
 * in a moment of its own, and the draw finds it loaded. (`.font-warm` in styles.css.)
 */
const FACES: readonly (readonly string[])[] = [
  ['b'], // bold: a reply's strong words, headings
  ['strong'], // semibold (600): names, labels, tool names
  ['i'], // italic: thinking, notices
  ['code'], // monospace: code, diffs
  ['strong', 'code'], // monospace semibold: a tool's name
];

/** Runs `task` when the page is idle (soon, at the latest), each in its own task. */
type Idle = (task: () => void) => void;
const browserIdle: Idle = (task) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task, 0));

export function warmFonts(idle: Idle = browserIdle, doc: Document | undefined = globalThis.document): void {
  if (!doc) return; // no page (the code imported in a test without one)
  for (const tags of FACES) {
    idle(() => {
      const probe = doc.createElement('span');
      probe.className = 'font-warm';
      probe.setAttribute('aria-hidden', 'true');
      let inner: HTMLElement = probe;
      for (const tag of tags) inner = inner.appendChild(doc.createElement(tag));
      inner.textContent = 'Aa';
      doc.body.append(probe);
      void probe.offsetWidth; // lays it out: the face loads now
      probe.remove();
    });
  }
}
