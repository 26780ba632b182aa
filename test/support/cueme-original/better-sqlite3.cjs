/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded with --require */
// The part of better-sqlite3's API the original cueme uses, over node:sqlite (Node >= 22.13).
// Like better-sqlite3 it waits up to 5 s on a locked database (its default `timeout`).
const { DatabaseSync } = require('node:sqlite');

// SQLite skips the busy handler where waiting could deadlock (a read lock upgraded to a write one,
// a WAL header in recovery), so several processes opening the mailbox at once can still see
// SQLITE_BUSY at once. A user would retry; so does this stand-in, for up to the same 5 s.
const pause = new Int32Array(new SharedArrayBuffer(4));
function retryBusy(work, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return work();
    } catch (error) {
      if (error?.errcode !== 5 || Date.now() > until) throw error;
      Atomics.wait(pause, 0, 0, 10 + Math.random() * 20);
    }
  }
}

const params = (args) => (args.length === 1 && Array.isArray(args[0]) ? args[0] : args);

class Database {
  constructor(file, options = {}) {
    this.db = new DatabaseSync(file);
    this.db.exec(`PRAGMA busy_timeout = ${options.timeout ?? 5000}`);
  }
  prepare(sql) {
    const statement = retryBusy(() => this.db.prepare(sql));
    return {
      run: (...args) => {
        const info = retryBusy(() => statement.run(...params(args)));
        return { changes: Number(info.changes), lastInsertRowid: info.lastInsertRowid };
      },
      get: (...args) => retryBusy(() => statement.get(...params(args))),
      all: (...args) => retryBusy(() => statement.all(...params(args))),
    };
  }
  pragma(text) {
    return retryBusy(() => this.db.prepare(`PRAGMA ${text}`).all());
  }
  exec(sql) {
    retryBusy(() => this.db.exec(sql));
    return this;
  }
  close() {
    this.db.close();
  }
}

module.exports = Database;
