/**
 * Leaves the page with a full load after the session changed (sign-in, sign-out, a new account or
 * membership). A full load drops whatever the client router cached for the previous session, and
 * avoids `router.push()` + `router.refresh()`, which Next.js 16.2 can merge so that the push is lost
 * (vercel/next.js#95392): the sign-in then succeeded but the page stayed on /login.
 */
export function goTo(path: string): void {
  window.location.assign(path);
}
