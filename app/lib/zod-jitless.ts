/**
 * In the browser, Zod (in the admin screens' bundle) probes `new Function("")` once to choose a
 * faster parser. The shop's CSP has no 'unsafe-eval' (issue 16): the probe fails quietly, but the
 * browser still reports it as a violation, which would hide real ones. Zod's `jitless` setting
 * skips the probe; it is read from this global when Zod loads, so it is set here, imported first
 * by the root route, whose modules run before any page's. The server keeps Zod's fast parser.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== "undefined") {
  const zod = globalThis as ZodGlobal;
  zod.__zod_globalConfig ??= {};
  // Changed in place: the same object Zod keeps, should it have loaded already.
  zod.__zod_globalConfig.jitless = true;
}
