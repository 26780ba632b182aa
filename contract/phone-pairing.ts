import { z } from 'zod';

/**
 * A QR code as the renderer draws it: `size` modules a side (quiet zone not included) and one
 * SVG path of its dark modules (only `M`, `h`, `v`, `z`, digits and spaces: no markup).
 */
export const QrCodeSchema = z.object({
  size: z.number().int().min(21).max(177),
  path: z
    .string()
    .max(200_000)
    .regex(/^[Mhvz0-9 -]*$/, 'a QR path holds only M, h, v, z and numbers'),
});
export type QrCode = z.infer<typeof QrCodeSchema>;

/** A one-time link that pairs a phone (`POST /api/pairing-links`, the desktop's IPC). */
export const PairingLinkSchema = z.object({
  /** The login link the QR code holds (a one-time code, short-lived). */
  url: z.string().url().max(2048),
  /** When the link stops working (ms since the epoch). */
  expiresAt: z.number(),
  qr: QrCodeSchema,
  /**
   * `public`: the link is for the broker's public URL (`--public-url`); `local`: none is set, so
   * the link names the broker's own address, which a phone usually cannot reach (127.0.0.1).
   */
  reach: z.enum(['public', 'local']),
});
export type PairingLink = z.infer<typeof PairingLinkSchema>;

/** A paired phone's session, as settings list it (nothing in it logs anyone in). */
export const PhoneSessionViewSchema = z.object({
  id: z.string().min(1).max(64),
  /** A short name from the user agent, e.g. `Android · Chrome`. */
  label: z.string().max(200),
  /** The browser's user agent when it paired (capped). */
  userAgent: z.string().max(500),
  pairedAt: z.number(),
  lastUsedAt: z.number(),
});
export type PhoneSessionView = z.infer<typeof PhoneSessionViewSchema>;

/** `GET /api/phone-sessions`: the paired phones, most recently paired first. */
export const PhoneSessionListSchema = z.object({
  sessions: z.array(PhoneSessionViewSchema).max(1000),
});
export type PhoneSessionList = z.infer<typeof PhoneSessionListSchema>;

/**
 * Pairing a phone and its sessions, for the pairing view and the desktop settings: over HTTP in
 * the web inbox, over IPC in the desktop app. Errors carry a message to show.
 */
export interface PhonePairingApi {
  createLink(): Promise<PairingLink>;
  list(): Promise<PhoneSessionList>;
  revoke(id: string): Promise<PhoneSessionList>;
}
