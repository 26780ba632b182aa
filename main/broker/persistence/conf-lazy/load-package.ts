import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package conf depends on, loaded the first time it is used (see ajv-2020.ts): from
 * node_modules, where conf's own dependencies are installed (also in the packaged app).
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
