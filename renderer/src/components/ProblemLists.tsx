import type { UnreadableItem } from '@contract/unreadable';
import type { DirProblemView } from '../client/inbox-client';
import { DirProblems } from './DirProblems';
import { UnreadableItems } from './UnreadableItems';

/** The handshake dirs no longer watched, then what could not be read (each list only if any). */
export function ProblemLists({
  dirProblems,
  unreadable,
  onDismiss,
}: {
  dirProblems: DirProblemView[];
  unreadable: UnreadableItem[];
  onDismiss: (id: string) => void;
}) {
  return (
    <>
      <DirProblems problems={dirProblems} />
      <UnreadableItems items={unreadable} onDismiss={onDismiss} />
    </>
  );
}
