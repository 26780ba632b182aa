import { expect } from 'vitest';

/**
 * That an element a query found is on show: still in the document, and not inside content the
 * page hides (`hidden`, `aria-hidden="true"`, `inert`, a closed `<details>`). A `getBy…` query
 * already fails when nothing matches; this fails when what matched is there but not shown.
 */
export function expectShown(element: HTMLElement): void {
  expect(element.isConnected, 'in the document').toBe(true);
  const hiddenBy = element.closest('[hidden], [aria-hidden="true"], [inert]');
  expect(hiddenBy?.outerHTML.slice(0, 120) ?? null, 'inside hidden content').toBeNull();
  const details = element.parentElement?.closest('details:not([open])');
  const inSummary = details && element.closest('summary')?.parentElement === details;
  expect(
    details && !inSummary ? 'a closed <details>' : null,
    'inside a closed <details>',
  ).toBeNull();
}
