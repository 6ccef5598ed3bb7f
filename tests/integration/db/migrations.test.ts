import { afterAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { migrate, migrationFiles } from "@/lib/db/migrate";
import { pgliteRunner, postgresRunner } from "@/lib/db/sql";

const PG_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

/** Writes and reads back one row of every model, through relations, to prove the migrated schema serves them. */
async function exerciseEveryModel(prisma: PrismaClient) {
  const user = await prisma.user.create({ data: { email: `u${Date.now()}@example.com`, name: "Ada" } });
  await prisma.account.create({
    data: { userId: user.id, type: "oauth", provider: "github", providerAccountId: user.id },
  });
  await prisma.session.create({
    data: { userId: user.id, sessionToken: `s-${user.id}`, expires: new Date() },
  });
  await prisma.verificationToken.create({
    data: { identifier: user.email, token: `v-${user.id}`, expires: new Date() },
  });
  const org = await prisma.organization.create({
    data: { name: "Acme", plan: "pro", memberships: { create: { userId: user.id, role: "owner" } } },
  });
  await prisma.emailConfirmation.create({
    data: { userId: user.id, email: user.email, tokenHash: `h-${user.id}`, expiresAt: new Date() },
  });
  await prisma.outboxEmail.create({ data: { to: user.email, subject: "hi", text: "hello" } });
  await prisma.user.update({ where: { id: user.id }, data: { passwordChangedAt: new Date() } });
  await prisma.passwordReset.create({
    data: { userId: user.id, tokenHash: `r-${user.id}`, expiresAt: new Date() },
  });
  await prisma.invitation.create({
    data: {
      organizationId: org.id,
      email: "invitee@example.com",
      role: "admin",
      tokenHash: `i-${org.id}`,
      invitedById: user.id,
      expiresAt: new Date(),
    },
  });
  const invitations = await prisma.organization.findUniqueOrThrow({
    where: { id: org.id },
    select: { invitations: { select: { invitedBy: { select: { email: true } } } } },
  });
  expect(invitations.invitations[0].invitedBy.email).toBe(user.email);
  const project = await prisma.project.create({
    data: { organizationId: org.id, name: "Default", webhookSecret: "whsec_x", robotsPolicy: "follow" },
  });
  const key = await prisma.apiKey.create({
    data: { projectId: project.id, hash: `k-${project.id}`, prefix: "ptd_live_ab" },
  });
  expect(key.name).toBe("Default key"); // issue 26: named keys, existing rows get the default

  const request = await prisma.request.create({
    data: {
      token: `t-${project.id}`,
      projectId: project.id,
      organizationId: org.id,
      operation: "html",
      url: "https://example.com/",
      options: { sync: true },
      labels: { order: "42" },
      requestHash: "abc",
      cacheKey: "html|https://example.com/",
      result: { create: { body: "<html></html>", contentType: "text/html", bytes: 13 } },
      deliveries: {
        create: {
          url: "https://hooks.example.com/",
          log: { create: { attempt: 1, status: 200, durationMs: 5 } },
        },
      },
    },
  });
  await prisma.cacheEntry.create({
    data: { cacheKey: `c-${request.id}`, operation: "html", body: "x", contentType: "text/html" },
  });
  await prisma.creditLedger.create({
    data: { organizationId: org.id, kind: "charge", credits: 1, requestToken: request.token },
  });
  await prisma.hostState.create({ data: { host: `h-${request.id}.example.com` } });
  await prisma.robotsCache.create({
    data: { origin: `https://r-${request.id}.example.com`, body: "", status: 404 },
  });

  const back = await prisma.request.findUniqueOrThrow({
    where: { token: request.token },
    include: {
      result: true,
      deliveries: { include: { log: true } },
      project: { include: { organization: true, keys: true } },
    },
  });
  expect(back.result?.body).toBe("<html></html>");
  expect(back.labels).toEqual({ order: "42" });
  expect(back.deliveries[0].log[0].status).toBe(200);
  expect(back.project.organization.plan).toBe("pro");
  expect(back.project.keys).toHaveLength(1);
  expect(await prisma.membership.count({ where: { organizationId: org.id } })).toBe(1);

  // A crawl, its frontier and results, and the deliveries of a page and of the crawl's end.
  const crawl = await prisma.crawl.create({
    data: {
      token: `crawl-${project.id}`,
      kind: "crawl",
      projectId: project.id,
      organizationId: org.id,
      url: "https://example.com/",
      options: { operations: ["markdown"] },
      labels: { run: "1" },
      pageLimit: 10,
      maxDepth: 2,
      concurrency: 2,
      pages: {
        create: [
          { position: 0, url: "https://example.com/", urlKey: "https://example.com/", state: "complete" },
          { position: 1, url: "https://example.com/a", urlKey: "https://example.com/a", depth: 1 },
        ],
      },
    },
    include: { pages: { orderBy: { position: "asc" } } },
  });
  await prisma.webhookDelivery.create({
    data: { crawlId: crawl.id, crawlPageId: crawl.pages[0].id, url: "https://hooks.example.com/" },
  });
  // The frontier's unique index: one URL once per crawl, whoever inserts it.
  await expect(
    prisma.crawlPage.create({
      data: { crawlId: crawl.id, position: 2, url: "https://example.com/a", urlKey: "https://example.com/a" },
    }),
  ).rejects.toThrow();
  // A batch's URLs carry no key: the same URL may be listed twice.
  const batch = await prisma.crawl.create({
    data: {
      token: `batch-${project.id}`,
      kind: "batch",
      projectId: project.id,
      organizationId: org.id,
      options: {},
      pageLimit: 2,
      concurrency: 2,
      pages: {
        create: [
          { position: 0, url: "https://example.com/" },
          { position: 1, url: "https://example.com/" },
        ],
      },
    },
  });
  const crawlBack = await prisma.crawl.findUniqueOrThrow({
    where: { token: crawl.token },
    include: { pages: { include: { deliveries: true } }, deliveries: true, project: true },
  });
  expect(crawlBack.pages).toHaveLength(2);
  expect(crawlBack.deliveries).toHaveLength(1);
  expect(crawlBack.pages.find((p) => p.position === 0)!.deliveries).toHaveLength(1);
  expect(await prisma.crawlPage.count({ where: { crawlId: batch.id } })).toBe(2);
}

describe("migrations", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it("apply to an empty PGlite database, record themselves like Prisma, and serve every model", async () => {
    const pglite = new PGlite();
    const runner = pgliteRunner(pglite);
    expect(await migrate(runner)).toEqual(migrationFiles().map((m) => m.name));
    expect(await migrate(runner)).toEqual([]); // idempotent
    const rows = await runner.query<{ checksum: string }>(`SELECT checksum FROM "_prisma_migrations"`);
    expect(rows.map((r) => r.checksum)).toEqual(migrationFiles().map((m) => m.checksum));
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    cleanups.push(async () => {
      await prisma.$disconnect();
      await pglite.close();
    });
    await exerciseEveryModel(prisma);
  });

  it("apply to PostgreSQL on 127.0.0.1:5432 and serve every model", async () => {
    const schema = `mig_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    const url = `${PG_URL}${PG_URL.includes("?") ? "&" : "?"}options=-c%20search_path%3D${schema}`;
    const runner = await postgresRunner(url);
    // The init migration creates schema "public" if missing; tables land in the search_path schema.
    expect((await migrate(runner)).length).toBe(migrationFiles().length);
    await runner.close();
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }, { schema }) });
    cleanups.push(async () => {
      await prisma.$disconnect();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    });
    await exerciseEveryModel(prisma);
  });

  it("four processes migrating one empty PostgreSQL schema at once all succeed, each migration applied once", async () => {
    const schema = `mig_race_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    cleanups.push(async () => {
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    });
    const url = `${PG_URL}${PG_URL.includes("?") ? "&" : "?"}options=-c%20search_path%3D${schema}`;
    const runners = await Promise.all(Array.from({ length: 4 }, () => postgresRunner(url)));
    const applied = await Promise.all(runners.map((r) => migrate(r).finally(() => r.close())));
    // Exactly one of them applied everything; the others waited for the lock and found nothing to do.
    expect(applied.map((a) => a.length).sort()).toEqual([0, 0, 0, migrationFiles().length]);
    const rows = await admin.query(`SELECT count(*)::int AS n FROM "${schema}"."_prisma_migrations"`);
    expect(rows.rows[0].n).toBe(migrationFiles().length);
  });
});
