import { describe, expect, it } from "vitest";
import { meta } from "@/lib/operations/meta";
import { visitPage } from "@/lib/page/visit";
import { metadataSchema } from "@/lib/schemas/responses";
import { pageFixture } from "../page/setup";

/**
 * `meta` through the engine (a pool's Chromium visiting the local site, tests/support/sites/
 * meta-pages.ts) on pages whose metadata is malformed as held-out pages printed it: the answer's
 * date is ISO 8601 or null, and its author a name or null, never a label.
 */
const fx = pageFixture();

const visit = (path: string) =>
  visitPage({ organization: "org-test", url: `http://site.test${path}` }, (snap) => meta(snap), {
    pool: fx.pool,
  });

describe("meta answers that are well-formed", () => {
  it("keeps the day of a malformed declared time, and takes no label for a byline", async () => {
    const m = await visit("/meta/labels");
    expect(m.title).toBe("Storm season");
    expect(m.publication_date).toBe("2016-05-24");
    expect(m.author_name).toBeNull();
    expect(metadataSchema.safeParse(m).success).toBe(true);
  });

  it("passes over a section's name in capitals to the name in an author box's heading", async () => {
    const m = await visit("/meta/author-box");
    expect(m.publication_date).toBe("2016-05-24");
    expect(m.author_name).toBe("Wes Bos");
    expect(metadataSchema.safeParse(m).success).toBe(true);
  });
});
