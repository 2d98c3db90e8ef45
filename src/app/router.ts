import { signal, type ReadonlySignal } from '@preact/signals';
import { parseRoute, type Route } from './routes';

/** The current route as a signal, following `hashchange`; returns the cleanup too. */
export function createRouter(): { route: ReadonlySignal<Route>; start(): () => void } {
  const route = signal<Route>(parseRoute(location.hash));
  return {
    route,
    start() {
      const onChange = () => {
        route.value = parseRoute(location.hash);
      };
      window.addEventListener('hashchange', onChange);
      return () => window.removeEventListener('hashchange', onChange);
    },
  };
}
