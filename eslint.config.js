// The TypeScript linter of `bash scripts/test.sh`: ESLint's and typescript-eslint's recommended rules, and
// React's rules of hooks for the app. Findings are fixed, not silenced.
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig([
  { ignores: ["node_modules/", "target/", "dist/", "dist.partial-*/", "bench/out/", "**/*.d.ts"] },
  {
    files: ["**/*.{js,mjs,ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    // Scripts, tests and benchmarks run in Node and drive a browser.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    // `const { server: _, ...words } = …` is how a property is left out.
    rules: { "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }] },
  },
  {
    files: ["client/**/*.{ts,tsx}", "ssr/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
]);
