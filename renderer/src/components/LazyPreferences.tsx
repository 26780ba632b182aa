import { lazy, Suspense, type ComponentProps } from 'react';

// The top bar's preferences paint no card: loaded after the first one, out of the first load.
const PreferencesView = lazy(() =>
  import('./Preferences').then((m) => ({ default: m.Preferences })),
);

/**
 * The top bar's preferences (`Preferences`), their code loaded on first render. Until then a
 * hidden select holds the bar at its height, so nothing moves when they arrive.
 */
export function Preferences(props: ComponentProps<typeof PreferencesView>) {
  return (
    <Suspense fallback={<select className="prefs-hold" aria-hidden tabIndex={-1} disabled />}>
      <PreferencesView {...props} />
    </Suspense>
  );
}
