// web_idna_node.js records what Node's URL parser makes of the cases of
// testdata/web_idna.txt, for TestWebIDNANode: for each "web" row,
// new URL(input).href; for each "resolve" row, new URL(ref, base).href;
// "!" when it throws. Run it from the repository root:
//
//	node testdata/web_idna_node.js > testdata/web_idna_node.txt
"use strict";
const fs = require("fs");

// quoted reads the double-quoted strings at the start of s (JSON escapes).
function quoted(s, n) {
  const out = [];
  const re = /^\s*("(?:[^"\\]|\\.)*")/;
  for (let i = 0; i < n; i++) {
    const m = re.exec(s);
    out.push(JSON.parse(m[1]));
    s = s.slice(m[0].length);
  }
  return out;
}

const lines = fs.readFileSync("testdata/web_idna.txt", "utf8").split("\n");
console.log("# Node " + process.version + " (ICU " + process.versions.icu + ", Unicode " + process.versions.unicode + ")");
console.log("# on the web and resolve rows of testdata/web_idna.txt, by testdata/web_idna_node.js:");
console.log("# the base (\"\" for web rows), the input, and Node's href, or ! if it throws.");
for (let line of lines) {
  line = line.trim();
  if (line === "" || line[0] === "#") continue;
  const sp = line.indexOf(" ");
  const kind = line.slice(0, sp);
  let base = "", input;
  if (kind === "resolve") [base, input] = quoted(line.slice(sp), 2);
  else [input] = quoted(line.slice(sp), 1);
  let href = "!";
  try {
    href = (base === "" ? new URL(input) : new URL(input, base)).href;
  } catch (e) {}
  console.log([base, input, href].map((s) => JSON.stringify(s)).join("\t"));
}
