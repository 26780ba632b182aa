/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, run by the tests under Node 22 */
// Answers a cue the way the original cue console does (another writer of the same mailbox):
// WAL journal, INSERT OR IGNORE into cue_responses, then the request's status.
// Usage: node console-respond.cjs <db> <request_id> <text> [cancelled]
const Database = require('./better-sqlite3.cjs');

const [dbPath, requestId, text, cancelled] = process.argv.slice(2);
const db = new Database(dbPath);
db.pragma('journal_mode = WAL');
db.prepare(
  'INSERT OR IGNORE INTO cue_responses (request_id, response_json, cancelled, created_at) VALUES (?, ?, ?, ?)',
).run(requestId, JSON.stringify({ text }), cancelled ? 1 : 0, new Date().toISOString());
db.prepare('UPDATE cue_requests SET status = ? WHERE request_id = ?').run(
  cancelled ? 'CANCELLED' : 'COMPLETED',
  requestId,
);
db.close();
