import { useEffect, useState } from 'react';
import {
  inboxChecksIfLoaded,
  loadInboxChecks,
  type InboxChecks,
} from '../client/inbox-checks-loader';

/** The zod checks (see inbox-checks-loader.ts): undefined until they have loaded after the first paint. */
export function useInboxChecks(): InboxChecks | undefined {
  const [checks, setChecks] = useState(inboxChecksIfLoaded);
  useEffect(() => {
    if (checks) return;
    let live = true;
    loadInboxChecks().then(
      (loaded) => live && setChecks(() => loaded),
      () => undefined, // The client reports a failed load; the card stays empty.
    );
    return () => {
      live = false;
    };
  }, [checks]);
  return checks;
}
