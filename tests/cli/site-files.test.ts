import { describe, expect, it } from "vitest";
import { progressBar } from "@/packages/cli/src/progress";
import { pageFileName, uniqueNames } from "@/packages/cli/src/site-files";

/** `page-to-data crawl --out DIR`: each page's file name, from its URL, safe and distinct. */
describe("crawl file names", () => {
  it("are the URL's path, flat, with only safe characters", () => {
    const name = (url: string) => pageFileName(url, "docs.test");
    expect(name("http://docs.test/")).toBe("index.md");
    expect(name("http://docs.test/guide/5")).toBe("guide_5.md");
    expect(name("http://docs.test/guide/5/")).toBe("guide_5.md");
    expect(name("http://docs.test/about.html")).toBe("about.md");
    expect(name("http://docs.test/list?page=2&sort=new")).toBe("list_page_2_sort_new.md");
    expect(name("http://docs.test/a/%2E%2E/%2E%2E/etc/passwd")).toBe("etc_passwd.md");
    expect(name("http://docs.test/..%2F..%2Fx")).toBe("x.md");
    expect(name("http://docs.test/caf%C3%A9 menu")).toBe("caf_menu.md");
    expect(name("http://docs.test/-rf")).toBe("rf.md"); // never read as an option by a shell tool
    expect(name("http://docs.test/%E0%A4%A")).toMatch(/^[A-Za-z0-9._-]+\.md$/);
    expect(name("http://blog.docs.test/post/1")).toBe("blog.docs.test_post_1.md");
    const long = name(`http://docs.test/${"a".repeat(500)}`);
    expect(long.length).toBeLessThanOrEqual(123);
    expect(long).toMatch(/^a+-[0-9a-f]{8}\.md$/);
  });

  it("that collide get -2, -3 (case-insensitively, for case-insensitive file systems)", () => {
    const unique = uniqueNames();
    expect(["a_b.md", "a_b.md", "A_B.md", "c.md"].map(unique)).toEqual([
      "a_b.md",
      "a_b-2.md",
      "A_B-3.md",
      "c.md",
    ]);
  });

  it("the terminal's progress bar fills with the pages done", () => {
    expect(progressBar(0, 10)).toBe(`[${"░".repeat(20)}]`);
    expect(progressBar(5, 10)).toBe(`[${"█".repeat(10)}${"░".repeat(10)}]`);
    expect(progressBar(3, 0)).toBe(`[${"░".repeat(20)}]`);
  });
});
