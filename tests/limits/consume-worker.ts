/** Child process for limits.test.ts: spends `count` hits of one rule in parallel, prints the allowed count. */
import { closeLimits, limiter } from "@/lib/limits";

const [name, key, points, count] = process.argv.slice(2);
const l = limiter({ name, points: Number(points), windowSeconds: 60 });
const verdicts = await Promise.all(Array.from({ length: Number(count) }, () => l.consume(key)));
process.stdout.write(String(verdicts.filter((v) => v.allowed).length));
await closeLimits();
