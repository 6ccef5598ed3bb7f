import { describe, expect, it } from "vitest";
import { authorNameOrNull, isoDateOrNull, wellFormedMetadata } from "@/lib/operations/meta-answer";
import type { Metadata } from "@/lib/operations/meta";
import { metadataSchema } from "@/lib/schemas/responses";

/** The last step of every `meta` answer (lib/operations/meta-answer.ts), on its own. */
describe("a meta answer's date", () => {
  it("keeps ISO 8601 days and date-times with an offset as they are", () => {
    for (const good of [
      "2025-03-04",
      "2025-03-04T10:00:00Z",
      "2025-03-04T10:00:00+02:00",
      "2025-03-04T10:00:00.123-05:30",
      "2024-02-29",
    ])
      expect(isoDateOrNull(good)).toBe(good);
  });

  it("spells an offset or a time as RFC 3339 does", () => {
    expect(isoDateOrNull("2025-03-04T10:00:00.000000+0000")).toBe("2025-03-04T10:00:00.000000+00:00");
    expect(isoDateOrNull("2025-03-04 10:00:00+02")).toBe("2025-03-04T10:00:00+02:00");
    expect(isoDateOrNull("2025-03-04t10:00z")).toBe("2025-03-04T10:00:00Z");
    expect(isoDateOrNull(" 2025-03-04T10:00:00,5+01:00 ")).toBe("2025-03-04T10:00:00.5+01:00");
    expect(isoDateOrNull("2013-08-22 21:43:53 UTC")).toBe("2013-08-22T21:43:53Z");
  });

  it("keeps only the day of a malformed time, or of one with no offset", () => {
    expect(isoDateOrNull("2016-05-24T05:55%Z")).toBe("2016-05-24");
    expect(isoDateOrNull("2025-03-04T10:00:00")).toBe("2025-03-04");
    expect(isoDateOrNull("2025-03-04T25:00:00Z")).toBe("2025-03-04");
    expect(isoDateOrNull("2025-03-04T10:00:00+24:00")).toBe("2025-03-04");
    expect(isoDateOrNull("2025-03-04T10:00:00+00:00 (UTC)")).toBe("2025-03-04");
  });

  it("answers null for what is not a date", () => {
    for (const bad of ["2025-02-30", "2025-13-01", "March 4, 2025", "yesterday", "", "   ", null, undefined])
      expect(isoDateOrNull(bad)).toBeNull();
  });
});

describe("a meta answer's author", () => {
  it("keeps names of people and organizations, a list of them, and a login", () => {
    for (const name of [
      "Jane Doe",
      "Jane Q. Writer",
      "María de la Cruz",
      "Shannon Deery, Mitch Clarke, Susie O’Brien",
      "Doris Munoz-Mantilla, MD, FOMA",
      "The Currency editors",
      "TOI Lifestyle Desk",
      "The New York Times",
      "JANE DOE",
      "WRAL",
      "Newsdesk",
      "b.scherer",
      "user447274",
      "98 Buck Social",
      "Claight Corporation (Expert Market Research)",
    ])
      expect(authorNameOrNull(name)).toBe(name);
  });

  it("takes no label, role or section's name for a name", () => {
    for (const label of [
      "Produced by",
      "Written by",
      "By",
      "By:",
      "The Author",
      "Author",
      "Authors:",
      "About the author",
      "Author Bio",
      "Meet the team",
      "About us",
      "Staff",
      "Staff Writer",
      "Guest Contributor",
      "Our Editors",
      "admin",
      "Anonymous",
      "THE DIGITS",
      "NEWS FROM THE FIELD",
    ])
      expect(authorNameOrNull(label), label).toBeNull();
  });

  it("reads the name out of an author box's heading or a byline's label", () => {
    expect(authorNameOrNull("Meet Wes Bos")).toBe("Wes Bos");
    expect(authorNameOrNull("About Jane Doe")).toBe("Jane Doe");
    expect(authorNameOrNull("By Jane Doe")).toBe("Jane Doe");
    expect(authorNameOrNull("Written by: Jane Doe")).toBe("Jane Doe");
  });

  it("drops a URL, an e-mail address or a handle beside the name, and is null for a URL or address alone", () => {
    expect(authorNameOrNull("Jane Doe (jane@example.com)")).toBe("Jane Doe");
    expect(authorNameOrNull("jane@example.com (Jane Doe)")).toBe("Jane Doe");
    expect(authorNameOrNull("Jane Doe @janedoe")).toBe("Jane Doe");
    expect(authorNameOrNull("Jane Doe | https://example.com/jane")).toBe("Jane Doe");
    expect(authorNameOrNull("jane@example.com")).toBeNull();
    expect(authorNameOrNull("mailto:jane@example.com")).toBeNull();
    expect(authorNameOrNull("https://example.com/staff/jane-doe")).toBeNull();
    expect(authorNameOrNull("www.example.com")).toBeNull();
    // A handle that is all the page gives stands.
    expect(authorNameOrNull("@janedoe")).toBe("@janedoe");
  });

  it("takes no date, number or blank for a name", () => {
    for (const bad of ["March 4, 2025", "Jane Doe 2025", "04/03/2025", "2025-03-04", "123", " ", "", null])
      expect(authorNameOrNull(bad)).toBeNull();
  });
});

describe("a whole meta answer", () => {
  const answer: Metadata = {
    title: "T",
    description: null,
    language: "en",
    main_image_url: null,
    favicon_url: null,
    author_name: "Produced by",
    feed_url: null,
    publication_date: "2016-05-24T05:55%Z",
    additional_author_information: { url: "https://example.test/jane" },
  };

  it("leaves the schema nothing to reject, and touches no other field", () => {
    const m = wellFormedMetadata(answer);
    expect(m).toEqual({ ...answer, author_name: null, publication_date: "2016-05-24" });
    expect(metadataSchema.safeParse(m).success).toBe(true);
    expect(metadataSchema.safeParse(answer).success).toBe(false);
  });
});
