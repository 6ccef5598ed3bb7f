/**
 * How long an end-to-end step (a click, a navigation, an element to appear) may take before the
 * test fails. Generous on purpose: on a loaded 2-core CI machine the dashboard's server and the
 * test's browser share the CPU with other suites' browsers, and CI runs timed out at 15 s on a
 * plain page load that takes well under a second alone. A step that really hangs still fails.
 */
export const E2E_STEP_TIMEOUT_MS = 45_000;
