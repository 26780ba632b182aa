// Declarations for the two untyped packages the workflow and build-config tests read with
// (devDependencies at the versions electron-updater brings; only the functions used are declared).
declare module 'js-yaml' {
  /** Parses one YAML document. */
  export function load(text: string): unknown;
}
declare module 'semver' {
  /** Whether `version` is in `range`. */
  export function satisfies(version: string, range: string): boolean;
}
