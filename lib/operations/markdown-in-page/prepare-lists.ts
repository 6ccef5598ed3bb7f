import { all } from "./dom";

/** A list written straight inside a list (as visual editors do) belongs to the item before it. */
export function nestLists(root: Element): void {
  all(root, "ul > ul, ul > ol, ol > ul, ol > ol").forEach((list) => {
    let item = list.previousElementSibling;
    if (!item || item.nodeName !== "LI") {
      item = list.ownerDocument.createElement("li");
      list.replaceWith(item);
    }
    item.appendChild(list);
  });
}
