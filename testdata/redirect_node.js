// redirect_node.js records the browser's answers for testdata/redirect.txt:
// how Node's URL (the URL Standard's parser, as browsers read an href, a
// Location header or a ?next= parameter) resolves each reference against
// its base, and whether the result has the base's origin (HTML Standard,
// "same origin": both origins tuples, and equal).
//
//	node testdata/redirect_node.js    (from the repository root; Node 18 or later)
//
// It rewrites the lines between "# ---- BEGIN recorded from Node" and
// "# ---- END recorded from Node" in testdata/redirect.txt and leaves the rest
// of the file alone. The bases and references are listed here; the answers
// are Node's. Strings are written as JSON strings, which Go's strconv.Unquote
// reads back.
"use strict";
const fs = require("fs");
const path = require("path");

// Payloads of published open-redirect and redirect_uri advisories (gitea,
// gogs, miniflux, probo, kargo, the MCP registry, zitadel, go-oauth2) and
// their relatives, against a login page: each is what an attacker puts in
// ?next= or a Location the server copies.
const attack = [
  // the browser reads an authority: "//", "/\", "\\" and their mixes
  "//evil.com", "//evil.com/", "///evil.com", "////evil.com", "/\\evil.com", "\\\\evil.com",
  "\\/evil.com", "/\\/evil.com", "\\\\\\evil.com", "//\\evil.com", "/\\\\evil.com",
  "//evil.com/%2F..", "//evil.com\\@app.example.com", "\\\\evil.com@app.example.com",
  // percent-encoded slashes and backslashes stay in the path
  "/%2F/evil.com", "/%2f%2fevil.com", "/%5Cevil.com", "/%5c%5cevil.com", "/%2F%5Cevil.com",
  "%2F%2Fevil.com", "/%09/evil.com", "/%0A/evil.com",
  // dot segments before a backslash
  "/../\\evil.com", "/a/../\\evil.com", "/./\\evil.com", "/.//evil.com", "/.\\/evil.com",
  "/..//evil.com", "/a/..//evil.com", "/%2e%2e/\\evil.com", "/%2e/%2e%2e//evil.com",
  // tabs, newlines, spaces and controls, which the parser removes or strips
  "/\t/evil.com", "/\n/evil.com", "/\r\n/evil.com", "\t//evil.com", "\n//evil.com",
  " //evil.com", "  /\\evil.com", "\u0000//evil.com", "\u0001//evil.com", "\u001f/\\evil.com",
  "/\t\\evil.com", "\\\t\\evil.com", "/ /evil.com", "/\u000b/evil.com", "//evil.com\t",
  // schemes: special ones without slashes read an authority, others are opaque
  "https:evil.com", "https:/evil.com", "https:\\\\evil.com", "https:///evil.com", "http:evil.com",
  "HTTPS:evil.com", "ht\ttps://evil.com", "https:app.example.com", "https:/app.example.com/x",
  "https://app.example.com", "https://app.example.com/next", "HTTPS://APP.EXAMPLE.COM/",
  "ftp://app.example.com/", "ws://app.example.com/", "wss://app.example.com/",
  "javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)", " javascript:alert(1)",
  "javascript://app.example.com/%0aalert(1)", "jav&#x09;ascript:alert(1)",
  "data:text/html,<script>alert(1)</script>", "data:,x", "about:blank", "mailto:a@example.com",
  "file:///etc/passwd", "blob:https://app.example.com/0f1e", "blob:https://evil.com/0f1e",
  "blob:http://app.example.com/0f1e", "blob:null/0f1e", "blob:blob:https://app.example.com/x",
  "view-source:https://app.example.com/", "x:y", "a:b/c", "evil.com:443",
  // userinfo look-alikes
  "https://app.example.com@evil.com", "https://app.example.com:443@evil.com/",
  "https://evil.com@app.example.com/", "//evil.com@app.example.com/", "//app.example.com@evil.com/",
  "https://app.example.com%40evil.com/", "https://app.example.com%2F@evil.com/",
  "https://app.example.com\\@evil.com/", "https://app.example.com#@evil.com/",
  "https://app.example.com?@evil.com/", "https://user:pass@app.example.com/",
  "https://app.example.com.evil.com/", "https://evil.com/app.example.com",
  "https://evil.com?app.example.com", "https://evil.com#app.example.com",
  // hosts written another way
  "//APP.EXAMPLE.COM/x", "//app.example.com./", "//app.example.com:443/", "//app.example.com:0443/",
  "//app.example.com:/", "//app.example.com:80/", "//app.example.com:8443/",
  "//app.example.com:99999/", "//app.example.com:4a/", "//app.%65xample.com/",
  "//app%2Eexample.com/", "//app.example.com%00/", "//app.example%2Ecom%2F/",
  "//127.0.0.1/", "//0x7f.1/", "//2130706433/", "//0177.0.0.1/", "//127.1/", "//127.0.0.1./",
  "//256.0.0.1/", "//1.2.3.4.5/", "//[::1]/", "//[0:0:0:0:0:0:0:1]/", "//[::ffff:127.0.0.1]/",
  "//[::1/", "//[::1]x/", "//[v1.x]/", "//[::1%25lo]/",
  // paths, queries and fragments that stay
  "", "/", "/account", "account", "./account", "../account", "../../../../x", "?page=2",
  "#top", ".", "..", "/a b", "/café", "/%2e%2e/x", "/a?next=//evil.com", "/a#//evil.com",
  "/\\", "\\", "\\a", "/a\\b", "?next=https://evil.com", "/login?next=%2F%2Fevil.com",
  "/@evil.com", "@evil.com", ":evil.com", "/:evil.com", "%0d%0aSet-Cookie:x",
  "/a\u0000b", "/a%00b", "/日本", "/x?q=a b",
];

