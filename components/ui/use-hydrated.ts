import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while rendering on the server and while hydrating, true once React owns the page. Forms
 * use it to stay inert until then: a server-rendered form submitted before hydration is sent by
 * the browser itself (a GET of the page without its fields), and a value set before it may be
 * reset by it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
