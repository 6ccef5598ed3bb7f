/**
 * Deadlines on calls into the browser (launch, new context, new page, clearing cookies). A browser
 * can wedge (a stuck GPU or network process, a renderer that takes its browser down with it, a
 * stopped process): every call then waits forever, while it holds a page slot. A call past its
 * deadline throws BrowserCallTimeout; the pool then stops sending work to that browser and opens
 * the visit on a fresh one (lib/page/browser-pool.ts).
 */
export class BrowserCallTimeout extends Error {
  constructor(what: string, ms: number) {
    super(`the browser did not ${what} within ${ms} ms`);
    this.name = "BrowserCallTimeout";
  }
}

/**
 * `work`, or BrowserCallTimeout after `ms`. What `work` yields after its deadline goes to `late`
 * (close the page or context nobody will use); a late failure is dropped.
 */
export async function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  what: string,
  late?: (value: T) => unknown,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new BrowserCallTimeout(what, ms));
    }, ms);
  });
  work.then(
    (value) => {
      if (timedOut) void Promise.resolve(late?.(value)).catch(() => undefined);
    },
    () => undefined,
  );
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
