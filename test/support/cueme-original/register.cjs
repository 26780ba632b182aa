/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded with --require */
// Loaded with `--require` before the original cueme 0.1.16 (test/fixtures/cueme-0.1.16): its
// native better-sqlite3 cannot be built here, so `require('better-sqlite3')` gets the stand-in
// over node:sqlite next to this file (same SQLite, same file locking); chardet and iconv-lite
// (stdin encoding sniffing) get UTF-8 stand-ins. Everything else is the published code as is.
const Module = require('node:module');
const path = require('node:path');

const standIns = {
  'better-sqlite3': path.join(__dirname, 'better-sqlite3.cjs'),
  chardet: path.join(__dirname, 'chardet.cjs'),
  'iconv-lite': path.join(__dirname, 'iconv-lite.cjs'),
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return standIns[request] ?? resolve.call(this, request, ...rest);
};
