/** Thrown when the code a figure or test needs has not landed yet (or lacks what it needs). */
export class NotAvailableError extends Error {
  override name = 'NotAvailableError';
}
