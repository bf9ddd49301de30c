/* Runs before the app's modules (a classic script; modules are deferred). The page's Content-Security-
 * Policy has no 'unsafe-eval' (packages/server/src/http/security.ts); zod 4 would build its object
 * parsers with `new Function` — probing for it as each schema is created, at module load, which the
 * policy reports as a violation. zod reads its global configuration from this object: jitless
 * parsing uses no eval. (The CSP browser test fails if this stops holding.) */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
