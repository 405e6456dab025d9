import { config } from "zod";

/**
 * Imported for its effect by the modules that parse with zod in the browser (`api-client.ts`,
 * `features/auth/validate.ts`), so it runs before the first parse. Zod probes whether it may
 * compile parsers with `new Function` on the first object it parses; our Content-Security-Policy
 * forbids eval (decision 0068), and the probe, though caught, is reported as a violation. Its
 * interpreter is fast enough for the browser's small payloads. The module stays out of the
 * landing page's entry chunk, which does not need zod.
 */
config({ jitless: true });
