/**
 * lib/net: the service's outbound-network boundary.
 *
 * - url-policy: is a client-supplied URL acceptable at all (spec 7.3)?
 * - resolve / address: where does a name really point, and is that public?
 * - egress-proxy: the forward proxy every Chromium connection goes through.
 * - safe-fetch: server-side fetches (robots.txt, webhooks) with the same rules.
 * - test-hosts: the PAGE_TEST_HOSTS mapping of `.test` names to local servers.
 */
export { isPublicAddress } from "./address";
export {
  EgressBlockedError,
  isEgressBlockedError,
  NOT_PUBLIC_MESSAGE,
  SafeFetchError,
  type EgressBlockReason,
  type SafeFetchErrorCode,
} from "./errors";
export {
  checkPublicUrl,
  normalizeUrl,
  REPORT_TO_CODES,
  type ReportToCode,
  type UrlCheckResult,
  type UrlRefusalReason,
} from "./url-policy";
export {
  isLocalhostName,
  normalizeHostname,
  resolvePublic,
  systemLookup,
  type LookupAllFn,
  type LookupAnswer,
  type ResolveDeps,
  type ResolvedTarget,
} from "./resolve";
export {
  isTestHostname,
  testHostsConfig,
  testHostsEnabled,
  testHostTarget,
  type TestHostsConfig,
} from "./test-hosts";
export {
  egressChromiumArgs,
  isChromiumBackgroundHost,
  startEgressProxy,
  type EgressBlockedEvent,
  type EgressFailureCode,
  type EgressFailureEvent,
  type EgressProxy,
  type EgressProxyOptions,
  type UpstreamMap,
  type UpstreamProxy,
} from "./egress-proxy";
export { safeFetch, type SafeFetchInit, type SafeFetchResponse } from "./safe-fetch";
