// links_node.js: checks the scheme column of links.txt against Node's URL
// (the URL Standard's basic URL parser): new URL(href, base).protocol, with
// no base where base="" is written, and FAIL where it throws.
// Run: node testdata/links_node.js < testdata/links.txt (prints the rows that differ)
const lines = require('fs').readFileSync(0, 'utf8').split('\n');
let n = 0, bad = 0;
for (const line of lines) {
  const m = line.match(/^link (".*?(?<!\\)(?:\\\\)*") base=(".*?(?<!\\)(?:\\\\)*") scheme=(\S+)/);
  if (!m) continue;
  const un = (q) => JSON.parse(q.replace(/\\x([0-9a-fA-F]{2})/g, '\\u00$1'));
  const href = un(m[1]), base = un(m[2]);
  let got;
  try { got = new URL(href, base === '' ? undefined : base).protocol.replace(/:$/, ''); } catch (e) { got = 'FAIL'; }
  if (got === '') got = 'none';
  n++;
  if (got !== m[3]) { bad++; console.log(`differs: ${line}\n   node: ${got}`); }
}
console.log(`${n} rows, ${bad} differ`);
