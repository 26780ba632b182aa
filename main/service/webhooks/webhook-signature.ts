import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature header, in GitHub's convention. */
export const SIGNATURE_HEADER = 'x-hub-signature-256';

/** `sha256=<hex>`: HMAC-SHA256 of the raw body with the webhook secret (GitHub's convention). */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * True when `header` is the signature of `body` under `secret`, compared in constant time: what a
 * receiver does (and the tests do) with the raw body before parsing it.
 */
export function verifySignature(secret: string, body: string, header: string | undefined): boolean {
  if (header === undefined) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
