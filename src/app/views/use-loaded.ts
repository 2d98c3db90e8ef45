import { useEffect, useState } from 'preact/hooks';

/** A store that loads on first use, once loaded (null before). */
export function useLoaded<T>(load: () => Promise<T>): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((loaded) => live && setValue(() => loaded));
    return () => {
      live = false;
    };
  }, [load]);
  return value;
}
