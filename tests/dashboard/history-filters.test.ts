import { describe, expect, it } from "vitest";
import { filterQuery, historyWhere, parseHistoryFilters } from "@/lib/dashboard/request-history";

describe("request history filters", () => {
  it("reads known values and ignores unknown ones rather than failing the page", () => {
    expect(
      parseHistoryFilters({
        operation: "screenshot",
        outcome: "failed",
        from: "2026-11-01",
        to: "2026-11-22",
        q: " article.test ",
        page: "3",
      }),
    ).toEqual({
      operation: "screenshot",
      outcome: "failed",
      from: "2026-11-01",
      to: "2026-11-22",
      q: "article.test",
      page: 3,
    });
    expect(
      parseHistoryFilters({ operation: "drop table", outcome: "maybe", from: "yesterday", page: "-2" }),
    ).toEqual({
      page: 1,
    });
  });

  it("turns key=value into a label filter, anything else into a URL or token search; dates are whole UTC days", () => {
    expect(historyWhere("p1", { q: "job=7", page: 1 })).toEqual({
      projectId: "p1",
      labels: { path: ["job"], equals: "7" },
    });
    expect(historyWhere("p1", { q: "article", page: 1 })).toMatchObject({
      OR: [{ url: { contains: "article", mode: "insensitive" } }, { token: "article" }],
    });
    expect(historyWhere("p1", { from: "2026-11-01", to: "2026-11-01", page: 1 }).createdAt).toEqual({
      gte: new Date("2026-11-01T00:00:00Z"),
      lt: new Date("2026-11-02T00:00:00Z"),
    });
  });

  it("keeps the filters in paging links", () => {
    expect(filterQuery({ operation: "html", q: "a b", page: 1 }, 2)).toBe("?operation=html&q=a+b&page=2");
    expect(filterQuery({ page: 4 }, 1)).toBe("");
  });
});
