// setters_node.js records what Node's URL setters make of generated
// cases, for TestWebSettersNode: each of the URL Standard's setters (URL
// Standard, "URL class") on each base URL below with each value below;
// the href setter, which does not read the URL, on the first base only;
// the row is the attribute, the base href, the value and the href after
// the setter ("!" when it throws, which only the href setter does). The
// bases are hrefs already as the serializer writes them, so that the Go
// side reads the same URL from ParseWeb. Run it from the repository root:
//
//	node testdata/setters_node.js > testdata/setters_node.txt
"use strict";

const bases = [
  "http://example.com/",
  "https://user:pass@example.com:8443/a/b?q=1#f",
  "ws://h:81/p",
  "file:///C:/dir/f",
  "file://host/share/x",
  "file:///",
  "http://192.168.0.1/",
  "http://[::1]:8080/",
  "https://xn--mnchen-3ya.de/x",
  "sc://h/p?q#f",
  "sc://u@h:1/",
  "sc:/p",
  "sc:opaque?q#f",
  "data:text/plain,hi",
  "sc://",
];

const values = [
  "", "x", "/", "\\", "?", "#", ":", "@", "[", "%", "%2e", "..", " ", "a\tb", " x ",
  "a b", "é", "münchen.de", "EXAMPLE.com", "1.2.3.4", "0x7f.1", "[::1]", "[::1]:99",
  "h:8080", "h:65536", "h:", ":80", "h/p", "h\\p", "x@y", "%41", "%zz", "xn--a",
  "XN--mnchen-3ya.de", "localhost", "http", "https:", "file", "sc", "a+b-c.d", "80",
  "443", "0080", "8x", "/a/../b", "/%2e%2E/x", "C:", "//x", "a?b#c", "ß",
  "'\"<>`{}^|", "?q", "#f", "http://x/",
];

const attrs = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

console.log("# Node " + process.version + " (ICU " + process.versions.icu + ", Unicode " + process.versions.unicode + ")");
console.log("# by testdata/setters_node.js: the attribute, the base href, the value, and the href after");
console.log("# url[attribute] = value, or ! if it throws; the href setter on the first base only.");
for (const attr of attrs) {
  for (const base of attr === "href" ? bases.slice(0, 1) : bases) {
    if (new URL(base).href !== base) throw new Error("base not serialized: " + base);
    for (const value of values) {
      let out;
      try {
        const u = new URL(base);
        u[attr] = value;
        out = u.href;
      } catch (e) {
        out = "!";
      }
      console.log([attr, base, value, out].map((s) => JSON.stringify(s)).join("\t"));
    }
  }
}
