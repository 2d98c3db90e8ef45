import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/**
 * This phone's paired device id (null before the bridge said it): a chat's answered lines say
 * "this phone" for its own answers and the other device's name for the rest. The app view provides it.
 */
export const ThisDevice = createContext<string | null>(null);

export const useThisDevice = () => useContext(ThisDevice);
