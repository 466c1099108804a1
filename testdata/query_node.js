// query_node.js records Node's URLSearchParams answers into testdata/query.txt,
// the oracle for the package's mirror of the URL Standard's
// application/x-www-form-urlencoded parser, serializer and sort.
//
//	node testdata/query_node.js    (from the repository root; Node 18 or later)
//
// It rewrites the lines between "# ---- BEGIN recorded from Node" and
// "# ---- END recorded from Node" in testdata/query.txt and leaves the rest of
// the file alone. The inputs are listed here; the answers are Node's. Strings
// are written with Go's escapes (every byte outside printable ASCII escaped),
// so that strconv.Unquote reads them back.
"use strict";
const fs = require("fs");
const path = require("path");

// Queries read by the parser (form, tostring and sort lines). JavaScript
// strings cannot hold invalid UTF-8, so ill-formed sequences are written as
// percent-encodings; raw invalid bytes are Go-only cases in query.txt.
const queries = [
  // empty pieces and '='
  "", "a", "a=", "=", "=b", "==", "a=b", "&", "&&", "&&&", "a&b", "a=1&a=2", "a==b", "a=b=c",
  "a=1&&b=2&", "&a=1", "a=1&", "&&&a=b&&&&c=d&",
  // '+' and spaces
  "+", "++=++", "a+b=c+d", "a%2Bb=c%2bd", "a%20b=c%20d", "a=b+%2B+c", "a b=c d", "a\tb=c\nd",
  // percent-decoding, good and bad
  "%", "%%", "%2", "%2g", "%g2", "%zz=1", "%41%42%43=%61%62%63", "%7e=%7E", "a=%7e&b=~",
  "%3D=%26", "a=%3D%26", "%00=%0A%0D", "%25=%2525", "b=%2sf%2a", "%%2a", "a=%",
  // UTF-8, good and bad (one U+FFFD per maximal ill-formed subsequence)
  "%C3%A9=%c3%a9", "%e9", "%C3", "%C3x", "%E2%82A", "%E2%82", "%E0%9FA", "%E0%A0", "%C0%80",
  "%C1%BF", "%F0%8F%BF%BF", "%ED%A0%80", "%ED%9F%BF", "%F4%8F%BF%BF", "%F4%90%80%80", "%F5%80",
  "%F0%9F%98%80", "%F0%9F%98", "%FF%FE", "%80%BF", "%EF%BB%BF=x", "%EF%BF%BD=%EF%BF%BF",
  "\u00e9=\u00fc", "\u{1F600}=1", "\u20ac&\u20ac=x",
  // ';' and other delimiters are data
  "a;b=c;d", "a=1;b=2", ";", "a=1#frag", "a=?/:@", "a=[]", "?a=1", "a=1?b=2",
  // sort: stability, code units, decoded names
  "z=1&a=2&m=3", "b=2&a=1&b=1&a=2", "%61=1&a=2&%61=3", "=1&a=2&=3", "A=1&a=2&_=3&~=4&-=5&0=6",
  "%EE%80%80=1&%F0%9F%98%80=2&%EF%BF%BD=3&z=4", "%EF%BF%BF=1&%F4%8F%BF%BF=2&%E0%A0%80=3",
  "%C3%A9=1&e=2&f=3&%C3%A8=4", "b+c=1&b%20c=2&b%2Bc=3&b=4", "a%FF=1&a%FE=2&a=3&a%EF%BF%BD=4",
  "ab=1&a=2&abc=3&a=4&=5", "x=3&x=1&x=2&w=9", "%E2%82=1&%EF%BF%BD=2&%C3=3",
];

// Pair lists written by the serializer (serialize lines).
const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join("");
const pairLists = [
  [],
  [["", ""]],
  [["a", ""]],
  [["", "b"]],
  [["a", "b"], ["c", "d"]],
  [["a b", "dark blue & ~tilde* 'q'"]],
  [["name", ascii]],
  [[ascii, "v"]],
  [["\u00e9", "\u00fc\u20ac\u{1F600}"]],
  [["\uFFFD", "\uFEFF"]],
  [["a=b", "c&d"], ["e+f", "g%h"], ["i;j", "k#l"]],
  [["x", "1"], ["x", "2"], ["x", ""]],
  [["*-._", "!$'()~"]],
  [["\t\n\r", "\u0000\u007f"]],
];

// Data for one name, serialized alone: Encode(data, ComponentForm) is the
// text before the '=' (encode form lines).
const formData = ["", "abc", "a b", "~", "*", "-._", "!'()", "+", "%", "%20", "&=", "é", "\u{1F600}", ascii];

// RFC 3986, Section 2.3 encoding of the same data with the strict
// encodeURIComponent idiom (encode unreserved lines).
const strict = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());

function goQuote(s) {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    if (cp >= 0xd800 && cp <= 0xdfff) throw new Error("lone surrogate in " + JSON.stringify(s));
    if (ch === '"' || ch === "\\") out += "\\" + ch;
    else if (cp >= 0x20 && cp < 0x7f) out += ch;
    else if (cp < 0x80) out += "\\x" + cp.toString(16).padStart(2, "0");
    else if (cp <= 0xffff) out += "\\u" + cp.toString(16).padStart(4, "0");
    else out += "\\U" + cp.toString(16).padStart(8, "0");
  }
  return out + '"';
}

const pairs = (p) => [...p].map(([k, v]) => goQuote(k) + " " + goQuote(v)).join(" ");
// The constructor strips one leading '?' before parsing; an '&' in front
// keeps it (an empty piece, which the parser skips).
const params = (q) => new URLSearchParams(q.startsWith("?") ? "&" + q : q);

const lines = [];
for (const q of queries) {
  lines.push(`form ${goQuote(q)} -> ${pairs(params(q))}`.trimEnd());
  lines.push(`tostring ${goQuote(q)} -> ${goQuote(params(q).toString())}`);
  const p = params(q);
  p.sort();
  lines.push(`sort ${goQuote(q)} -> ${pairs(p)}`.trimEnd());
}
for (const list of pairLists) {
  const p = new URLSearchParams();
  for (const [k, v] of list) p.append(k, v);
  lines.push(`serialize ${list.map(([k, v]) => goQuote(k) + " " + goQuote(v)).join(" ")} -> ${goQuote(p.toString())}`.replace("serialize  ->", "serialize ->"));
}
for (const d of formData) {
  const s = new URLSearchParams([[d, ""]]).toString();
  lines.push(`encode form ${goQuote(d)} -> ${goQuote(s.slice(0, -1))}`);
  lines.push(`encode unreserved ${goQuote(d)} -> ${goQuote(strict(d))}`);
}

const file = path.join(__dirname, "query.txt");
const text = fs.readFileSync(file, "utf8");
const begin = "# ---- BEGIN recorded from Node", end = "# ---- END recorded from Node";
const i = text.indexOf(begin), j = text.indexOf(end);
if (i < 0 || j < i) throw new Error("query.txt has no BEGIN/END markers");
const head = text.slice(0, text.indexOf("\n", i) + 1);
const out = head + `# ${process.version}, ${lines.length} lines\n` + lines.join("\n") + "\n" + text.slice(j);
fs.writeFileSync(file, out);
console.log(`query.txt: ${lines.length} lines recorded with Node ${process.version}`);
