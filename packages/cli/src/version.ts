/** The package's version, put in by the build (scripts/build-packages.mjs) from package.json. */
declare const __CLI_VERSION__: string | undefined;

export const VERSION = typeof __CLI_VERSION__ === "string" ? __CLI_VERSION__ : "0.0.0-dev";
