import { AuditLog } from '../../broker/audit-log';
import type { Broker } from '../../broker/broker';
import { lossesOf, lostAuditEntry } from '../../broker/resolution-losses';
import { describeError, type Cleanups } from './cleanups';

/**
 * The service's audit step: with `logFile`, every resolution (and, in team mode, every answer
 * that lost to another) is appended to that JSONL file. Returns undefined without it.
 */
export async function openAuditLog(
  broker: Broker,
  logFile: string | undefined,
  warn: (message: string) => void,
  cleanups: Cleanups,
): Promise<AuditLog | undefined> {
  if (!logFile) return undefined;
  const audit = await AuditLog.open(logFile, (error) =>
    warn(`audit log ${logFile}: ${describeError(error)}`),
  );
  const detach = audit.attach(broker);
  // An answer file that lost to another answer (team mode) is audited beside the winner.
  const detachLosses = lossesOf(broker).subscribe((loss, at) =>
    audit.append(lostAuditEntry(loss, at)),
  );
  cleanups.add(async () => {
    detach();
    detachLosses();
    await audit.close();
  });
  return audit;
}
