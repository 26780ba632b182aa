import { useEffect, useRef } from 'react';
import type { NotifyEvents } from '@contract/notify-events';
import { NotifyEventsChoice } from './NotifyEventsChoice';

/**
 * The web inbox's "which events notify" panel under the top bar's Notify me (loaded on first
 * open): the choice is this browser's, like Notify me and Sound. Escape (focus back on the
 * toggle) or a click outside closes it; focus goes to its first choice when it opens.
 */
export function NotifyEventsPanel({
  value,
  onChange,
  onClose,
}: {
  value: NotifyEvents;
  onChange: (next: NotifyEvents) => void;
  onClose: (refocus: boolean) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
    const outside = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!ref.current?.parentElement?.contains(target)) onClose(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [onClose]);
  return (
    <div
      ref={ref}
      id="notify-events-panel"
      className="notify-events-panel"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose(true);
      }}
    >
      <NotifyEventsChoice value={value} onChange={onChange} />
    </div>
  );
}
