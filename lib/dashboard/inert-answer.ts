/**
 * The Playground's routes answer on the dashboard's own origin with results fetched from pages
 * anyone can write: an `html` result is the page's markup, `<script>`s included. The Playground reads
 * these answers with fetch(), which ignores all of the headers below; a browser *navigating* to one
 * (an admin following a link a key holder sent) must get a download, never a document that runs
 * with the admin's session. The status, the spec'd headers and the Content-Type stay as the pipeline
 * set them, so the Playground still shows the real answer.
 */
export function asInertDownload(answer: Response): Response {
  const headers = new Headers(answer.headers);
  headers.set("Content-Disposition", 'attachment; filename="result"');
  headers.set("Content-Security-Policy", "sandbox; default-src 'none'");
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}
