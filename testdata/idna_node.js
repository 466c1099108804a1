// idna_node.js records what Node's URL parser makes of the hosts of the
// ascii cases of idna.txt, for TestIDNANode: the host of
// new URL("http://" + input + "/"), or "!" when it throws, and
// url.domainToASCII(input) ("" on failure). Run it from the repository
// root:
//
//	node testdata/idna_node.js > testdata/idna_node.txt
"use strict";
const fs = require("fs");
const url = require("url");

// unquote reads a Go string literal as idna.txt writes them.
function unquote(q) {
  let out = "";
  for (let i = 1; i < q.length - 1; i++) {
    const c = q[i];
    if (c !== "\\") { out += c; continue; }
    const e = q[++i];
    switch (e) {
      case "t": out += "\t"; break;
      case "n": out += "\n"; break;
      case "r": out += "\r"; break;
      case "\\": out += "\\"; break;
      case "\"": out += "\""; break;
      case "x": out += String.fromCharCode(parseInt(q.substr(i + 1, 2), 16)); i += 2; break;
      case "u": out += String.fromCodePoint(parseInt(q.substr(i + 1, 4), 16)); i += 4; break;
      case "U": out += String.fromCodePoint(parseInt(q.substr(i + 1, 8), 16)); i += 8; break;
      default: throw new Error("escape \\" + e);
    }
  }
  return out;
}

const lines = fs.readFileSync("testdata/idna.txt", "utf8").split("\n");
console.log("# Node " + process.version + " (ICU " + process.versions.icu + ", Unicode " + process.versions.unicode + ")");
console.log("# on the ascii cases of idna.txt, by testdata/idna_node.js: the input, the host of");
console.log("# new URL(\"http://\" + input + \"/\") or ! if it throws, and url.domainToASCII(input).");
for (const line of lines) {
  const m = /^ascii\s+("(?:[^"\\]|\\.)*")/.exec(line);
  if (!m) continue;
  const input = unquote(m[1]);
  if (/\\x[89a-f]/i.test(m[1])) continue; // not UTF-8: JavaScript strings cannot hold it
  let host;
  try { host = new URL("http://" + input + "/").host; } catch (e) { host = "!"; }
  console.log(m[1] + "\t" + JSON.stringify(host) + "\t" + JSON.stringify(url.domainToASCII(input)));
}
