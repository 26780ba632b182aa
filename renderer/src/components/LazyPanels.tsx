import { lazy, Suspense, type ComponentProps } from 'react';

// Panels no first card needs, loaded when first shown: out of the inbox's first load.
const AgentContextView = lazy(() =>
  import('./AgentContextPanel').then((m) => ({ default: m.AgentContextPanel })),
);
const EmptyStateView = lazy(() => import('./EmptyState').then((m) => ({ default: m.EmptyState })));
const ProblemListsView = lazy(() =>
  import('./ProblemLists').then((m) => ({ default: m.ProblemLists })),
);

/** The agent's context beside its card (`AgentContextPanel`), its code loaded on first use. */
export function AgentContextPanel(props: ComponentProps<typeof AgentContextView>) {
  return (
    <Suspense fallback={null}>
      <AgentContextView {...props} />
    </Suspense>
  );
}

/** `ProblemLists`, its code loaded when there is a first problem to show. */
export function ProblemLists(props: ComponentProps<typeof ProblemListsView>) {
  if (!props.dirProblems.length && !props.unreadable.length) return null;
  return (
    <Suspense fallback={null}>
      <ProblemListsView {...props} />
    </Suspense>
  );
}

/** The empty inbox's page (`EmptyState`: how to connect an agent), its code loaded when shown. */
export function EmptyState(props: ComponentProps<typeof EmptyStateView>) {
  return (
    <Suspense fallback={null}>
      <EmptyStateView {...props} />
    </Suspense>
  );
}
