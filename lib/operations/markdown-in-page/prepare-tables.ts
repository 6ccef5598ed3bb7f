import { all, norm, rename } from "./dom";

/**
 * A layout table: declared one (role presentation or none), one holding a table, a code block or
 * a heading, or one row or one column.
 */
export function isLayout(table: HTMLTableElement): boolean {
  const role = (table.getAttribute("role") || "").toLowerCase();
  if (role === "presentation" || role === "none") return true;
  if (table.querySelector("table, pre, h1, h2, h3, h4, h5, h6")) return true;
  const rows = table.rows;
  let cols = 0;
  for (let i = 0; i < rows.length; i++) cols = Math.max(cols, rows[i].cells.length);
  return rows.length < 2 || cols < 2;
}

/** A layout table gives its caption's and cells' content, each in a <div>, in order. */
function unwrap(table: HTMLTableElement): void {
  const doc = table.ownerDocument;
  const box = doc.createElement("div");
  all(table, "caption, td, th").forEach((cell) => {
    const d = doc.createElement("div");
    while (cell.firstChild) d.appendChild(cell.firstChild);
    box.appendChild(d);
  });
  table.replaceWith(box);
}

/** A place of the grid: its cell, null where a cell spans it, undefined where nothing reaches. */
type Place = HTMLTableCellElement | null | undefined;

interface Grid {
  rows: HTMLTableRowElement[];
  places: Place[][];
}

/** The table's cells placed on a grid: a spanned place holds null. */
export function grid(table: HTMLTableElement): Grid {
  const rows = Array.from(table.rows);
  const places: Place[][] = [];
  rows.forEach((row, r) => {
    places[r] = places[r] || [];
    let c = 0;
    Array.from(row.cells).forEach((cell) => {
      while (places[r][c] !== undefined) c++;
      const across = Math.min(Math.max(cell.colSpan || 1, 1), 50);
      const down =
        cell.rowSpan === 0 ? rows.length - r : Math.min(Math.max(cell.rowSpan || 1, 1), rows.length - r);
      for (let dr = 0; dr < down; dr++) {
        places[r + dr] = places[r + dr] || [];
        for (let dc = 0; dc < across; dc++) places[r + dr][c + dc] = dr || dc ? null : cell;
      }
      c += across;
    });
  });
  return { rows, places };
}

/**
 * A data table as a regular grid (spans filled with empty cells) whose first row is its heading
 * row (an empty one when the table has none); its caption a paragraph above it.
 */
function regularTable(table: HTMLTableElement): void {
  const doc = table.ownerDocument;
  const g = grid(table);
  let width = 0;
  g.places.forEach((p) => {
    width = Math.max(width, p.length);
  });
  const first = g.rows[0];
  const headed =
    first &&
    (first.parentNode!.nodeName === "THEAD" || Array.from(first.cells).every((c) => c.nodeName === "TH"));
  const out = doc.createElement("table");
  const head = doc.createElement("thead");
  const body = doc.createElement("tbody");
  const row = (places: Place[] | null, tag: string): HTMLTableRowElement => {
    const tr = doc.createElement("tr");
    for (let c = 0; c < width; c++) {
      const cell = doc.createElement(tag);
      const from = places ? places[c] : null;
      if (from) while (from.firstChild) cell.appendChild(from.firstChild);
      tr.appendChild(cell);
    }
    return tr;
  };
  head.appendChild(row(headed ? g.places[0] : null, "th"));
  g.places.forEach((p, r) => {
    if (r || !headed) body.appendChild(row(p, "td"));
  });
  out.appendChild(head);
  out.appendChild(body);
  if (table.caption && norm(table.caption.textContent)) {
    const caption = rename(table.caption, "p");
    table.parentNode!.insertBefore(caption, table);
  }
  table.replaceWith(out);
}

/**
 * Each data table a regular grid whose first row is its heading row; layout tables give their
 * cells' content instead.
 */
export function prepareTables(root: Element): void {
  // Innermost first: a table inside a table makes the outer one layout.
  all<HTMLTableElement>(root, "table")
    .reverse()
    .forEach((t) => {
      if (root.contains(t)) {
        if (isLayout(t)) unwrap(t);
        else regularTable(t);
      }
    });
}
