/** A globalSetup that fails before any test file runs. */
export default function setup(): void {
  throw new Error('no browser for this run');
}
