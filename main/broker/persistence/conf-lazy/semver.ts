import { lazyPackage } from './load-package';

const semver = lazyPackage<Record<string, unknown>>('semver');

/** conf's `semver.eq/clean/satisfies/lte/gt`: semver, loaded on first use (see ajv-2020.ts). */
export default new Proxy({} as Record<string, unknown>, {
  get: (_target, key) => semver()[key as string],
});
