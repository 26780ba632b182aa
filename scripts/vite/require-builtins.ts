import { builtinModules, createRequire } from 'node:module';
import type { Plugin } from 'vite';

const FACADE = '\0require-builtin:';
const requireHere = createRequire(import.meta.url);
/** The builtins that stay ES imports: the facade's own loader. */
const KEEP_AS_IMPORT = new Set(['module']);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `node:fs`, `fs` → `fs`; anything not a Node builtin (or `module`) → undefined. */
export function builtinName(source: string): string | undefined {
  const name = source.startsWith('node:') ? source.slice('node:'.length) : source;
  if (name.startsWith('_') || KEEP_AS_IMPORT.has(name)) return undefined;
  return builtinModules.includes(name) ? name : undefined;
}

/**
 * The module that stands in for builtin `name`: it loads it with `require()` and exports its
 * plain (data) properties by name and the whole module as the default. Its lazy getters are left
 * out, so none of them runs; importing one by name fails the build.
 */
export function facadeSource(name: string): string {
  const builtin = requireHere(`node:${name}`) as object;
  const names = Object.entries(Object.getOwnPropertyDescriptors(builtin))
    .filter(([key, descriptor]) => 'value' in descriptor && IDENTIFIER.test(key))
    .map(([key]) => key)
    .filter((key) => key !== 'default');
  return [
    `import { createRequire } from 'node:module';`,
    `const builtin = createRequire(import.meta.url)('node:${name}');`,
    `export default builtin;`,
    names.length ? `export const { ${names.join(', ')} } = builtin;` : '',
  ].join('\n');
}

/**
 * Whether an import of a builtin from `importer` goes through the facade: the project's own static
 * imports (a dynamic `import()` loads on demand, in its own time, and stays one).
 */
function isOwnImport(importer: string | undefined, kind: string | undefined): boolean {
  if (!importer || importer.startsWith(FACADE) || kind !== 'import-statement') return false;
  return !importer.replaceAll('\\', '/').includes('/node_modules/');
}

/**
 * Loads Node's builtins through `require()` where the project's own modules import them, in the
 * bundles Node runs (the CLI, serve, the hook). An ES import of a builtin makes Node build its
 * module namespace, which reads every export, lazy getters included: on Node 22,
 * `import { createServer } from 'node:http'` loads undici (fetch), http2, zlib, tls, readline and
 * perf_hooks, ~20 ms and ~10 MB of RSS in every process (docs/benchmarks.md, idle RSS).
 * `require()` returns the module object and leaves its getters lazy. Dependencies' imports, and
 * every `require()`, stay as they are: the plugin only decides how the project's own `import`s of
 * builtins are loaded.
 */
export function requireBuiltins(): Plugin {
  return {
    name: 'hitl-require-builtins',
    apply: 'build',
    enforce: 'pre',
    // electron-vite lists every builtin as external, which would skip resolveId below for them.
    options(options) {
      const external = options.external;
      if (!Array.isArray(external)) return undefined;
      return {
        ...options,
        external: external.filter((id) => typeof id !== 'string' || builtinName(id) === undefined),
      };
    },
    resolveId(source, importer, options) {
      const name = builtinName(source);
      if (name === undefined) return undefined;
      if (isOwnImport(importer, (options as { kind?: string }).kind)) return FACADE + name;
      return { id: source, external: true };
    },
    load(id) {
      return id.startsWith(FACADE) ? facadeSource(id.slice(FACADE.length)) : undefined;
    },
  };
}
