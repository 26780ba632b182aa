// Stand-in for chardet: the tests pipe UTF-8 only.
module.exports = { detect: () => 'UTF-8' };
