/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded with --require */
// The part of better-sqlite3's API the original cueme uses, over node:sqlite (Node >= 22.13).
// Like better-sqlite3 it waits up to 5 s on a locked database (its default `timeout`).
const { DatabaseSync } = require('node:sqlite');

const params = (args) => (args.length === 1 && Array.isArray(args[0]) ? args[0] : args);

class Database {
  constructor(file, options = {}) {
    this.db = new DatabaseSync(file);
    this.db.exec(`PRAGMA busy_timeout = ${options.timeout ?? 5000}`);
  }
  prepare(sql) {
    const statement = this.db.prepare(sql);
    return {
      run: (...args) => {
        const info = statement.run(...params(args));
        return { changes: Number(info.changes), lastInsertRowid: info.lastInsertRowid };
      },
      get: (...args) => statement.get(...params(args)),
      all: (...args) => statement.all(...params(args)),
    };
  }
  pragma(text) {
    return this.db.prepare(`PRAGMA ${text}`).all();
  }
  exec(sql) {
    this.db.exec(sql);
    return this;
  }
  close() {
    this.db.close();
  }
}

module.exports = Database;
