import type { UnreadableItem } from '@contract/unreadable';
import type { DirProblemView } from '../client/inbox-client';
import { DirProblems } from './DirProblems';
import { UnreadableItems } from './UnreadableItems';
import { UndeliveredItems } from './UndeliveredItems';

/**
 * The handshake dirs no longer watched, answers not yet delivered, then what could not be read
 * (each list only if any).
 */
export function ProblemLists({
  dirProblems,
  unreadable,
  onDismiss,
}: {
  dirProblems: DirProblemView[];
  unreadable: UnreadableItem[];
  onDismiss: (id: string) => void;
}) {
  const undelivered = unreadable.filter((item) => item.kind === 'undelivered');
  const unread = unreadable.filter((item) => item.kind !== 'undelivered');
  return (
    <>
      <DirProblems problems={dirProblems} />
      <UndeliveredItems items={undelivered} onDismiss={onDismiss} />
      <UnreadableItems items={unread} onDismiss={onDismiss} />
    </>
  );
}