// Bases and the references to try on each: the login page gets every
// payload; the others, where their scheme, host form or port matters.
const bases = [
  ["https://app.example.com/login?next=x", attack],
  ["http://127.0.0.1:8080/cb", [
    "//127.0.0.1:8080/x", "//127.0.0.1/x", "//localhost:8080/", "http://127.0.0.1:8080/", "//0x7f.0.0.1:8080/",
    "//2130706433:8080/", "//127.1:8080/", "//127.0.0.1:08080/", "//[::1]:8080/", "http:/x", "http:\\\\127.0.0.1:8080",
    "/x", "//evil.com:8080/", "https://127.0.0.1:8080/",
  ]],
  ["https://app.example.com:8443/a/b/c", [
    "//app.example.com/", "//app.example.com:8443/", "https://app.example.com:8443/x", "../../x", "https:x",
    "https:/x", "https://app.example.com:443/", "/\\app.example.com:8443/",
  ]],
  ["http://[::1]/x", ["//[::1]/y", "//[0::1]:80/", "//[::1]:81/", "//127.0.0.1/", "/y", "http:/y", "//[::1", "//::1/"]],
  ["https://APP.Example.COM/", ["/x", "//app.example.com/", "https://app.example.com:443", "//APP.EXAMPLE.COM./"]],
  ["ws://chat.example/", ["/room", "//chat.example/", "wss://chat.example/", "http://chat.example/", "ws:room"]],
  ["file:///home/me/a.html", ["/etc/passwd", "b.html", "//evil.com/", "#x"]],
  ["blob:https://app.example.com/0f1e", ["#x", "/x", "?x", "blob:https://app.example.com/0f1e"]],
  ["https://192.168.0.1/", ["//192.168.0.1/", "//3232235521/", "//0300.0250.0.1/", "//192.168.0.1:443/", "//192.168.1/"]],
];

// URIs whose origin OriginOf gives (all valid RFC 3986 URIs: OriginOf takes a URI).
const origins = [
  "https://app.example.com/a?b#c", "HTTPS://APP.Example.COM:443/", "https://app.example.com:8443/",
  "http://u:p@app.example.com/", "https:evil.com", "http:/evil.com", "http:///evil.com", "http://0x7f.1/",
  "http://2130706433/", "http://[0:0:0:0:0:0:0:1]:80/", "http://[::FFFF:127.0.0.1]/", "ws://h:80/", "wss://h:443/x",
  "ftp://h:21/", "ftp://h:22/", "blob:https://app.example.com/0f1e", "blob:http://h:8080/x", "blob:file:///x",
  "blob:blob:https://h/", "blob:ftp://h/", "blob:%20https://h/", "file:///etc/passwd", "file://host/share",
  "data:,x", "javascript:alert(1)", "about:blank", "mailto:a@example.com", "urn:isbn:0451450523",
  "sc://h/", "http://a.b.c./", "http://%41.example/", "https://h:0443/", "http://h:/",
];

const q = (s) => JSON.stringify(s);
const lines = [];
for (const [base, refs] of bases) {
  const b = new URL(base);
  lines.push("# base " + q(base) + ", origin " + b.origin);
  for (const ref of refs) {
    let u;
    try {
      u = new URL(ref, base);
    } catch (e) {
      lines.push("redirect " + q(base) + " " + q(ref) + " fail");
      continue;
    }
    const same = b.origin !== "null" && u.origin === b.origin;
    lines.push("redirect " + q(base) + " " + q(ref) + (same ? " same " : " cross ") + q(u.href) + " " + q(u.origin));
  }
}

for (const o of origins) {
  lines.push("origin " + q(o) + " " + q(new URL(o).origin));
}

const file = path.join(__dirname, "redirect.txt");
const text = fs.readFileSync(file, "utf8");
const begin = text.indexOf("# ---- BEGIN recorded from Node");
const end = text.indexOf("# ---- END recorded from Node");
if (begin < 0 || end < begin) {
  throw new Error("redirect.txt has no BEGIN/END recorded from Node lines");
}
const head = text.slice(0, text.indexOf("\n", begin) + 1);
fs.writeFileSync(file, head + "# (Node " + process.version + ")\n" + lines.join("\n") + "\n" + text.slice(end));
