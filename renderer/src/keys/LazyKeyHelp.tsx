import { lazy, Suspense } from 'react';

// Loaded when ? is first pressed: the overlay (and its undo setting) stay out of the first load.
const KeyHelpView = lazy(() => import('./KeyHelp').then((m) => ({ default: m.KeyHelp })));
// The hint line comes from the same key table (same chunk), loaded after the first card.
const KeyHintView = lazy(() => import('./KeyHelp').then((m) => ({ default: m.KeyHint })));

/** The keyboard help overlay (`KeyHelp`), its code loaded on first use. */
export function KeyHelp({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <KeyHelpView onClose={onClose} />
    </Suspense>
  );
}

/** The inbox's key hint line (`KeyHint`), its code (the key table) loaded after the first card. */
export function KeyHint() {
  return (
    <Suspense fallback={null}>
      <KeyHintView />
    </Suspense>
  );
}
