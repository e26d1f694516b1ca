import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False while React hydrates the server's HTML (and on the server), true from the first render after it.
 *
 * For a part whose query is not read on the server yet shares its key with another part that may fetch it first: on a
 * slow device, opening the date picker (which reads the sync status) before the Overview's sync panel has hydrated put
 * the answer in the cache, the panel then hydrated with a table the server never rendered, and React threw its
 * hydration error (#418) and re-rendered the page from scratch. Such a part shows what the server showed until this
 * is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
