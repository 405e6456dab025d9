import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = ["auth", "subscription", "practice"];

/** Restricts imports by glob; used to keep client, server and features apart. */
const forbid = (patterns, message) => ({
  "no-restricted-imports": ["error", { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ["dist", "node_modules", ".data", "coverage", "tests/artifacts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(["@/server/*", "**/server/**"], "The client must not import server code."),
    },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: forbid(["@/client/*", "**/client/**"], "The server must not import client code."),
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: forbid(
      ["@/client/*", "@/server/*", "**/client/**", "**/server/**"],
      "Shared code must not import the client or the server.",
    ),
  },
  // A feature may use components/ui and lib, never another feature: pages compose them.
  ...features.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: forbid(
      [
        "@/server/*",
        "**/server/**",
        ...features
          .filter((other) => other !== feature)
          .flatMap((other) => [`@/client/features/${other}/*`, `**/features/${other}/**`]),
      ],
      "Features never import each other or server code; compose them in a page.",
    ),
  })),
);
