import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      "lib/generated/**",
      ".next/**",
      ".tools/**",
      "data/**",
      "node_modules/**",
      "dist/**",
      ".snippets-*/**",
    ],
  },
  {
    rules: {
      // `any` at boundaries is a defect; inside, unknown + narrowing is the rule.
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
];

export default config;
