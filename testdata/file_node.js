// file_node.js records how Node reads the file URIs of testdata/file.txt,
// for TestFileNode: Node's url.fileURLToPath for POSIX and for Windows
// (the other side of FromFilePath and FilePath in JavaScript tools and
// editors), and the host and pathname of its WHATWG URL (the browser's
// reading). Run it from the repository root with Node 20 or later:
//
//	node testdata/file_node.js > testdata/file_node.txt
//
// It reads the uri= field of every "from" row (a URI FromFilePath wrote)
// and the URI of every "to" row.
'use strict';
const fs = require('fs');
const url = require('url');

const rows = [];
for (const line of fs.readFileSync('testdata/file.txt', 'utf8').split('\n')) {
  const m = /^(from|to) ("(?:[^"\\]|\\.)*")(.*)$/.exec(line);
  if (!m) continue;
  if (m[1] === 'from') {
    const u = /\buri=("(?:[^"\\]|\\.)*")/.exec(m[3]);
    if (u) rows.push(['from', JSON.parse(u[1])]);
  } else {
    rows.push(['to', JSON.parse(m[2])]);
  }
}

const q = (s) => JSON.stringify(s);
const toPath = (u, windows) => {
  try {
    return q(url.fileURLToPath(u, { windows }));
  } catch (e) {
    return 'ERR';
  }
};

console.log('# Node ' + process.version + "'s readings of the file URIs of testdata/file.txt, written by");
console.log('# testdata/file_node.js (see there); TestFileNode compares them with FilePath.');
console.log('#');
console.log('#   node "URI" kind=from|to posix=PATH windows=PATH host="..." pathname="..."');
console.log('#');
console.log('# kind=from marks a URI that FromFilePath wrote; PATH is url.fileURLToPath\'s');
console.log('# answer or ERR; host and pathname are those of new URL(URI), or ERR.');
const seen = new Set();
for (const [kind, u] of rows) {
  const key = kind + ' ' + u;
  if (seen.has(key)) continue;
  seen.add(key);
  let host = 'ERR', pathname = 'ERR';
  try {
    const w = new URL(u);
    host = q(w.host);
    pathname = q(w.pathname);
  } catch (e) {}
  console.log(`node ${q(u)} kind=${kind} posix=${toPath(u, false)} windows=${toPath(u, true)} host=${host} pathname=${pathname}`);
}
