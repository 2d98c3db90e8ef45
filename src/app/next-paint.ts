/** Runs `then` once the next frame has been painted: its animation frame, then the task after it. */
export function afterNextPaint(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(then, 0);
  requestAnimationFrame(() => setTimeout(then, 0));
}
