import pkg from '../package.json' with { type: 'json' };

/** The package version, shown by `--version` and in the UI. */
export const version: string = pkg.version;
