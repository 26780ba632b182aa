import { lazyPackage } from './load-package';

/**
 * Stand-ins for the packages conf imports at its top level for features the broker's conf files
 * never use: ajv and ajv-formats (a `schema`), semver (`migrations`). The build points conf's
 * imports here (electron.vite.config.ts, lazyConfDeps): evaluating ajv and semver cost every
 * start ~25 ms and an idle broker ~1 MB, for nothing. Each loads the real package on first use.
 */
const ajv = lazyPackage<{ Ajv2020: new (...args: unknown[]) => object }>('ajv/dist/2020.js');

/** `new Ajv2020(options)`: the real class, constructed on first use. */
export function Ajv2020(...args: unknown[]): object {
  return new (ajv().Ajv2020)(...args);
}
