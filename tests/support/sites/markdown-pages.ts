/**
 * Pages for the Markdown fidelity tests (tests/operations/markdown.test.ts), shaped as real pages
 * print them: an encyclopedia table, a tutorial with highlighted code (Prism, highlight.js,
 * GitHub, Pygments/Sphinx, per-line highlighters), nested lists, and an article with relative
 * links, lazy images, a linked image, icons and tracking pixels. Each is an article long enough
 * for the main-content extractor to take it as one, under site chrome it must drop.
 */
import type { ServerResponse } from "node:http";
import type { Handler } from "./pages";

/** 1×1 transparent GIF: what a tracking pixel serves. */
const GIF_1X1 = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
/** The 1×1 placeholder lazy-loading scripts put in `src` until the real image is in view. */
const PLACEHOLDER = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

const prose = (topic: string, n = 3) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i + 1} on ${topic}: it runs long enough to read as the body of an article, with a clause or two more, so that an extractor weighs it as content and not as furniture.</p>`,
  ).join("\n");

const page = (title: string, body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Field Notes</title>${head}
<style>.token-line, .ec-line { display: block } .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden }</style>
</head><body>
<header><nav><ul><li><a href="/">Home</a></li><li><a href="/topics">Topics</a></li><li><a href="/about">About us</a></li></ul></nav></header>
<main><article><h1>${title}</h1>
${body}
</article></main>
<footer><p><a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></p></footer>
</body></html>`;

const TABLE = page(
  "Moons of the outer planets",
  `${prose("the outer planets")}
<table class="wikitable sortable">
<caption>Known moons by planet</caption>
<thead>
<tr><th rowspan="2">Planet</th><th colspan="2">Moons</th></tr>
<tr><th>Named</th><th>Total</th></tr>
</thead>
<tbody>
<tr><td><a href="/wiki/Jupiter">Jupiter</a></td><td>57</td><td>95</td></tr>
<tr><td>Saturn</td><td>63</td><td><p>146</p><p>as of 2023</p></td></tr>
<tr><td>Uranus | Neptune</td><td colspan="2">counted separately</td></tr>
</tbody>
</table>
<table role="presentation" class="layout"><tr><td><p>A layout table holds this note beside the photograph, as old page templates did.</p></td><td><p>Its second column is prose as well, and no reader would call it data.</p></td></tr></table>
${prose("the table's sources", 2)}`,
);

const PY = `<span class="token keyword">def</span> <span class="token function">greet</span><span class="token punctuation">(</span>name<span class="token punctuation">)</span><span class="token punctuation">:</span>
    <span class="token keyword">return</span> <span class="token string-interpolation"><span class="token string">f"Hello, {name}"</span></span>`;

const CODE = page(
  "Greeting in five languages",
  `${prose("greetings")}
<p>Call <code>greet()</code> with a name; a backtick in a span reads <code>\`x\`</code>, and <code>snake_case_name</code> stays as written, as do file_name_utils and __init__ in prose.</p>
<pre class="language-python" tabindex="0"><code class="language-python">${PY}</code></pre>
<div class="highlight highlight-source-js notranslate position-relative overflow-auto" dir="auto"><pre><span class="pl-k">const</span> <span class="pl-s1">total</span> <span class="pl-c1">=</span> <span class="pl-s1">items</span><span class="pl-kos">.</span><span class="pl-en">reduce</span><span class="pl-kos">(</span><span class="pl-kos">(</span><span class="pl-s1">a</span><span class="pl-kos">,</span> <span class="pl-s1">b</span><span class="pl-kos">)</span> <span class="pl-c1">=&gt;</span> <span class="pl-s1">a</span> <span class="pl-c1">+</span> <span class="pl-s1">b</span><span class="pl-kos">,</span> <span class="pl-c1">0</span><span class="pl-kos">)</span><span class="pl-kos">;</span>
<span class="pl-smi">console</span><span class="pl-kos">.</span><span class="pl-en">log</span><span class="pl-kos">(</span><span class="pl-s1">total</span><span class="pl-kos">)</span><span class="pl-kos">;</span></pre></div>
<div class="highlight-rust notranslate"><div class="highlight"><pre><span></span><span class="k">fn</span><span class="w"> </span><span class="nf">main</span><span class="p">()</span><span class="w"> </span><span class="p">{</span>
<span class="w">    </span><span class="fm">println!</span><span class="p">(</span><span class="s">"hello"</span><span class="p">);</span>
<span class="p">}</span></pre></div></div>
<pre><code class="hljs bash">npm install --save left-pad</code></pre>
<pre data-lang="go"><code>fmt.Println("hi")</code></pre>
<pre class="prism-code language-tsx"><code><span class="token-line"><span class="token keyword">const</span> a <span class="token operator">=</span> <span class="token number">1</span><span class="token punctuation">;</span><br></span><span class="token-line"><span class="token keyword">const</span> b <span class="token operator">=</span> <span class="token number">2</span><span class="token punctuation">;</span><br></span></code></pre>
<pre class="lang-sql">SELECT name<br>FROM users<br>WHERE id = 1;</pre>
<figure class="expressive-code"><pre data-language="css"><code><div class="ec-line"><div class="code">body { margin: 0; }</div></div><div class="ec-line"><div class="code">p { color: red; }</div></div></code></pre></figure>
<pre class="language-markdown"><code>Fence a block like this:
\`\`\`js
let x = 1;
\`\`\`</code></pre>
${prose("running the samples", 2)}`,
);

