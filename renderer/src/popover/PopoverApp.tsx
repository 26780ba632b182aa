import { useCallback, useEffect, useRef, useState } from 'react';
import type { InboxClient } from '../client/inbox-client';
import { Notices } from '../components/Notices';
import { useDepartureNotices } from '../components/use-departure-notices';
import { useNow } from '../hooks/use-now';
import { useUnreadable } from '../hooks/use-unreadable';
import { useI18n } from '../i18n/I18nProvider';
import { KeyHelp } from '../keys/LazyKeyHelp';
import { watchKeys } from '../keys/reflex-guard';
import { useInbox } from '../state/use-inbox';
import { PopoverBar } from './PopoverBar';
import { PopoverCard } from './PopoverCard';
import { PopoverProblems } from './PopoverProblems';
import { usePopoverAnswer } from './use-popover-answer';
import { usePopoverFocus } from './use-popover-focus';
import { usePopoverAct } from './use-popover-act';
import { usePopoverRequest } from './use-popover-request';
import { popoverHintKey, popoverText } from './popover-strings';
import './popover.css';

import type { PopoverShell } from './popover-shell';
export type { PopoverShell };

/**
 * The tray popover: one pending request at a time, soonest deadline first (then oldest; the
 * main window's order), answered from the keyboard.
 */
export function PopoverApp({ client, shell }: { client: InboxClient; shell: PopoverShell }) {
  const { language } = useI18n();
  const { state } = useInbox(client);
  const problems = useUnreadable(client).items;
  const now = useNow();
  const { notices, dismiss, onResolving, onResolveFailed, held, dismissHeld } = useDepartureNotices(
    state.departures,
  );
  const shownRequest = usePopoverRequest(state, held);
  const { pending, index, request, shown, heldCard, want } = shownRequest;
  const isHeld = !!heldCard;
  const cardRef = useRef<HTMLElement>(null);
  const [help, setHelp] = useState(false);
  const closeHelp = useCallback(() => setHelp(false), []);
  const showHelp = useCallback(() => setHelp(true), []);
  useEffect(() => watchKeys(), []);
  const answer = usePopoverAnswer(client, request, { onResolving, onResolveFailed, want });
  const { busy, error, submit, clear } = answer;
  usePopoverFocus(
    cardRef,
    shell,
    want,
    { request, shownId: shown?.id, held: isHeld, loaded: state.loaded },
    clear,
  );
  const act = usePopoverAct(shell, shownRequest, answer, cardRef, showHelp);
  const hintKey = popoverHintKey(request);

  // Nothing until the list has come: no "all clear" before it is known (on a cold open the early
  // card, popover/early-card.ts, shows the first request meanwhile).
  if (!state.loaded) return null;
  return (
    <div className="popover">
      <PopoverBar
        index={index}
        count={pending.length}
        canMove={pending.length > 1 && !isHeld}
        act={act}
      />
      <PopoverProblems items={problems} open={() => shell.openInWindow(null)} />
      {shown ? (
        <PopoverCard
          request={shown}
          held={heldCard}
          onDismissHeld={() => dismissHeld(shown.id)}
          cardRef={cardRef}
          client={client}
          now={now}
          busy={busy}
          error={error}
          submit={submit}
        />
      ) : (
        <p className="popover-empty" ref={(el) => el?.focus()} tabIndex={-1}>
          {popoverText(language, problems.length ? 'nothingPending' : 'allClear')}
        </p>
      )}
      {/* The latest notice takes the footer's place so it never covers or pushes away the card's inputs. */}
      {notices.length ? (
        <footer className="popover-keys popover-notice-bar">
          <Notices notices={notices.slice(-1)} dismiss={dismiss} />
        </footer>
      ) : hintKey ? (
        <footer className="popover-keys hint">{popoverText(language, hintKey)}</footer>
      ) : null}
      {help ? <KeyHelp onClose={closeHelp} /> : null}
    </div>
  );
}
