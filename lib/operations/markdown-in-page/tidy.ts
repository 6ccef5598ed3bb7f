/**
 * The Markdown's layout, tidied: no trailing spaces, no runs of blank lines, no break at the end
 * of a paragraph; a code block keeps its blank lines.
 */
export function tidyMarkdown(md: string): string {
  const out: string[] = [];
  let fence = "";
  md.split("\n").forEach((written, i, lines) => {
    let line = written.replace(/\s+$/, "");
    const mark = /^[\s>]*(`{3,})[^`]*$/.exec(line);
    if (fence) {
      if (mark && mark[1].length >= fence.length && line.replace(/^[\s>]*/, "") === mark[1]) fence = "";
      out.push(line);
      return;
    }
    if (mark) fence = mark[1];
    // A hard break ("\" at the end, an odd count) before a blank line ends nothing: it goes.
    const next = (lines[i + 1] || "").trim();
    if (!next && /(^|[^\\])(\\\\)*\\$/.test(line)) line = line.slice(0, -1).replace(/\s+$/, "");
    if (line === "\\") line = "";
    if (!line && (!out.length || out[out.length - 1] === "")) return;
    out.push(line);
  });
  return out.join("\n").trim();
}
