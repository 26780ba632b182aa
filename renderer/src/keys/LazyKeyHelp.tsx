import { lazy, Suspense } from 'react';

// Loaded when ? is first pressed: the overlay (and its undo setting) stay out of the first load.
const KeyHelpView = lazy(() => import('./KeyHelp').then((m) => ({ default: m.KeyHelp })));

/** The keyboard help overlay (`KeyHelp`), its code loaded on first use. */
export function KeyHelp({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <KeyHelpView onClose={onClose} />
    </Suspense>
  );
}
