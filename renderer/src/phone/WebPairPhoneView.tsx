import { useMemo } from 'react';
import { HttpPhonePairing } from './http-phone-pairing';
import { PairPhonePanel } from './PairPhonePanel';

/** The web inbox's "Pair a phone" view (loaded on first use): the panel over the broker's API. */
export function WebPairPhoneView() {
  const api = useMemo(() => new HttpPhonePairing(''), []);
  return (
    <div className="pair-phone-view">
      <PairPhonePanel api={api} />
    </div>
  );
}
