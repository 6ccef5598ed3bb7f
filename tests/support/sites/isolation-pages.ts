/**
 * Pages for the isolation tests (browser state between organizations, bounded memory, hung
 * renderers), served by both the page-engine test sites and the API tests' local site.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

const send = (res: ServerResponse, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers });
  res.end(body);
};

/** What the page's own script sees in document.cookie, written into the DOM. */
const SHOW_DOCUMENT_COOKIE = `<p id="js-cookie"></p><script>
  document.getElementById("js-cookie").textContent = "js-cookie=[" + document.cookie + "]";
</script>`;

export const ISOLATION_PAGES: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  // "Logging in": the response sets a session cookie; the page shows that the browser kept it.
  "/login-link": (_req, res) =>
    send(
      res,
      `<!doctype html><html><head><title>Logged in</title></head><body><h1>Welcome back</h1>${SHOW_DOCUMENT_COOKIE}</body></html>`,
      { "set-cookie": "session=org-a-secret-session; Path=/; Max-Age=3600" },
    ),
  // What a visitor is served: the Cookie header the server received, and what scripts see.
  "/account": (req, res) =>
    send(
      res,
      `<!doctype html><html><head><title>Account</title></head><body><h1>Account</h1>
       <p id="server-cookie">server-cookie=[${(req.headers.cookie ?? "").replace(/[<>&]/g, "")}]</p>
       ${SHOW_DOCUMENT_COOKIE}</body></html>`,
    ),
  // A page whose scripts keep working after it loaded: a timer that would navigate elsewhere and
  // a beacon loop. Once its visit is over, neither may touch the page's next visit.
  "/leaves-later": (_req, res) =>
    send(
      res,
      `<!doctype html><html><head><title>Leaves later</title></head><body><h1>Leaves later</h1><script>
        setInterval(() => fetch("/still-running").catch(() => {}), 100);
        setTimeout(() => { location.href = "/hijacked"; }, 2000);
      </script></body></html>`,
    ),
  // A page that sets a cookie on its response and then, from a script, again and again: after
  // its visit has ended, none of them may reach the organization's next visit.
  "/keeps-setting-cookies": (_req, res) =>
    send(
      res,
      `<!doctype html><html><head><title>Cookie jar</title></head><body><h1>Cookie jar</h1><script>
        setInterval(() => { document.cookie = "late=" + Date.now() + "; Path=/; Max-Age=3600"; }, 1);
      </script></body></html>`,
      { "set-cookie": "served=yes; Path=/; Max-Age=3600" },
    ),
  // A page that, as it is left, sends a keepalive request and a beacon whose answers (3 s later)
  // set cookies: they must not reach the organization's later visits either.
  "/beacon-on-leave": (_req, res) =>
    send(
      res,
      `<!doctype html><html><head><title>Beacon</title></head><body><h1>Beacon</h1><script>
        addEventListener("pagehide", () => {
          fetch("/set-cookie-later?k=keepalive", { method: "POST", keepalive: true }).catch(() => {});
          navigator.sendBeacon("/set-cookie-later?k=beacon", "bye");
        });
      </script></body></html>`,
    ),
  "/set-cookie-later": (req, res) => {
    const k = new URL(req.url ?? "/", "http://x").searchParams.get("k") ?? "x";
    setTimeout(() => {
      res.writeHead(200, { "content-type": "text/plain", "set-cookie": `${k}=late; Path=/; Max-Age=3600` });
      res.end("ok");
    }, 3_000);
  },
  // A page that keeps a visit open for a while (another visit of the same organization in flight).
  "/open-a-while": (_req, res) =>
    send(
      res,
      `<!doctype html><html><head><title>Busy</title></head><body><p id="out">pending</p><script>
        fetch("/slow-answer").then(r => r.text()).then(t => { document.getElementById("out").textContent = t; });
      </script></body></html>`,
    ),
  "/slow-answer": (_req, res) => {
    setTimeout(() => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("answered");
    }, 1_500);
  },
  // A small document whose script builds a DOM of ?mb= megabytes of text after it loads.
  "/huge-dom": (req, res) => {
    const mb = Number(new URL(req.url ?? "/", "http://x").searchParams.get("mb") ?? "60");
    send(
      res,
      `<!doctype html><html><head><title>Huge</title></head><body><p>growing</p><script>
        const chunk = "x".repeat(1024 * 1024);
        const holder = document.createElement("div");
        holder.hidden = true; // layout is not what this page is about
        for (let i = 0; i < ${mb}; i++) { const p = document.createElement("p"); p.textContent = chunk; holder.appendChild(p); }
        document.body.appendChild(holder);
      </script></body></html>`,
    );
  },
  // A page that lies to any size check made with its own objects (issue 27): the doctype
  // serializes to an object that reports length 0 and turns into a ?mb= MB string, the root's
  // outerHTML claims to be tiny, document.contentType claims HTML —
  // while its real DOM holds ?mb= MB of text.
  "/lying-dom": (req, res) => {
    const mb = Number(new URL(req.url ?? "/", "http://x").searchParams.get("mb") ?? "200");
    send(
      res,
      `<!doctype html><html><head><title>Lying</title></head><body><p>lying</p><script>
        const chunk = "y".repeat(1024 * 1024);
        const holder = document.createElement("div");
        holder.hidden = true;
        for (let i = 0; i < ${mb}; i++) { const p = document.createElement("p"); p.textContent = chunk; holder.appendChild(p); }
        document.body.appendChild(holder);
        let big = null;
        const huge = { length: 0, toString() { return (big ??= chunk.repeat(${mb})); } };
        huge[Symbol.toPrimitive] = () => huge.toString();
        XMLSerializer.prototype.serializeToString = function () { return huge; };
        Object.defineProperty(Element.prototype, "outerHTML", { get() { return "<html></html>"; } });
        Object.defineProperty(Document.prototype, "contentType", { get() { return "text/html"; } });
        Object.defineProperty(document, "contentType", { get() { return "text/html"; } });
      </script></body></html>`,
    );
  },
  // ?mb= MB sent to DevTools through a channel no init script of ours clips (issue 27), chosen by
  // ?via=: `console` (a console made by console.context(), which the wrappers do not cover),
  // `binding` (the cookie-banner script's binding, on visits that block banners) or `eval` (that
  // binding asking us to evaluate code with a huge value, which we would then read back). Then one
  // small error from a fresh iframe's realm.
  "/devtools-flood": (req, res) => {
    const q = new URL(req.url ?? "/", "http://x").searchParams;
    const mb = Number(q.get("mb") ?? "100");
    const via = q.get("via");
    const flood =
      via === "binding"
        ? `if (typeof window.autoconsentSendMessage === "function") window.autoconsentSendMessage({ type: huge });`
        : via === "eval"
          ? // Asks the banner script's handler to evaluate code whose value is ?mb= MB, ten times.
            `if (typeof window.autoconsentSendMessage === "function")
               for (let i = 0; i < 10; i++) window.autoconsentSendMessage({ type: "eval", id: "e" + i, code: "'z'.repeat(${mb} * 1024 * 1024)" });`
          : `console.context("flood").error(huge);`;
    send(
      res,
      `<!doctype html><html><head><title>Flood</title></head><body><p>flooding</p><script>
        const huge = "z".repeat(${mb} * 1024 * 1024);
        ${flood}
        const frame = document.createElement("iframe");
        document.body.appendChild(frame);
        frames[0].console.error("small after the flood");
      </script></body></html>`,
    );
  },
  // A ?w= × ?h= canvas of random opaque pixels: its PNG cannot be compressed (~3 bytes a pixel).
  "/noise-canvas": (req, res) => {
    const q = new URL(req.url ?? "/", "http://x").searchParams;
    const [w, h] = [Number(q.get("w") ?? "1280"), Number(q.get("h") ?? "10000")];
    send(
      res,
      `<!doctype html><html><head><title>Noise</title><style>body { margin: 0 } canvas { display: block }</style></head>
      <body><canvas id="c" width="${w}" height="${h}"></canvas><script>
        const ctx = document.getElementById("c").getContext("2d");
        const img = ctx.createImageData(${w}, ${h});
        for (let i = 0; i < img.data.length; i += 65536) crypto.getRandomValues(img.data.subarray(i, i + 65536));
        for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
        ctx.putImageData(img, 0, 0);
      </script></body></html>`,
    );
  },
  // An XML document (no Content-Type: Chromium sniffs it as XML) whose script claims it is HTML.
  "/lying-type": (_req, res) => {
    res.writeHead(200);
    res.end(`<?xml version="1.0"?><feed xmlns:h="http://www.w3.org/1999/xhtml"><entry>not a page</entry>
      <h:script>Object.defineProperty(document, "contentType", { get() { return "text/html"; } });</h:script></feed>`);
  },
  // A document whose script hangs the renderer after load: every later evaluate waits forever.
  "/busy-loop": (_req, res) =>
    send(
      res,
      `<!doctype html><html><head><title>Spinning</title></head><body><p>spinning</p><script>
        window.addEventListener("load", () => { for (;;) {} });
      </script></body></html>`,
    ),
};
