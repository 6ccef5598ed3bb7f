/**
 * How the service starts Chromium: never as root, always with Chromium's own sandbox on.
 *
 * A renderer bug on a submitted page must not be code execution next to every customer's data.
 * So when the server runs as root, Chromium runs as an unprivileged system user (`ptd-browser`,
 * created by scripts/lib.sh) that cannot read data/ (0700, owned by the server's user); as that
 * user Chromium keeps its namespace + seccomp sandbox, which it refuses to do as root. When the
 * server itself is not root, Chromium runs as the same user, still sandboxed (see
 * docs/decisions.md: the data folder is then only protected by the sandbox).
 *
 * Both launchers (Playwright's pool, Lighthouse's port-mode browser) go through
 * scripts/chromium-sandboxed.sh, which hands the fresh profile folder to the browser user and
 * drops privileges with setpriv, and runs the browser's DevTools output pipe through
 * scripts/cdp-pipe-limit.mjs (no message a page made huge reaches the server whole). Chromium
 * gets a minimal environment: the server's secrets (database URL, API keys) are not passed on.
 */
import fs from "node:fs";
import path from "node:path";
import type { LaunchOptions } from "playwright-core";
import { config, type Config } from "@/lib/config";
import { CHROMIUM_ARGS } from "./config";

export const DEFAULT_BROWSER_USER = "ptd-browser";

/**
 * How a DevTools call fails when its answer was too big to let through: the error message
 * scripts/cdp-pipe-limit.mjs puts in place of the answer (the same words are written there).
 */
export const CDP_MESSAGE_OVER_LIMIT = "page-to-data: DevTools message over the size limit";

/** Did `error` come from an answer the pipe limit cut off? */
export function isCdpMessageOverLimit(error: unknown): boolean {
  return error instanceof Error && error.message.includes(CDP_MESSAGE_OVER_LIMIT);
}

export interface ChromiumLaunch {
  /** What to execute (the wrapper script). */
  executablePath: string;
  /** Extra arguments the sandbox settings need (only the explicit opt-out adds one). */
  args: string[];
  /** The complete environment of the browser process. */
  env: Record<string, string>;
  /** The user Chromium runs as; null = the server's own user. */
  user: string | null;
}

/** Does /etc/passwd know this user? (Node has no getpwnam.) */
export function systemUserExists(name: string): boolean {
  try {
    return fs
      .readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .some((line) => line.split(":")[0] === name);
  } catch {
    return false;
  }
}

function wrapperPath(c: Config): string {
  return (
    c.CHROMIUM_WRAPPER ||
    path.join(/*turbopackIgnore: true*/ process.cwd(), "scripts", "chromium-sandboxed.sh")
  );
}

/**
 * The launch recipe for `chromiumPath`. Throws (rather than falling back to root) when the server
 * runs as root and the browser user does not exist.
 */
export function chromiumLaunch(chromiumPath: string, c: Config = config()): ChromiumLaunch {
  const isRoot = process.getuid?.() === 0;
  const wanted = c.BROWSER_USER || DEFAULT_BROWSER_USER;
  if (isRoot && !systemUserExists(wanted)) {
    throw new Error(
      `Chromium will not run as root: create the system user '${wanted}' ` +
        `(scripts/lib.sh does: useradd --system ${wanted}) or set BROWSER_USER to another unprivileged user.`,
    );
  }
  const user = isRoot ? wanted : null;
  // The explicit opt-out, for containers whose runtime forbids user namespaces and is itself the
  // sandbox. Never the default, and refused as root (Chromium as root is exactly what we avoid).
  const optOut = c.CHROMIUM_SANDBOX === "off" && !isRoot;
  return {
    executablePath: wrapperPath(c),
    args: optOut ? ["--no-sandbox"] : [],
    env: {
      PATH: "/usr/local/bin:/usr/bin:/bin",
      LANG: c.LANG || "C.UTF-8",
      ...(c.TZ && { TZ: c.TZ }),
      ...(!user && c.HOME && { HOME: c.HOME }),
      PTD_CHROMIUM: chromiumPath,
      // The wrapper runs scripts/cdp-pipe-limit.mjs with it on the browser's output pipe.
      PTD_NODE: process.execPath,
      ...(user && { PTD_BROWSER_USER: user }),
    },
    user,
  };
}

/** Playwright launch options for the service's Chromium: unprivileged, sandboxed, `extraArgs` added. */
export function sandboxedLaunchOptions(
  chromiumPath: string,
  extraArgs: readonly string[] = [],
): LaunchOptions {
  const launch = chromiumLaunch(chromiumPath);
  return {
    executablePath: launch.executablePath,
    args: [...CHROMIUM_ARGS, ...launch.args, ...extraArgs],
    env: launch.env,
    headless: true,
    // Playwright adds --no-sandbox unless told otherwise.
    chromiumSandbox: true,
  };
}
