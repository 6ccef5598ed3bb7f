import { afterEach, describe, expect, it } from "vitest";
import { checkPublicUrl, normalizeUrl, REPORT_TO_CODES, type UrlRefusalReason } from "@/lib/net/url-policy";
import { reloadConfig } from "@/lib/config";

const saved = process.env.PAGE_TEST_HOSTS;
afterEach(() => {
  if (saved === undefined) delete process.env.PAGE_TEST_HOSTS;
  else process.env.PAGE_TEST_HOSTS = saved;
  reloadConfig();
});

/** [input, reason] — every one must be refused; `url` always answers invalid_url. */
const REFUSED: Array<[unknown, UrlRefusalReason]> = [
  // IPv4 in every spelling WHATWG URL accepts
  ["http://127.0.0.1/", "not_public"],
  ["http://2130706433/", "not_public"],
  ["http://0177.0.0.1/", "not_public"],
  ["http://0x7f.1/", "not_public"],
  ["http://0x7f000001/", "not_public"],
  ["http://127.1/", "not_public"],
  ["http://127.0.0.1./", "not_public"],
  ["http://①②⑦.0.0.1/", "not_public"],
  ["http://127。0。0。1/", "not_public"],
  ["http://0/", "not_public"],
  ["http://0.0.0.0/", "not_public"],
  ["http://10.0.0.1/", "not_public"],
  ["http://192.168.1.1/", "not_public"],
  ["http://169.254.169.254/latest/meta-data/", "not_public"],
  ["http://100.64.0.1/", "not_public"],
  ["http://224.0.0.1/", "not_public"],
  ["http://255.255.255.255/", "not_public"],
  ["http://8.8.8.8/", "not_public"], // public, but still not a domain name
  // IPv6 literals
  ["http://[::1]/", "not_public"],
  ["http://[::ffff:127.0.0.1]/", "not_public"],
  ["http://[::ffff:a9fe:a9fe]/", "not_public"],
  ["http://[::]/", "not_public"],
  ["http://[fe80::1]/", "not_public"],
  ["http://[fc00::1]/", "not_public"],
  ["http://[64:ff9b::7f00:1]/", "not_public"],
  ["http://[2606:4700::1111]/", "not_public"],
  // localhost in its disguises
  ["http://localhost/", "not_public"],
  ["http://localhost./", "not_public"],
  ["http://LOCALHOST/", "not_public"],
  ["http://foo.localhost/", "not_public"],
  ["http://ｌｏｃａｌｈｏｓｔ/", "not_public"], // full-width letters map to ASCII
  ["http://LocalHost.:80/", "not_public"],
  // internal and special-use names
  ["http://intranet/", "not_public"],
  ["http://server.internal/", "not_public"],
  ["http://printer.local/", "not_public"],
  ["http://router.lan/", "not_public"],
  ["http://nas.home/", "not_public"],
  ["http://app.corp/", "not_public"],
  ["http://db.private/", "not_public"],
  ["http://host.localdomain/", "not_public"],
  ["http://wiki.intranet/", "not_public"],
  ["http://1.0.0.127.in-addr.arpa/", "not_public"],
  ["http://example.invalid/", "not_public"],
  ["http://foo.example/", "not_public"],
  ["http://abcdefghij.onion/", "not_public"],
  ["http://site.test/", "not_public"], // PAGE_TEST_HOSTS unset
  ["http://example.com../", "invalid"],
  ["http://a..b.com/", "invalid"],
  ["http://a!b.com/", "invalid"],
  // credentials
  ["http://user:pass@example.com/", "credentials"],
  ["http://user@example.com/", "credentials"],
  ["https://:secret@example.com/", "credentials"],
  // ports
  ["http://example.com:8080/", "port"],
  ["https://example.com:80/", "port"],
  ["http://example.com:443/", "port"],
  ["http://example.com:0/", "port"],
  ["http://127.0.0.1:8080/", "not_public"], // the address is the bigger problem
  // schemes
  ["ftp://example.com/", "scheme"],
  ["file:///etc/passwd", "scheme"],
  ["data:text/html,hi", "scheme"],
  ["javascript:alert(1)", "scheme"],
  ["ws://example.com/", "scheme"],
  ["gopher://example.com/", "scheme"],
  // not a URL / not a string
  ["", "invalid"],
  ["   ", "invalid"],
  ["example.com", "invalid"],
  ["/relative/path", "invalid"],
  ["http://exa mple.com/", "invalid"],
  ["http://", "invalid"],
  [42, "invalid"],
  [null, "invalid"],
  [undefined, "invalid"],
  [{ href: "https://example.com/" }, "invalid"],
  [`https://example.com/${"a".repeat(9000)}`, "invalid"],
];

