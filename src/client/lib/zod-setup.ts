/**
 * Imported first by the entry (`main.tsx`) and for its effect by the modules that parse with zod
 * in the browser (`api-client.ts`, `features/auth/validate.ts`). Zod probes whether it may compile
 * parsers with `new Function` when an object schema is built; our Content-Security-Policy forbids
 * eval (decision 0068), and the probe, though caught, is reported as a violation. Its interpreter
 * is fast enough for the browser's small payloads.
 *
 * Set through the global zod reads when it loads (`__zod_globalConfig`), not `config()`: the
 * bundler may place the schemas of a shared chunk before a `config()` call in the same chunk,
 * while this module imports nothing, so it runs in the entry chunk before any of zod's — and the
 * landing page's first load still carries no zod.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
