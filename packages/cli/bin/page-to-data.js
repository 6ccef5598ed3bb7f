#!/usr/bin/env node
// The file npm links as `page-to-data` when it installs the workspace: it exists in a fresh clone,
// before the bundle (dist/main.js, built by scripts/build-packages.mjs) does, so the link is made.
import "../dist/main.js";
