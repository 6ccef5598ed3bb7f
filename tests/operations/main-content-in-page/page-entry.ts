/**
 * The test bundle's entry (main-content-rules.test.ts): runs one of the extractor's markup steps
 * on an HTML fragment, in the page it is evaluated in, and returns what is left as text.
 */
import { removeQaControls } from "@/lib/operations/main-content-in-page/qa-controls";
import { norm } from "@/lib/operations/main-content-in-page/text";

export function qaControls(html: string): string {
  const doc = new DOMParser().parseFromString("<body>" + html + "</body>", "text/html");
  removeQaControls(doc.body);
  return norm(doc.body.textContent);
}