const LISTS = page(
  "Sorting the pantry",
  `${prose("the pantry")}
<ul>
<li>Fruit
<ul>
<li>Apples
<ol><li>Bramley</li><li>Cox</li></ol>
</li>
<li>Pears</li>
</ul>
</li>
<li>Vegetables</li>
</ul>
<ol start="9">
<li>Ninth shelf</li>
<li>Tenth shelf
<ul><li>Spices on the tenth shelf</li></ul>
</li>
</ol>
<p>Tools, listed the way a visual editor nests them:</p>
<ul><li>Knives</li><ul><li>Paring knife</li><ul><li>Carbon steel</li></ul></ul><li>Boards</li></ul>
${prose("labels", 2)}`,
);

const IMAGES_BODY = `${prose("the river")}
<p>Read the <a href="../docs/start.html">getting started guide</a>, the <a href="?page=2">next page</a>, <a href="//cdn.site.test/notes.pdf">the notes</a> or <a href="javascript:void(0)">show more</a>. <a href="/files/report.pdf"><img src="/static/icon-pdf.svg" alt="PDF" width="16" height="16"> Download the report</a>.<a href="/share"></a><a href="/social/x"><i class="icon-x"></i></a><a href="/ad-click"><img src="https://pixel.tracker.test/p.gif?id=42" width="1" height="1" alt=""></a></p>
<figure><img src="img/river.jpg" alt="The river at dawn" width="800" height="600"><figcaption>The river at dawn, from the old bridge.</figcaption></figure>
<p><img src="${PLACEHOLDER}" data-src="img/heron.jpg" class="lazyload" alt="A heron on the bank"></p>
<p><span style="display:block;position:relative;padding-top:56%"><img alt="The towpath in autumn" src="img/towpath.jpg" decoding="async" data-nimg="responsive" style="position:absolute;inset:0;width:0;height:0;min-width:100%;max-width:100%;min-height:100%;max-height:100%"></span></p>
<p><img srcset="img/weir-400.jpg 400w, img/weir-1200.jpg 1200w, img/weir-800.jpg 800w" sizes="100vw" alt="The weir in flood"></p>
<p><a href="img/full/mill.jpg"><img src="img/thumb/mill.jpg" alt="The mill, thumbnail" width="320" height="200"></a></p>
<p><a href="img/full/lock.jpg"><img class="lazyload" src="${PLACEHOLDER}" data-src="img/lock.jpg" alt="The lock gates"></a><noscript><img src="img/lock.jpg" alt="The lock gates"></noscript></p>
<p><img src="/markdown/beacon.gif" style="width:1px;height:1px" alt=""><img alt="An image with no source"> Photographs by the author <img class="emoji" src="https://s.w.org/images/core/emoji/15.0.3/72x72/1f600.png" alt="😀" draggable="false" role="img"> with thanks. <img class="avatar avatar-48 photo" src="https://secure.gravatar.com/avatar/0a1b2c?s=48&amp;d=mm" width="48" height="48" alt="Ana Reyes"> Ana Reyes lent the camera.</p>
${prose("the river's wildlife", 2)}`;

const IMAGES = page("Along the river", IMAGES_BODY);
const BASE = page("Along the river", IMAGES_BODY, `<base href="http://static.site.test/guide/v2/">`);

const HEADINGS = page(
  "A page with its own outline",
  `${prose("outlines")}
<h2 id="background">Background<a href="#background" class="anchor">#</a></h2>
${prose("the background", 1)}
<h3 id="earlier">Earlier work <a href="#earlier" title="Permalink">¶</a></h3>
${prose("earlier work", 1)}
<h1>Part two</h1>
${prose("part two", 1)}
<blockquote><p>Quoted first paragraph, as the source wrote it.</p><p>Quoted second paragraph.</p></blockquote>
<p>A postal address:<br>12 Mill Lane<br>Ashby</p>
<p>Two breaks make a paragraph.<br><br>This is the next one.</p>
${prose("the end", 1)}`,
);

// Heading and code texts that name an object's own properties: the writer's lookups are Maps.
const PROPERTY_NAMES = page(
  "A page about JavaScript objects",
  `${prose("objects")}
<h2>__proto__</h2>
${prose("the prototype", 1)}
<pre><code>constructor</code></pre>
<pre><code>__proto__</code></pre>
${prose("the end", 1)}`,
);

function send(res: ServerResponse, type: string, body: string | Buffer) {
  res.writeHead(200, { "content-type": type }).end(body);
}

export const MARKDOWN_PAGES: Record<string, Handler> = {
  "/markdown/table": (_req, res) => send(res, "text/html; charset=utf-8", TABLE),
  "/markdown/code": (_req, res) => send(res, "text/html; charset=utf-8", CODE),
  "/markdown/lists": (_req, res) => send(res, "text/html; charset=utf-8", LISTS),
  "/markdown/images": (_req, res) => send(res, "text/html; charset=utf-8", IMAGES),
  "/markdown/base": (_req, res) => send(res, "text/html; charset=utf-8", BASE),
  "/markdown/headings": (_req, res) => send(res, "text/html; charset=utf-8", HEADINGS),
  "/markdown/property-names": (_req, res) => send(res, "text/html; charset=utf-8", PROPERTY_NAMES),
  "/markdown/beacon.gif": (_req, res) => send(res, "image/gif", GIF_1X1),
};
