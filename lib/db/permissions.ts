import fs from "node:fs";
import path from "node:path";

/**
 * The data folder holds the embedded database, the session secret and the admin token: nobody but
 * the server's own user may read it. Folders become 0700 and files lose every group/other bit; run
 * at start so installs made before this rule (a 0755 `data/`, 0644 files) are fixed too. Files
 * created later inside a 0700 folder are out of other users' reach whatever their own mode.
 */
export function makePrivate(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir);
}

function tighten(target: string): void {
  const stat = fs.lstatSync(target, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return; // never follow a link out of the folder
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) fs.chmodSync(target, 0o700);
    for (const entry of fs.readdirSync(target)) tighten(path.join(target, entry));
  } else if (stat.mode & 0o077) {
    fs.chmodSync(target, stat.mode & 0o700);
  }
}

/** The project's own `data/` folder (default database, session secret), private if it exists. */
export function secureProjectDataDir(): void {
  const dir = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "data");
  if (fs.existsSync(dir)) makePrivate(dir);
}

/** Writes a file only its owner can read, replacing any older one atomically. */
export function writePrivateFile(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600); // mode is only applied when the file is created
  fs.renameSync(tmp, file);
}