describe("checkPublicUrl: refused", () => {
  it("has a big enough table", () => expect(REFUSED.length).toBeGreaterThanOrEqual(40));

  it.each(REFUSED)("url %j -> invalid_url (%s)", (input, reason) => {
    const r = checkPublicUrl(input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe("invalid_url");
    expect(r.reason).toBe(reason);
    expect(r.message).toMatch(/^url /);
  });

  it.each(REFUSED)("report_to %j -> report_to_%s", (input, reason) => {
    const r = checkPublicUrl(input, "report_to");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe(REPORT_TO_CODES[reason]);
    expect(r.code.startsWith("report_to_")).toBe(true);
    expect(r.message).toMatch(/^report_to /);
  });

  it("writes human, actionable messages", () => {
    const r = checkPublicUrl("http://localhost/");
    expect(!r.ok && r.message).toBe(
      "url must be a public http or https address; 'http://localhost/' points at this machine.",
    );
    const ip = checkPublicUrl("http://0x7f.1/");
    expect(!ip.ok && ip.message).toContain("is an IP address");
    const port = checkPublicUrl("https://example.com:8443/x");
    expect(!port.ok && port.message).toContain("':8443'");
  });

  it("never echoes a password", () => {
    const r = checkPublicUrl("https://bob:hunter2@example.com/");
    expect(!r.ok && r.message).not.toContain("hunter2");
  });
});

describe("checkPublicUrl: accepted", () => {
  const ACCEPTED: Array<[string, string]> = [
    ["https://example.com", "https://example.com/"],
    ["http://EXAMPLE.com./path", "http://example.com/path"],
    ["https://bücher.de/", "https://xn--bcher-kva.de/"],
    ["https://example.com:443/", "https://example.com/"],
    ["http://example.com:80/a?b=1#frag", "http://example.com/a?b=1#frag"],
    ["  https://sub.example.co.uk/x  ", "https://sub.example.co.uk/x"],
    ["https://my_host.example.com/", "https://my_host.example.com/"],
    ["https://xn--80ak6aa92e.com/", "https://xn--80ak6aa92e.com/"],
  ];
  it.each(ACCEPTED)("%s", (input, href) => {
    const r = checkPublicUrl(input);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.url.href).toBe(href);
  });

  it("accepts .test only when PAGE_TEST_HOSTS is set", () => {
    delete process.env.PAGE_TEST_HOSTS;
    reloadConfig();
    expect(checkPublicUrl("http://site.test/").ok).toBe(false);
    process.env.PAGE_TEST_HOSTS = "127.0.0.1:8080:8443";
    reloadConfig();
    const r = checkPublicUrl("http://site.test./a");
    expect(r.ok && r.url.href).toBe("http://site.test/a");
    expect(checkPublicUrl("https://www.site.test:443/").ok).toBe(true);
    // Everything else stays in force for .test names.
    expect(checkPublicUrl("http://site.test:8080/").ok).toBe(false);
    expect(checkPublicUrl("http://test/").ok).toBe(false);
    expect(checkPublicUrl("http://127.0.0.1/").ok).toBe(false);
  });

  it("throws loudly on a malformed PAGE_TEST_HOSTS", () => {
    process.env.PAGE_TEST_HOSTS = "127.0.0.1:8080";
    // The configuration refuses it as it is read (at start, for the server).
    expect(() => reloadConfig()).toThrow(/PAGE_TEST_HOSTS must look like/);
  });
});

describe("normalizeUrl", () => {
  it.each([
    ["https://Example.COM./a?b=1#x", "https://example.com/a?b=1"],
    ["http://example.com:80/", "http://example.com/"],
    ["https://example.com:443/p?q", "https://example.com/p?q"],
    ["https://example.com/p?z=1&a=2", "https://example.com/p?z=1&a=2"],
  ])("%s -> %s", (input, out) => {
    expect(normalizeUrl(new URL(input))).toBe(out);
  });
});
