import { describe, expect, it } from "vitest";
import { chargeFor, creditsLabel, priceOf } from "@/lib/billing/prices";
import { visitsFor } from "@/lib/schemas/operations";

describe("the price list", () => {
  it("holds every operation as if it ran fresh, with the residential surcharge per visit", () => {
    expect(priceOf(["markdown", "meta"], false)).toBe(6);
    expect(priceOf(["markdown", "meta"], true)).toBe(31);
    // Lighthouse navigates on its own: a second visit.
    expect(visitsFor(["html", "lighthouse"])).toBe(2);
    expect(priceOf(["html", "lighthouse"], true)).toBe(53);
    expect(priceOf([], true)).toBe(0);
  });

  it("charges the fresh successes, and the surcharge only when something was charged", () => {
    expect(chargeFor(["summarize"], true, 2)).toBe(17 + 50);
    expect(chargeFor([], true, 1)).toBe(0);
    expect(chargeFor(["keywords"], false, 1)).toBe(15);
  });

  it("prints credits the way the Playground and the reference do", () => {
    expect([creditsLabel(1), creditsLabel(17)]).toEqual(["1 credit", "17 credits"]);
  });
});
