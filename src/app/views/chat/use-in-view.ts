import { useSignal, type ReadonlySignal } from '@preact/signals';
import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

/** Whether any of the element is inside the viewport; true where the browser cannot tell. */
export function useInView(target: RefObject<HTMLElement | null>, present: boolean): ReadonlySignal<boolean> {
  const seen = useSignal(true);
  useEffect(() => {
    const element = target.current;
    if (!present || !element || typeof IntersectionObserver === 'undefined') return;
    const watch = new IntersectionObserver((changes) => {
      for (const change of changes) seen.value = change.isIntersecting;
    });
    watch.observe(element);
    return () => watch.disconnect();
  }, [target, present, seen]);
  return seen;
}
