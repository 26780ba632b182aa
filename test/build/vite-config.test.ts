import type { Plugin, PluginOption } from 'vite';
import { describe, expect, it } from 'vitest';
import config from '../../electron.vite.config';

/** Hooks through which a plugin could change or redirect a module's source (a dependency's too). */
const SOURCE_HOOKS = ['resolveId', 'load', 'transform'] as const;
/**
 * The one plugin allowed those hooks: it decides how the project's own `import`s of Node builtins
 * load (through require()) and returns no dependency's source (test/scripts/vite/require-builtins).
 */
const BUILTINS_PLUGIN = 'hitl-require-builtins';

function plugins(options: PluginOption[] | undefined): Plugin[] {
  return (options ?? []).flat(Infinity as 1).filter((p): p is Plugin => !!p && 'name' in p);
}

describe('electron.vite.config.ts', () => {
  // Bundling a dependency is fine; rewriting its files makes every upgrade of it a research project
  // (issue 35: Fastify's server.js and conf's imports were rewritten for ~13 and ~25 ms of start-up).
  it.each(['main', 'preload'] as const)(
    'the %s build has no plugin that resolves, loads or transforms module sources (but builtins)',
    (target) => {
      const build = (config as Record<string, { plugins?: PluginOption[] }>)[target]!;
      const others = plugins(build.plugins).filter((plugin) => plugin.name !== BUILTINS_PLUGIN);
      const touching = others.flatMap((plugin) =>
        SOURCE_HOOKS.filter((hook) => plugin[hook]).map((hook) => `${plugin.name}.${hook}`),
      );
      expect(touching).toEqual([]);
    },
  );
});
