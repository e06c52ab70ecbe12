/**
 * One value per process under `name`, made by `create` on first use, whichever copy of a module
 * asks for it. The server and the storefront bundle each load their own copy of shared modules
 * (app/lib, the admin screens' platform code); state they must share — the service registry,
 * caches, listeners, running jobs — lives here rather than in module variables.
 */
export function processGlobal<T>(name: string, create: () => T): T {
  const holder = globalThis as typeof globalThis & Record<symbol, unknown>;
  const key = Symbol.for(`comptoir.${name}`);
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}
