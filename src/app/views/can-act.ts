import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/**
 * Whether this phone may act: false for a device paired to watch, which reads everything but
 * shows no composer, no card buttons, no belt and no manage controls (the bridge refuses its
 * writes too). Views ask `useCanAct()`; the app view provides it from the pairing store.
 */
export const CanAct = createContext(true);

export const useCanAct = () => useContext(CanAct);
