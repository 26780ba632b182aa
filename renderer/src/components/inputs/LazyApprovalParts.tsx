import { lazy, Suspense, type ComponentProps } from 'react';

// The permission card's parts shown only when asked for ("Always allow…", "Edit, then allow…"):
// loaded when first opened, out of the inbox's first load.
const AlwaysRuleView = lazy(() => import('./AlwaysRule').then((m) => ({ default: m.AlwaysRule })));
const EditThenAllowView = lazy(() =>
  import('./EditThenAllow').then((m) => ({ default: m.EditThenAllow })),
);

/** The "always allow" rule (`AlwaysRule`: the scope chooser), its code loaded on first use. */
export function AlwaysRule(props: ComponentProps<typeof AlwaysRuleView>) {
  return (
    <Suspense fallback={null}>
      <AlwaysRuleView {...props} />
    </Suspense>
  );
}

/** Edit before allowing (`EditThenAllow`), its code loaded on first use. */
export function EditThenAllow(props: ComponentProps<typeof EditThenAllowView>) {
  return (
    <Suspense fallback={null}>
      <EditThenAllowView {...props} />
    </Suspense>
  );
}
