/**
 * Import boundaries, checked on resolved paths (so `@/…` and `../…` imports count alike):
 * client ↛ server, server ↛ client, shared ↛ either, a feature ↛ another feature, app code ↛
 * tests, and no cycles (type-only imports included); on the server, the library is a leaf, engines
 * sit below the domain, the domain below the routes, and http below every feature. Run by
 * `npm run lint`.
 * docs/conventions.md lists these rules with the files that show them.
 */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "Modules form a tree: a cycle means a type or helper lives in the wrong file.",
      from: {},
      to: { circular: true },
    },
    {
      name: "client-not-to-server",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "^src/server/" },
    },
    {
      name: "server-not-to-client",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/client/" },
    },
    {
      name: "shared-stays-shared",
      severity: "error",
      comment: "src/shared is imported by both sides, so it imports neither.",
      from: { path: "^src/shared/" },
      to: { path: "^src/(client|server)/" },
    },
    {
      name: "features-stay-apart",
      severity: "error",
      comment:
        "A feature may use components/ui and lib, never another feature: pages compose them.",
      from: { path: "^src/client/features/([^/]+)/" },
      to: { path: "^src/client/features/", pathNot: "^src/client/features/$1/" },
    },
    {
      name: "ui-and-lib-below-features",
      severity: "error",
      comment:
        "Design-system components and lib are used by features and pages, never the reverse.",
      from: { path: "^src/client/(components|lib)/" },
      to: { path: "^src/client/(features|pages)/" },
    },
    {
      name: "library-is-a-leaf",
      severity: "error",
      comment:
        "The question bank, role sets, answer library and corpora are data every part reads: they import nothing else of the server.",
      from: { path: "^src/server/library/", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/server/", pathNot: "^src/server/library/" },
    },
    {
      name: "engines-below-the-domain",
      severity: "error",
      comment:
        "Engines (speech, answers) know the library and their own interface; feedback, sessions and the routes use them, never the reverse.",
      from: { path: "^src/server/ai/", pathNot: "\\.test\\.ts$" },
      to: {
        path: "^src/server/(feedback|sessions|functions|jobs|billing|auth|cv|share|mail|http)/",
      },
    },
    {
      name: "domain-below-routes",
      severity: "error",
      comment:
        "Domain modules are called by the routes (functions, auth's and billing's routes), never call them.",
      from: {
        path: "^src/server/(library|ai|feedback|sessions|cv|share|jobs|db|mail)/",
        pathNot: "\\.test\\.ts$",
      },
      to: { path: "^src/server/functions/" },
    },
    {
      name: "http-below-features",
      severity: "error",
      comment:
        "src/server/http is the plumbing every route uses (errors, validation, headers); it knows no feature.",
      from: { path: "^src/server/http/", pathNot: "\\.test\\.ts$" },
      to: {
        path: "^src/server/(auth|billing|feedback|sessions|functions|ai|jobs|cv|share|library|mail)/",
      },
    },
    {
      name: "app-code-not-to-tests",
      severity: "error",
      comment: "Nothing the product runs imports test support; tests beside the code may.",
      from: { path: "^src/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^tests/|\\.test\\.tsx?$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|node_modules|\\.data)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
