/**
 * A one-line spinner on stderr while a job runs, only when stderr is a terminal: piped or logged
 * output stays clean, and stdout (the result) is never touched.
 */
const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export interface Progress {
  update(text: string): void;
  stop(): void;
}

export function startProgress(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update() {}, stop() {} };
  const started = Date.now();
  let text = label;
  let frame = 0;
  const draw = () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    stream.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} ${text} (${seconds}s)`);
  };
  const timer = setInterval(draw, 100);
  draw();
  return {
    update(next) {
      text = next;
    },
    stop() {
      clearInterval(timer);
      stream.write("\r\x1b[2K");
    },
  };
}

/** A 20-cell bar for `done` of `total`: [██████░░░░░░░░░░░░░░]. */
export function progressBar(done: number, total: number, width = 20): string {
  const filled = total > 0 ? Math.min(width, Math.round((done / total) * width)) : 0;
  return `[${"█".repeat(filled)}${"░".repeat(width - filled)}]`;
}
