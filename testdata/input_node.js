// input_node.js records how Node's URL reads each URI that testdata/input.txt
// expects ParseUserInput to return, the boundary check for typed web addresses:
// a browser must read the host, port, path, query and fragment that the URI's
// fields hold.
//
//	node testdata/input_node.js    (from the repository root; Node 18 or later)
//
// It rewrites the lines between "# ---- BEGIN recorded from Node" and
// "# ---- END recorded from Node" in testdata/input.txt and leaves the rest of
// the file alone. The URIs are read from the file's "typed" lines; the
// answers are Node's.
"use strict";
const fs = require("fs");
const path = require("path");

// Go's strconv.Quote for the printable ASCII that URIs and Node's answers hold.
function goQuote(s) {
  if (!/^[\x20-\x7e]*$/.test(s)) throw new Error("not printable ASCII: " + JSON.stringify(s));
  return '"' + s.replace(/[\\"]/g, (c) => "\\" + c) + '"';
}

const file = path.join(__dirname, "input.txt");
const text = fs.readFileSync(file, "utf8");
const begin = "# ---- BEGIN recorded from Node", end = "# ---- END recorded from Node";
const i = text.indexOf(begin), j = text.indexOf(end);
if (i < 0 || j < i) throw new Error("input.txt has no BEGIN/END markers");

const seen = new Set();
const lines = [];
for (const line of text.slice(0, i).split("\n")) {
  const m = /^typed .* -> "([^"\\]*)"$/.exec(line);
  if (!m || seen.has(m[1])) continue;
  seen.add(m[1]);
  const u = new URL(m[1]);
  lines.push(`node ${goQuote(m[1])} href ${goQuote(u.href)} host ${goQuote(u.hostname)} port ${goQuote(u.port)} ` +
    `path ${goQuote(u.pathname)} query ${goQuote(u.search)} fragment ${goQuote(u.hash)}`);
}

const head = text.slice(0, text.indexOf("\n", i) + 1);
fs.writeFileSync(file, head + `# ${process.version}, ${lines.length} lines\n` + lines.join("\n") + "\n" + text.slice(j));
console.log(`input.txt: ${lines.length} lines recorded with Node ${process.version}`);
