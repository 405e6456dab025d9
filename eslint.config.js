import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Code rules. Import boundaries (client ↛ server, feature ↛ feature, no cycles) are checked on
 * resolved paths by dependency-cruiser (.dependency-cruiser.cjs); here only the spelling: one alias
 * for anything outside the importing file's folder (docs/conventions.md).
 */
const aliasPatterns = [
  {
    group: ["../*"],
    message: "Import across folders through the alias (@/… or @tests/…); ./x is for siblings.",
  },
];
const oneAlias = { "no-restricted-imports": ["error", { patterns: aliasPatterns }] };
/** In the browser, one toast: the styled re-export of src/client/components/ui/toaster.tsx. */
const oneToast = {
  "no-restricted-imports": [
    "error",
    {
      patterns: aliasPatterns,
      paths: [{ name: "sonner", message: "Import toast from @/client/components/ui/toaster." }],
    },
  ],
};

export default tseslint.config(
  { ignores: ["dist", "node_modules", ".data", ".cache", "coverage", "tests/artifacts"] },
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
    files: ["src/**/*.{ts,tsx}", "tests/**/*.ts"],
    // The transcription worker is loaded by file path, unbundled in tests: relative imports only.
    ignores: ["src/server/ai/offline/transcribe-worker.ts"],
    rules: oneAlias,
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    ignores: ["src/client/components/ui/toaster.tsx"],
    rules: oneToast,
  },
);
