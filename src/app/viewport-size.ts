/**
 * The viewport's size, read once and again on each resize. Reading window.innerWidth or
 * innerHeight makes the browser lay out whatever changed first: read while a screen renders (a
 * chat's opening: its rows' width and how many to draw), that was a whole layout in the middle
 * of the render's task. The start-up (start/sequence.tsx) reads it before the first render,
 * while the page is still empty.
 */
let size: { width: number; height: number } | null = null;

export function viewportSize(): { width: number; height: number } {
  if (size) return size;
  const read = () => (size = { width: window.innerWidth, height: window.innerHeight });
  window.addEventListener('resize', read, { passive: true });
  return read();
}
