// Run as `node --allow-natives-syntax --import tsx <this file>` (any Node the broker supports):
// prints whether pending records of one kind of request share one hidden class.
import { pendingRecord } from '../../main/broker/pending-record';
import { fileRequest } from './record-fixtures';

const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;
const records = Array.from({ length: 3000 }, (_, i) =>
  pendingRecord(
    fileRequest(i),
    () => 'x',
    () => 1,
  ),
);
const shared = records.filter((record) => haveSameMap(records[0]!, record)).length;
process.stdout.write(JSON.stringify({ shared, of: records.length }));
