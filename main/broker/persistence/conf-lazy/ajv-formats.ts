import { lazyPackage } from './load-package';

type AddFormats = (ajv: object, options?: unknown) => object;

const formats = lazyPackage<{ default: AddFormats }>('ajv-formats');

/** conf's `ajvFormatsModule.default(ajv)`: ajv-formats, loaded on first use (see ajv-2020.ts). */
export default {
  default: (ajv: object, options?: unknown): object => formats().default(ajv, options),
};
