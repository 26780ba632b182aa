import {
  PairingLinkSchema,
  PhoneSessionListSchema,
  type PairingLink,
  type PhonePairingApi,
  type PhoneSessionList,
} from '@contract/phone-pairing';
import { BrokerRest } from '../client/broker-rest';

/** Pairing a phone over the broker's HTTP API (the web inbox); every answer checked with zod. */
export class HttpPhonePairing extends BrokerRest implements PhonePairingApi {
  async createLink(): Promise<PairingLink> {
    return PairingLinkSchema.parse(await this.call('POST', '/api/pairing-links', {}));
  }

  async list(): Promise<PhoneSessionList> {
    return PhoneSessionListSchema.parse(await this.call('GET', '/api/phone-sessions'));
  }

  async revoke(id: string): Promise<PhoneSessionList> {
    const path = `/api/phone-sessions/${encodeURIComponent(id)}/revoke`;
    return PhoneSessionListSchema.parse(await this.call('POST', path, {}));
  }
}
