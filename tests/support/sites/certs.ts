/**
 * A self-signed certificate made at test time with `openssl`, so no key material is committed.
 * Chromium refuses it (no trusted issuer): that is the point of the `bad-cert.test` case.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface SelfSignedCert {
  key: string;
  cert: string;
}

export function selfSignedCert(hostname: string): SelfSignedCert {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ptd-cert-"));
  try {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "2",
        "-subj",
        `/CN=${hostname}`,
        "-addext",
        `subjectAltName=DNS:${hostname}`,
      ],
      { stdio: "ignore" },
    );
    return { key: fs.readFileSync(key, "utf8"), cert: fs.readFileSync(cert, "utf8") };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
