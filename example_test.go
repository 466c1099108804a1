package uri_test

// The examples in this file are the package's tutorial: read them top to
// bottom. Every example runs as a test, and its output is checked.

import (
	"bufio"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/seed0915fd1c/uri"
)

// ---- Tutorial part: Parsing and inspecting a URI. ----

// Parse a URI and look at its components. They are raw: percent-encoding
// and case are kept exactly as written, and String gives the input back.
func Example() {
	u, err := uri.Parse("foo://user@example.com:8042/over/there?name=ferret#nose")
	if err != nil {
		panic(err)
	}
	fmt.Println("scheme:  ", u.Scheme)
	fmt.Println("userinfo:", u.Userinfo)
	fmt.Println("host:    ", u.Host, u.HostKind())
	fmt.Println("port:    ", u.Port)
	fmt.Println("path:    ", u.Path)
	fmt.Println("query:   ", u.Query)
	fmt.Println("fragment:", u.Fragment)
	fmt.Println(u)
	// Output:
	// scheme:   foo
	// userinfo: user
	// host:     example.com RegName
	// port:     8042
	// path:     /over/there
	// query:    name=ferret
	// fragment: nose
	// foo://user@example.com:8042/over/there?name=ferret#nose
}

// The example from README.md: resolve a link, read a query parameter,
// compare at the scheme-based rung, and compute the link back.
func Example_readme() {
	base := uri.MustParse("http://example.com/docs/guide/")
	ref, err := uri.Parse("../api/v2?q=caf%C3%A9#top")
	if err != nil {
		panic(err)
	}
	target := base.Resolve(ref)
	q, _ := target.QueryParam("q")
	same := uri.Equivalent(target, uri.MustParse("HTTP://EXAMPLE.COM:80/docs/api/v2?q=caf%c3%a9#top"), uri.SchemeBased)
	rel, _ := base.Relativize(target)
	fmt.Println(target, q, same, rel)
	// Output:
	// http://example.com/docs/api/v2?q=caf%C3%A9#top café true ../api/v2?q=caf%C3%A9#top
}

// Reject bad input and show the user where the problem is. The error names
// the byte offset, the component (as a sentinel for errors.Is) and what the
// grammar expected there.
func ExampleParse_error() {
	in := "http://example.com:80a/index.html"
	_, err := uri.Parse(in)

	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(in)
		fmt.Println(strings.Repeat(" ", e.Offset) + "^")
		fmt.Println("bad port:", errors.Is(err, uri.ErrPort))
		fmt.Println("expected:", e.Expected)
	}
	// Output:
	// http://example.com:80a/index.html
	//                      ^
	// bad port: true
	// expected: digit, or end of authority ('/', '?', '#')
}

// net/url accepts many strings that RFC 3986 does not; this package
// rejects each of them and says why.
func ExampleParse_strict() {
	for _, s := range []string{
		"http://example.com/a b",        // space
		"http://example.com/%zz",        // malformed percent-encoding
		"http://[fe80::1%25en0]/",       // IPv6 zone identifier
		"http://example.com/{id}",       // braces
		"https://example.com/caf\u00e9", // raw non-ASCII (an IRI, not a URI)
	} {
		_, err := uri.Parse(s)
		fmt.Println(err)
	}
	// Output:
	// uri: invalid path at offset 20 in "http://example.com/a b": expected path character: pchar or '/'
	// uri: invalid path at offset 20 in "http://example.com/%zz": expected two hex digits after '%' (RFC 3986, Section 2.1)
	// uri: invalid host at offset 15 in "http://[fe80::1%25en0]/": expected ']' to close the IP-literal: IPv6 zone identifiers (here "%25en0") are not RFC 3986 syntax; RFC 6874 added them, and RFC 9844 obsoleted RFC 6874
	// uri: invalid path at offset 19 in "http://example.com/{id}": expected path character: pchar or '/'
	// uri: invalid path at offset 23 in "https://example.com/café": expected path character: pchar or '/'
}

// A component can be defined but empty. "http://a?" has an empty query,
// "http://a" has none, and the two are different URIs; String keeps the
// difference.
func ExampleURI_HasQuery() {
	for _, s := range []string{"http://a", "http://a?", "http://a#", "http://a?#"} {
		u := uri.MustParse(s)
		fmt.Printf("%-10s query=%-5v %q fragment=%-5v %q -> %s\n", s, u.HasQuery, u.Query, u.HasFragment, u.Fragment, u)
	}
	// Output:
	// http://a   query=false "" fragment=false "" -> http://a
	// http://a?  query=true  "" fragment=false "" -> http://a?
	// http://a#  query=false "" fragment=true  "" -> http://a#
	// http://a?# query=true  "" fragment=true  "" -> http://a?#
}

// Validate untrusted input without building anything: Valid never
// allocates.
func ExampleValid() {
	for _, s := range []string{"https://example.com/", "//cdn.example.com/x.js", "a:b", "a b", ""} {
		fmt.Printf("%q %v\n", s, uri.Valid(s))
	}
	// Output:
	// "https://example.com/" true
	// "//cdn.example.com/x.js" true
	// "a:b" true
	// "a b" false
	// "" true
}

// Require the form you need: a base URI for resolution must be absolute
// (scheme, no fragment); a link inside a document may be relative.
func ExampleParseAbsolute() {
	_, err := uri.ParseAbsolute("//example.com/base")
	fmt.Println(err)
	_, err = uri.ParseAbsolute("http://example.com/base#top")
	fmt.Println(err)
	base, err := uri.ParseAbsolute("http://example.com/base")
	fmt.Println(base, err)
	// Output:
	// uri: invalid scheme at offset 0 in "//example.com/base": expected scheme: a letter
	// uri: invalid fragment at offset 23 in "http://example.com/base#top": expected end of input (an absolute URI has no fragment)
	// http://example.com/base <nil>
}

// The host is a registered name, an IPv4 address, an IPv6 address or an
// IPvFuture literal. Only exact dotted-decimal text is IPv4: "0x7f.1" and
// "127.000.0.1" are registered names (RFC 3986, Section 7.4 explains why
// that matters). LiteralAddr hands IP hosts to net/netip; Addrs lists every
// address a reader connects to, for SSRF guards.
func ExampleURI_HostKind() {
	for _, s := range []string{
		"http://example.com/",
		"http://192.0.2.1/",
		"http://127.000.0.1/",
		"http://[2001:db8::1]:8080/",
		"http://[v1.fe80::1+en0]/",
		"mailto:someone@example.com",
	} {
		u := uri.MustParse(s)
		addr := "no address"
		if a, ok := u.LiteralAddr(); ok {
			addr = a.String()
		}
		fmt.Printf("%-28s %-9v %s\n", s, u.HostKind(), addr)
	}
	// Output:
	// http://example.com/          RegName   no address
	// http://192.0.2.1/            IPv4      192.0.2.1
	// http://127.000.0.1/          RegName   no address
	// http://[2001:db8::1]:8080/   IPv6      2001:db8::1
	// http://[v1.fe80::1+en0]/     IPvFuture no address
	// mailto:someone@example.com   NoHost    no address
}

// The port is any run of digits in the grammar; PortNumber says whether it
// is a usable TCP/UDP port and never wraps a large number.
func ExampleURI_PortNumber() {
	for _, s := range []string{"http://h:8080/", "http://h:/", "http://h/", "http://h:65536/"} {
		p, ok := uri.MustParse(s).PortNumber()
		fmt.Println(s, p, ok)
	}
	// Output:
	// http://h:8080/ 8080 true
	// http://h:/ 0 false
	// http://h/ 0 false
	// http://h:65536/ 0 false
}

// A URI built by hand can be checked before use: Validate names the field
// at fault.
func ExampleURI_Validate() {
	u := uri.URI{Scheme: "https", HasAuthority: true, Host: "example.com", Path: "docs"}
	fmt.Println(u.Validate())
	u.Path = "/docs"
	fmt.Println(u.Validate(), u)
	// Output:
	// uri: invalid path at offset 19 in "https://example.comdocs": expected '/' at the start of a path after an authority (RFC 3986, Section 3.3)
	// <nil> https://example.com/docs
}

// ---- Tutorial part: Resolving links and computing relative ones (RFC 3986, Section 5). ----

// A page fetched from http://a/b/c/d;p?q, the base of RFC 3986, Section
// 5.4, links to other resources with relative references. Resolve turns
// each into the URI it names; the answers are those of RFC 3986, Section
// 5.4.1 and Section 5.4.2.
func ExampleURI_Resolve() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, link := range []string{
		"g", "./g", "g/", "/g", "//g", "?y", "#s", "",
		".", "..", "../g", "../..", "../../../g",
		"g;x=1/../y", "g?y/../x", "http:g",
	} {
		target := base.Resolve(uri.MustParse(link))
		fmt.Printf("%-14q %s\n", link, target)
	}
	// Output:
	// "g"            http://a/b/c/g
	// "./g"          http://a/b/c/g
	// "g/"           http://a/b/c/g/
	// "/g"           http://a/g
	// "//g"          http://g
	// "?y"           http://a/b/c/d;p?y
	// "#s"           http://a/b/c/d;p?q#s
	// ""             http://a/b/c/d;p?q
	// "."            http://a/b/c/
	// ".."           http://a/b/
	// "../g"         http://a/b/g
	// "../.."        http://a/
	// "../../../g"   http://a/g
	// "g;x=1/../y"   http://a/b/c/y
	// "g?y/../x"     http://a/b/c/g?y/../x
	// "http:g"       http:g
}

// Resolve keeps defined-but-empty components apart from undefined ones,
// ignores the base's fragment, and guards a path that would otherwise read
// as an authority when written out.
func ExampleURI_Resolve_edges() {
	base := uri.MustParse("http://a/b/c/d;p?q#frag")
	fmt.Println(base.Resolve(uri.MustParse("")))  // base's fragment never survives
	fmt.Println(base.Resolve(uri.MustParse("#"))) // an empty fragment is kept
	fmt.Println(base.Resolve(uri.MustParse("?"))) // an empty query replaces base's

	// By the letter of RFC 3986, Section 5.2.4 the path is "//b", which
	// would print as "foo://b", a URI with host "b".
	t := uri.MustParse("foo:/a").Resolve(uri.MustParse("..//b"))
	fmt.Printf("%s host=%q path=%q\n", t, t.Host, t.Path)
	// Output:
	// http://a/b/c/d;p?q
	// http://a/b/c/d;p?q#
	// http://a/b/c/d;p?
	// foo:/.//b host="" path="/.//b"
}

// The strict algorithm takes a reference with a scheme as it is, even when
// the scheme is the base's; the non-strict one, allowed for backward
// compatibility by RFC 3986, Section 5.2.2, treats it as relative.
func ExampleURI_ResolveNonStrict() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	ref := uri.MustParse("http:g")
	fmt.Println(base.Resolve(ref))
	fmt.Println(base.ResolveNonStrict(ref))
	// Output:
	// http:g
	// http://a/b/c/g
}

// ResolveString goes from text to text, and reports which input is not a
// URI, where, and in which component.
func ExampleResolveString() {
	s, err := uri.ResolveString("http://example.com/docs/guide/index.html", "../api/uri.html#Resolve")
	fmt.Println(s, err)

	for _, in := range [][2]string{
		{"http://example.com/", "a b"}, // a space in the reference's path
		{"/docs/", "x"},                // a base without a scheme
	} {
		_, err := uri.ResolveString(in[0], in[1])
		var e *uri.Error
		if errors.As(err, &e) {
			fmt.Printf("%q at offset %d: %v\n", e.Input, e.Offset, e.Err)
		}
	}
	// Output:
	// http://example.com/docs/api/uri.html#Resolve <nil>
	// "a b" at offset 1: uri: invalid path
	// "/docs/" at offset 0: uri: invalid scheme
}

// Relativize is the inverse of Resolve: it finds the shortest reference
// that leads from the base to the target, for instance to write links
// between pages that keep working when the site moves.
func ExampleURI_Relativize() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, target := range []string{
		"http://a/b/c/g",
		"http://a/b/g?y",
		"http://a/b/c/d;p?q#s",
		"http://a/b/c/d;p",
		"http://a/b/c/g:h",
		"http://a/x/y/z",
		"http://b/c",
		"https://a/b/c/g",
	} {
		ref, ok := base.Relativize(uri.MustParse(target))
		fmt.Printf("%-22s %-10q %v\n", target, ref, ok)
	}
	// Output:
	// http://a/b/c/g         "g"        true
	// http://a/b/g?y         "../g?y"   true
	// http://a/b/c/d;p?q#s   "#s"       true
	// http://a/b/c/d;p       "d;p"      true
	// http://a/b/c/g:h       "./g:h"    true
	// http://a/x/y/z         "/x/y/z"   true
	// http://b/c             "//b/c"    true
	// https://a/b/c/g        ""         false
}

// RemoveDotSegments is the algorithm of RFC 3986, Section 5.2.4 on its own,
// here on the two examples the RFC works through.
func ExampleRemoveDotSegments() {
	fmt.Println(uri.RemoveDotSegments("/a/b/c/./../../g"))
	fmt.Println(uri.RemoveDotSegments("mid/content=5/../6"))
	fmt.Println(uri.RemoveDotSegments("/a/%2E%2E/b")) // encoded dots are not dot segments
	// Output:
	// /a/g
	// mid/6
	// /a/%2E%2E/b
}

// Ask what kind of reference a link is before following it.
func ExampleURI_IsSameDocument() {
	page := uri.MustParse("https://example.com/guide/intro.html")
	for _, link := range []string{"#install", "intro.html#faq", "setup.html", "https://example.com/guide/intro.html"} {
		ref := uri.MustParse(link)
		fmt.Printf("%-38s relative=%-5v same-document=%v\n", link, ref.IsRelative(), page.IsSameDocument(ref))
	}
	// Output:
	// #install                               relative=true  same-document=true
	// intro.html#faq                         relative=true  same-document=true
	// setup.html                             relative=true  same-document=false
	// https://example.com/guide/intro.html   relative=false same-document=true
}

// ---- Tutorial part: Percent-encoding (RFC 3986, Section 2). ----

// Decoding a path segment by segment: a "%2F" is a '/' inside its segment's
// data and never splits the path (RFC 3986, Section 7.3). Decode the whole
// path at once and that distinction is lost.
func ExampleURI_DecodedSegments() {
	u := uri.MustParse("https://example.com/files/a%2Fb/caf%C3%A9%20menu.txt")
	for seg, err := range u.DecodedSegments() {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%q\n", seg)
	}
	// Output:
	// "files"
	// "a/b"
	// "café menu.txt"
}

// Building a query from data: ComponentQueryValue encodes the '&', '=',
// '+' and ';' that key=value queries use as delimiters, while
// ComponentQuery encodes only what the query's grammar does not allow.
func ExampleEncode() {
	q := "q=" + uri.Encode("rock & roll=50%", uri.ComponentQueryValue) +
		"&path=" + uri.Encode("/a b/", uri.ComponentQueryValue)
	u := uri.MustParse("https://example.com/search?" + q)
	fmt.Println(u)
	fmt.Println(uri.Encode("rock & roll=50%", uri.ComponentQuery))
	fmt.Println(uri.Encode("a/b c", uri.ComponentPathSegment))
	fmt.Println(uri.Encode("a/b c", uri.ComponentPath))
	// Output:
	// https://example.com/search?q=rock%20%26%20roll%3D50%25&path=/a%20b/
	// rock%20&%20roll=50%25
	// a%2Fb%20c
	// a/b%20c
}

// Decode reports a malformed triplet with the offset of the first bad
// byte.
func ExampleDecode() {
	s, err := uri.Decode("caf%C3%A9%20au%20lait")
	fmt.Printf("%q %v\n", s, err)
	_, err = uri.Decode("100%")
	fmt.Println(err)
	// Output:
	// "café au lait" <nil>
	// uri: invalid percent-encoding at offset 4 in "100%": expected two hex digits after '%' (RFC 3986, Section 2.1)
}

// ---- Tutorial part: Normalizing and comparing (RFC 3986, Section 6). ----

// Comparing two URIs on each rung of the ladder of RFC 3986, Section 6.2.
func ExampleEquivalent() {
	a := uri.MustParse("HTTP://Example.COM:80/%7Euser/./docs")
	b := uri.MustParse("http://example.com/~user/docs")
	for _, l := range []uri.Level{uri.SimpleString, uri.SyntaxBased, uri.SchemeBased} {
		fmt.Printf("%-12v %-5v %s\n", l, uri.Equivalent(a, b, l), a.Normalize(l))
	}
	// Output:
	// SimpleString false HTTP://Example.COM:80/%7Euser/./docs
	// SyntaxBased  false http://example.com:80/~user/docs
	// SchemeBased  true  http://example.com/~user/docs
}

// The examples of RFC 3986, Section 6.2.2 and RFC 3986, Section 6.2.3, and what
// normalization never does: decode a reserved character ("%2F"), or turn
// a path into an authority ("foo:/..//bar" keeps a "/." guard). A
// relative reference keeps its dot segments.
func ExampleURI_Normalize() {
	for _, s := range []string{
		"eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
		"http://example.com:/",
		"http://a/b/%2E%2E/c",
		"http://a/b%2fc/%7e",
		"foo:/..//bar",
		"../a/./%41",
		"mailto:Joe@Example.COM",
	} {
		u := uri.MustParse(s)
		fmt.Printf("%-36s %-28s %s\n", s, u.Normalize(uri.SyntaxBased), u.Normalize(uri.SchemeBased))
	}
	// Output:
	// eXAMPLE://a/./b/../b/%63/%7bfoo%7d   example://a/b/c/%7Bfoo%7D    example://a/b/c/%7Bfoo%7D
	// http://example.com:/                 http://example.com:/         http://example.com/
	// http://a/b/%2E%2E/c                  http://a/c                   http://a/c
	// http://a/b%2fc/%7e                   http://a/b%2Fc/~             http://a/b%2Fc/~
	// foo:/..//bar                         foo:/.//bar                  foo:/.//bar
	// ../a/./%41                           ../a/./A                     ../a/./A
	// mailto:Joe@Example.COM               mailto:Joe@Example.COM       mailto:Joe@example.com
}

// Deduplicating a list with Key: the key is the normalized text, equal for
// two URIs exactly when they are equivalent.
func ExampleURI_Key() {
	seen := map[string]bool{}
	for _, s := range []string{
		"http://example.com",
		"HTTP://EXAMPLE.COM/",
		"http://example.com:80/",
		"http://example.com/%7Efred",
		"http://example.com/~fred",
		"http://example.com/~fred?",
		"http://example.com/a%2Fb",
		"http://example.com/a/b",
	} {
		k := uri.MustParse(s).Key(uri.SchemeBased)
		if seen[k] {
			continue
		}
		seen[k] = true
		fmt.Printf("%-28s %s\n", s, k)
	}
	// Output:
	// http://example.com           http://example.com/
	// http://example.com/%7Efred   http://example.com/~fred
	// http://example.com/~fred?    http://example.com/~fred?
	// http://example.com/a%2Fb     http://example.com/a%2Fb
	// http://example.com/a/b       http://example.com/a/b
}

// Explain says why two URIs match, or where and why they do not: here,
// why a cache keyed on one of them would miss the other.
func ExampleExplain() {
	fmt.Println(uri.Explain(uri.MustParse("HTTP://a/%7Euser"), uri.MustParse("http://a:80/~user")))
	fmt.Println(uri.Explain(uri.MustParse("http://a/b%2Fc?"), uri.MustParse("http://A/b/c?")))
	fmt.Println(uri.Explain(uri.MustParse("https://a/p#top"), uri.MustParse("https://a/p#end")))
	// Output:
	// equivalent at SchemeBased (RFC 3986, Section 6.2.3)
	//   scheme "HTTP:" vs "http:": equal at SyntaxBased: scheme lowercased (RFC 3986, Section 6.2.2.1)
	//   port "" vs ":80": equal at SchemeBased: default port dropped (RFC 3986, Section 6.2.3)
	//   path "/%7Euser" vs "/~user": equal at SyntaxBased: percent-encoded unreserved characters decoded (RFC 3986, Section 6.2.2.2)
	// not equivalent, even at SchemeBased (RFC 3986, Section 6.2.3): first difference in the path
	//   host "//a" vs "//A": equal at SyntaxBased: host lowercased (RFC 3986, Section 6.2.2.1)
	//   path "/b%2Fc" vs "/b/c": differ at byte 2: a percent-encoded reserved character ("%2F") is not the character itself ("/"), and normalization never decodes it (RFC 3986, Section 2.2)
	// not equivalent, even at SchemeBased (RFC 3986, Section 6.2.3): first difference in the fragment
	//   fragment "#top" vs "#end": differ at byte 1: only the fragment differs; to select a network action, such as a cache lookup, compare without fragments (RFC 3986, Section 6.1)
}

// A Normalizer with a rule for the application's own scheme, added to a
// copy of the built-in rules.
func ExampleNormalizer() {
	rules := uri.DefaultSchemes()
	rules["myapp"] = uri.SchemeRule{DefaultPort: 7777, EmptyPathIsRoot: true}
	n := uri.Normalizer{Schemes: rules}

	u := uri.MustParse("MyApp://Host:7777")
	fmt.Println(u.Normalize(uri.SchemeBased)) // the built-in rules know nothing of myapp
	fmt.Println(n.Normalize(u, uri.SchemeBased))
	fmt.Println(n.Equivalent(u, uri.MustParse("myapp://host/"), uri.SchemeBased))
	// Output:
	// myapp://host:7777
	// myapp://host/
	// true
}

// ---- Tutorial part: Building URIs from data. ----

// Build a URI from data. Each With method percent-encodes its input for its
// component, so the result is always valid: a '/' inside a path segment
// stays data, and '&' or '=' inside a query value cannot split it.
func ExampleURI_WithPath() {
	base := uri.MustParse("https://api.example.com")
	u, err := base.WithPath("v1", "files", "reports/2026 Q3.pdf")
	if err != nil {
		panic(err)
	}
	u = u.WithQueryParam("owner", "Dana & Lee").WithQueryParam("sig", "a+b=c")
	fmt.Println(u)
	// Output:
	// https://api.example.com/v1/files/reports%2F2026%20Q3.pdf?owner=Dana%20%26%20Lee&sig=a%2Bb%3Dc
}

// Set the host from an IP address; IPv6 gets its brackets.
func ExampleURI_WithAddr() {
	for _, a := range []string{"192.0.2.10", "2001:db8::10"} {
		u, _ := uri.MustParse("http://placeholder:8080/health").WithAddr(netip.MustParseAddr(a))
		fmt.Println(u)
	}
	// Output:
	// http://192.0.2.10:8080/health
	// http://[2001:db8::10]:8080/health
}

// Read query parameters. RFC 3986 knows no '+'-for-space rule: that is HTML
// form encoding, which FormParam reads as a browser does.
func ExampleURI_QueryParams() {
	u := uri.MustParse("https://example.com/search?q=caf%C3%A9+au+lait&lang=fr&lang=en")
	for k, v := range u.QueryParams() {
		fmt.Printf("%s=%q\n", k, v)
	}
	q, _ := u.FormParam("q")
	fmt.Printf("as a form: q=%q\n", q)
	// Output:
	// q="café+au+lait"
	// lang="fr"
	// lang="en"
	// as a form: q="café au lait"
}

// Strip tracking parameters and credentials before storing a link.
func ExampleURI_WithoutQueryParam() {
	u := uri.MustParse("https://bob:pw@example.com/a?id=7&utm_source=mail&utm_medium=x#top")
	u = u.WithoutQueryParam("utm_source").WithoutQueryParam("utm_medium").WithoutUserinfo().WithoutFragment()
	fmt.Println(u)
	// Output:
	// https://example.com/a?id=7
}

// ---- Tutorial part: Working with the rest of Go. ----

// URIs travel through JSON as strings. Decoding validates, so a struct
// with a uri.URI field cannot hold an invalid one.
func ExampleURI_UnmarshalText() {
	var cfg struct {
		Endpoint uri.URI `json:"endpoint"`
	}
	err := json.Unmarshal([]byte(`{"endpoint": "https://example.com/api?"}`), &cfg)
	fmt.Println(cfg.Endpoint, cfg.Endpoint.HasQuery, err)

	err = json.Unmarshal([]byte(`{"endpoint": "https://example.com/a b"}`), &cfg)
	fmt.Println(err)

	out, _ := json.Marshal(cfg)
	fmt.Println(string(out))
	// Output:
	// https://example.com/api? true <nil>
	// uri: invalid path at offset 21 in "https://example.com/a b": expected path character: pchar or '/'
	// {"endpoint":"https://example.com/api?"}
}

// A URI is a database/sql Valuer and Scanner; sql.Null[uri.URI] holds a
// nullable column. (Value and Scan are called here as database/sql would.)
func ExampleURI_Scan() {
	u := uri.MustParse("https://example.com/item/42")
	stored, _ := u.Value() // what an INSERT would send
	fmt.Printf("%T %v\n", stored, stored)

	var back uri.URI
	fmt.Println(back.Scan(stored), back == u) // what a SELECT would do

	var maybe sql.Null[uri.URI]
	fmt.Println(maybe.Scan(nil), maybe.Valid)
	// Output:
	// string https://example.com/item/42
	// <nil> true
	// <nil> false
}

// Convert to and from net/url for APIs that take a *url.URL, such as
// net/http. Everything net/url can represent survives the round trip.
func ExampleFromURL() {
	u := uri.MustParse("http://example.com/a%2Fb?x=1#frag")
	nu := u.URL()
	fmt.Printf("Path=%q RawPath=%q String=%s\n", nu.Path, nu.RawPath, nu)

	back, err := uri.FromURL(nu)
	fmt.Println(back == u, err)

	_, err = uri.FromURL(&url.URL{Scheme: "http", Host: "[fe80::1%en0]", Path: "/"})
	fmt.Println(err)
	// Output:
	// Path="/a/b" RawPath="/a%2Fb" String=http://example.com/a%2Fb?x=1#frag
	// true <nil>
	// uri: invalid host at offset 15 in "http://[fe80::1%25en0]/": expected ']' to close the IP-literal: IPv6 zone identifiers (here "%25en0") are not RFC 3986 syntax; RFC 6874 added them, and RFC 9844 obsoleted RFC 6874
}

// Log URIs without leaking passwords: a uri.URI is a slog.LogValuer that
// logs its Redacted text.
func ExampleURI_LogValue() {
	u := uri.MustParse("https://deploy:s3cr3t@git.example.com/repo.git")
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // keep the output stable
			}
			return a
		},
	}))
	logger.Info("cloning", "repo", u)
	fmt.Println(u.Redacted())
	// Output:
	// level=INFO msg=cloning repo=https://deploy:xxxxx@git.example.com/repo.git
	// https://deploy:xxxxx@git.example.com/repo.git
}

// ---- Tutorial part: Vetting untrusted links (RFC 3986, Section 7). ----

// Vetting a link before following it: Vet reports what
// RFC 3986, Section 7 warns about, each finding with the byte offset where
// a caret goes under the link. This link imitates the example of
// RFC 3986, Section 7.6: its host is not www.example.com but 0x7f.1, which the C library and
// browsers read as the loopback address 127.0.0.1, on the SMTP port.
func ExampleURI_Vet() {
	link := "http://www.example.com&story=breaking@0x7f.1:25/%2e%2e/etc/passwd"
	u, err := uri.Parse(link)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(link)
	for _, f := range u.Vet() {
		fmt.Printf("%s^ %v in %s (%s)\n", strings.Repeat(" ", f.Offset), f.Kind, f.Component, f.Kind.Section())
	}
	// Output:
	// http://www.example.com&story=breaking@0x7f.1:25/%2e%2e/etc/passwd
	//        ^ DeceptiveUserinfo in userinfo (RFC 3986, Section 7.6)
	//                                       ^ NonstandardIPv4 in host (RFC 3986, Section 7.4)
	//                                              ^ BadPort in port (RFC 3986, Section 7.2)
	//                                                 ^ EncodedDotSegment in path (RFC 3986, Section 7.3)
}

// Each finding carries a sentence for a log or a user; String puts the
// kind, the component and the offset in front of it.
func ExampleFinding_String() {
	u := uri.MustParse("ftp://anonymous:guest@ftp.example.com/pub/%C0%AE%C0%AE/")
	for _, f := range u.Vet() {
		fmt.Println(f)
	}
	// Output:
	// Password in userinfo at offset 16: the userinfo holds a password after ':': the "user:password" form is deprecated, and a URI is shown, logged and sent on as it is
	// OverlongUTF8 in path at offset 42: "%C0%AE" is an overlong UTF-8 encoding of '.': it is invalid UTF-8, but a lenient decoder reads it as that character (the first of 2)
}

// A guard against server-side request forgery filters on addresses, not
// on text (RFC 3986, Section 7.4): Addrs gives every address that a
// reader of the host connects to without the DNS, however the host spells
// it, and the guard blocks the link if any of them is forbidden. Taking
// Addr and the addresses of Vet's findings by hand misses
// "http://%5B%3A%3A1%5D/": a reg-name for RFC 3986, and [::1] for software
// that decodes the host before it reads it.
func ExampleURI_Addrs_guard() {
	blocked := func(a netip.Addr) bool { return a.IsLoopback() || a.IsPrivate() || a.IsUnspecified() }
	for _, link := range []string{
		"http://127.0.0.1/admin",
		"http://2130706433/admin",
		"http://[::ffff:10.0.0.1]/admin",
		"http://0/admin",
		"http://%5B%3A%3A1%5D/admin",
		"http://example.com/admin",
	} {
		verdict := "allowed: a name, to check again after DNS resolution"
		for _, a := range uri.MustParse(link).Addrs() {
			verdict = "allowed: " + a.String()
			if blocked(a) {
				verdict = "blocked: " + a.String()
				break
			}
		}
		fmt.Printf("%-30s %s\n", link, verdict)
	}
	// Output:
	// http://127.0.0.1/admin         blocked: 127.0.0.1
	// http://2130706433/admin        blocked: 127.0.0.1
	// http://[::ffff:10.0.0.1]/admin blocked: ::ffff:10.0.0.1
	// http://0/admin                 blocked: 0.0.0.0
	// http://%5B%3A%3A1%5D/admin     blocked: ::1
	// http://example.com/admin       allowed: a name, to check again after DNS resolution
}

// ---- Tutorial part: Safe at the boundaries (SSRF guard with Addrs, builders). ----
// Examples for this part go below this line and above the next part's heading.

// An SSRF guard is one loop over Addrs: every address that a widely used
// reader of the host would connect to without the DNS, whether RFC 3986,
// inet_aton or a browser reads it, and the IPv4 address inside an IPv6
// one. A name that only the DNS can answer has none: check the addresses
// it resolves to when connecting.
func ExampleURI_Addrs() {
	forbidden := func(a netip.Addr) bool {
		return a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsUnspecified()
	}
	for _, link := range []string{
		"http://127.0.0.1%C2%AD/",               // a soft hyphen, which browsers drop
		"http://%EF%BC%91%EF%BC%92%EF%BC%97.1/", // fullwidth digits: 127.1
		"http://0x7f.1/",
		"http://[2002:a9fe:a9fe::]/latest/meta-data/", // 6to4, embedding 169.254.169.254
		"http://[64:ff9b::a00:1]/",                    // NAT64, embedding 10.0.0.1
		"http://93.184.215.14/",
		"https://example.com/",
	} {
		u := uri.MustParse(link)
		verdict := "allowed"
		for _, a := range u.Addrs() {
			if forbidden(a) {
				verdict = "blocked: " + a.String()
				break
			}
		}
		fmt.Printf("%-46s %v %s\n", link, u.Addrs(), verdict)
	}
	// Output:
	// http://127.0.0.1%C2%AD/                        [127.0.0.1] blocked: 127.0.0.1
	// http://%EF%BC%91%EF%BC%92%EF%BC%97.1/          [127.0.0.1] blocked: 127.0.0.1
	// http://0x7f.1/                                 [127.0.0.1] blocked: 127.0.0.1
	// http://[2002:a9fe:a9fe::]/latest/meta-data/    [2002:a9fe:a9fe:: 169.254.169.254] blocked: 169.254.169.254
	// http://[64:ff9b::a00:1]/                       [64:ff9b::a00:1 10.0.0.1] blocked: 10.0.0.1
	// http://93.184.215.14/                          [93.184.215.14] allowed
	// https://example.com/                           [] allowed
}

// Addrs reads a URI the way the programs that connect read it, not only
// as RFC 3986 does. A browser, Node's fetch and curl read the host of an
// http URI without "//" after the slashes, or in place of them, and
// after the last '@'; curl decodes a host and takes one that starts with
// '[' for an IPv6 literal, whatever its last octet.
func ExampleURI_Addrs_readers() {
	for _, link := range []string{
		"http::@127.0.0.1/",                          // RFC 3986: no host, the path ":@127.0.0.1/"
		"https:/0x7f.1/",                             // RFC 3986: no host
		"http://%5B%3A%3A1%20:18081/",                // RFC 3986: the host "%5B%3A%3A1%20"
		"http://%5B%3A%3Affff%3A169.254.169.254%2F/", // curl reads ::ffff:169.254.169.254
	} {
		u := uri.MustParse(link)
		fmt.Printf("%-44s host %-36q %v\n", link, u.Host, u.Addrs())
	}
	// Output:
	// http::@127.0.0.1/                            host ""                                   [127.0.0.1]
	// https:/0x7f.1/                               host ""                                   [127.0.0.1]
	// http://%5B%3A%3A1%20:18081/                  host "%5B%3A%3A1%20"                      [::1]
	// http://%5B%3A%3Affff%3A169.254.169.254%2F/   host "%5B%3A%3Affff%3A169.254.169.254%2F" [::ffff:169.254.169.254 169.254.169.254]
}

// Redacted masks every password a reader sends: the userinfo's, and the
// one a browser reads in the path of an http URI without "//". Errors
// mask the same text, however the input is spelled.
func ExampleURI_Redacted() {
	fmt.Println(uri.MustParse("https://deploy:s3cr3t@git.example.com/").Redacted())
	fmt.Println(uri.MustParse("http:admin:s3cr3t@evil.example/").Redacted())
	_, err := uri.ParseWeb(" ht\ttps:admin:s3cr3t@db.example:99999/")
	fmt.Println(strings.Contains(err.Error(), "s3cr3t"))
	// Output:
	// https://deploy:xxxxx@git.example.com/
	// http:admin:xxxxx@evil.example/
	// false
}

// Data given to the builders stays data: a dot segment or a host with a
// port in it is an error, and the *url.URL from URL dials the host and
// port the accessors describe, or nothing.
func ExampleURI_WithPath_traversal() {
	base := uri.MustParse("https://files.example/")
	_, err := base.WithPath("files", "..", "admin")
	fmt.Println(err)
	_, err = base.WithHost("127.0.0.1:6379")
	fmt.Println(errors.Is(err, uri.ErrHost))

	u := uri.MustParse("http://127.0.0.1%3A6379/") // a reg-name, no port
	v := u.URL()
	fmt.Printf("%v %q %q %q\n", u.HostKind(), u.Port, v.Hostname(), v.Port())
	// Output:
	// uri: invalid path at offset 0 in "..": expected a segment other than "." or "..", which are dot segments (RFC 3986, Section 3.3)
	// true
	// RegName "" "127.0.0.1%3A6379" ""
}

// ---- Tutorial part: Web input, read as a browser reads it (URL Standard). ----
// Examples for this part go below this line and above the next part's heading.

// Resolving every href of a page as a browser does: Parse would reject
// most of these, and a hand-written repair gets some wrong. The result is
// a strict RFC 3986 URI; Href gives the browser's own text.
func ExampleURI_ResolveWeb() {
	page := uri.MustParse("https://example.com/docs/guide/index.html")
	for _, href := range []string{
		"/docs/Getting Started.html",
		`..\images\logo.png`,
		" https://x.org/\t",
		"https:evil.com",
		"?q=a b|c",
		"//cdn.example.net/a{b}.js",
		"HTTP://EXAMPLE.COM:443/%7efoo",
		"mailto:team@example.com",
	} {
		u, err := page.ResolveWeb(href)
		fmt.Printf("%-34q %v %v\n", href, u, err)
	}
	// Output:
	// "/docs/Getting Started.html"       https://example.com/docs/Getting%20Started.html <nil>
	// "..\\images\\logo.png"             https://example.com/docs/images/logo.png <nil>
	// " https://x.org/\t"                https://x.org/ <nil>
	// "https:evil.com"                   https://example.com/docs/guide/evil.com <nil>
	// "?q=a b|c"                         https://example.com/docs/guide/index.html?q=a%20b%7Cc <nil>
	// "//cdn.example.net/a{b}.js"        https://cdn.example.net/a%7Bb%7D.js <nil>
	// "HTTP://EXAMPLE.COM:443/%7efoo"    http://example.com:443/%7efoo <nil>
	// "mailto:team@example.com"          mailto:team@example.com <nil>
}

// Vet reports a URI that a browser reads with a host where RFC 3986
// sees none: a filter that vets the RFC 3986 reading would let it pass.
func ExampleURI_Vet_webAuthority() {
	for _, s := range []string{"https:evil.com/login", "http:///evil.com", "https://good.example/evil.com"} {
		u := uri.MustParse(s)
		fmt.Printf("%s: host %q (RFC 3986)\n", s, u.Host)
		for _, f := range u.Vet() {
			fmt.Println("  ", f)
		}
	}
	// Output:
	// https:evil.com/login: host "" (RFC 3986)
	//    WebAuthority in path at offset 6: a browser reads this URI with the host "evil.com" (URL Standard, "URL parsing"), where RFC 3986 reads no authority and this path
	// http:///evil.com: host "" (RFC 3986)
	//    WebAuthority in path at offset 7: a browser reads this URI with the host "evil.com" (URL Standard, "URL parsing"), where RFC 3986 reads an empty host and this path
	// https://good.example/evil.com: host "good.example" (RFC 3986)
}

// A same-origin check, as a browser makes it for CORS or a CSRF guard: the
// origin is the scheme, the host as the browser reaches it and the port,
// with the default port gone; URLs whose origin is opaque ("null") are
// never same origin, not even with each other.
func ExampleWebParser_Origin() {
	const allowed = "https://app.example.com"
	for _, from := range []string{
		"https://app.example.com/settings",
		"HTTPS://APP.example.com:443/",
		"https://app.example.com:8443/",
		"http://app.example.com/",
		"https:app.example.com",
		"blob:https://app.example.com/0f1e",
		"file:///home/me/page.html",
	} {
		o, err := uri.WebParser{}.Origin(from)
		fmt.Printf("%-36s %-30s %v\n", from, o, err == nil && o != "null" && o == allowed)
	}
	// Output:
	// https://app.example.com/settings     https://app.example.com        true
	// HTTPS://APP.example.com:443/         https://app.example.com        true
	// https://app.example.com:8443/        https://app.example.com:8443   false
	// http://app.example.com/              http://app.example.com         false
	// https:app.example.com                https://app.example.com        true
	// blob:https://app.example.com/0f1e    https://app.example.com        true
	// file:///home/me/page.html            null                           false
}

// ---- Tutorial part: Finding URIs in text (RFC 3986, Appendix C). ----
// Examples for this part go below this line and above the next part's heading.

// Linkifying a paragraph: each Found has the URI and the span it came
// from, so the text around it is copied as it is. Punctuation after a URI
// is the sentence's; balanced parentheses are the URI's.
func ExampleFind() {
	text := "The grammar is in RFC 3986 (https://www.rfc-editor.org/rfc/rfc3986), " +
		"see also https://en.wikipedia.org/wiki/URI_(disambiguation). Not a link: std::vector."
	var b strings.Builder
	last := 0
	for m := range uri.Find(text) {
		b.WriteString(html.EscapeString(text[last:m.Start]))
		fmt.Fprintf(&b, "<a href=%q>%s</a>", m.URI.String(), html.EscapeString(text[m.Start:m.End]))
		last = m.End
	}
	b.WriteString(html.EscapeString(text[last:]))
	fmt.Println(b.String())
	// Output:
	// The grammar is in RFC 3986 (<a href="https://www.rfc-editor.org/rfc/rfc3986">https://www.rfc-editor.org/rfc/rfc3986</a>), see also <a href="https://en.wikipedia.org/wiki/URI_(disambiguation)">https://en.wikipedia.org/wiki/URI_(disambiguation)</a>. Not a link: std::vector.
}

// Collecting the links of a mail body: quoted lines, a URI wrapped over
// two lines in angle brackets (RFC 3986, Appendix C), a suffix reference
// (Section 4.5) and a scheme allowlist.
func ExampleFinder_Find() {
	body := `Hi Ann,

> The report is at <https://reports.example.com/2026/q3/
>   summary.pdf>, and the raw data on www.example.org/data.
Thanks! Also mailto:ann@example.com and ftp://old.example.net/x.`
	f := uri.Finder{Suffix: true, Schemes: []string{"http", "https"}}
	for m := range f.Find(body) {
		fmt.Println(m.URI)
	}
	// Output:
	// https://reports.example.com/2026/q3/summary.pdf
	// http://www.example.org/data
}

// Links in text in any script: Unicode punctuation and spaces end a link
// and may come right before one, so curly quotes, CJK brackets and
// Japanese text without spaces read right; with IRI set, non-ASCII paths
// and hosts are read too (and percent-encoded). A link whose host a
// non-ASCII letter interrupts, such as one with a Cyrillic "а" in
// "exаmple", is not cut short to another host: it is not a URI at all, and
// only the IRI reading finds it, as the name it is.
func ExampleFinder_Find_scripts() {
	text := "詳細はhttps://example.jp/docsを参照。「https://例え.jp/パス」、" +
		"“https://example.com/a”。Log in: https://exаmple.com/login"
	for _, f := range []uri.Finder{{}, {IRI: true}} {
		fmt.Printf("IRI %v:\n", f.IRI)
		for m := range f.Find(text) {
			fmt.Printf("  %-50s %s\n", m.URI, text[m.Start:m.End])
		}
	}
	// Output:
	// IRI false:
	//   https://example.jp/docs                            https://example.jp/docs
	//   https://example.com/a                              https://example.com/a
	// IRI true:
	//   https://example.jp/docs                            https://example.jp/docs
	//   https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9   https://例え.jp/パス
	//   https://example.com/a                              https://example.com/a
	//   https://ex%D0%B0mple.com/login                     https://exаmple.com/login
}

// ---- Tutorial part: URI templates (RFC 6570). ----
// Examples for this part go below this line and above the next part's heading.

// An API URL from a template: values are percent-encoded for their place,
// undefined ones leave no trace, and the result is a URI.
func ExampleTemplate_Expand() {
	t, err := uri.ParseTemplate("https://api.example.com/v1/users/{id}/repos{?q,sort,page}")
	if err != nil {
		panic(err)
	}
	u, err := t.ExpandURI(map[string]any{
		"id": "jöhn doe",
		"q":  "language:go stars:>100",
		// sort is undefined: no "sort=" in the result
		"page": "2",
	})
	fmt.Println(u, err)

	files, _ := uri.ParseTemplate("file:///{+path}{#section}")
	s, _ := files.Expand(map[string]any{"path": "home/me/notes v2.txt", "section": "to do"})
	fmt.Println(s)
	fmt.Println(t.Variables())
	// Output:
	// https://api.example.com/v1/users/j%C3%B6hn%20doe/repos?q=language%3Ago%20stars%3A%3E100&page=2 <nil>
	// file:///home/me/notes%20v2.txt#to%20do
	// [id q sort page]
}

// Matching by template: Match gives the decoded values back, query
// parameters in any order and each optional, and false when the URI does
// not fit. It follows RFC 6570's letter; to route requests, use Route.
func ExampleTemplate_Match() {
	var routes []uri.Template
	for _, s := range []string{"/users/{id}{?fields,lang}", "/files{/path*}", "/search{?q,params*}"} {
		t, err := uri.ParseTemplate(s)
		if err != nil {
			panic(err)
		}
		routes = append(routes, t)
	}
	for _, in := range []string{
		"/users/42?lang=en&fields=name,email",
		"/files/docs/2024/%E6%97%A5%E6%9C%AC.txt",
		"/search?tag=go&q=uri%20templates",
		"/admin",
	} {
		found := false
		for _, t := range routes {
			if vals, ok := t.Match(in); ok {
				fmt.Printf("%-40s %-26s %v\n", in, t, vals)
				found = true
				break
			}
		}
		if !found {
			fmt.Printf("%-40s no route\n", in)
		}
	}
	// Output:
	// /users/42?lang=en&fields=name,email      /users/{id}{?fields,lang}  map[fields:[name email] id:42 lang:en]
	// /files/docs/2024/%E6%97%A5%E6%9C%AC.txt  /files{/path*}             map[path:[docs 2024 日本.txt]]
	// /search?tag=go&q=uri%20templates         /search{?q,params*}        map[params:[[tag go]] q:uri templates]
	// /admin                                   no route
}

// Routing requests with templates: Route is Match with a router's rules.
// Path variables must be present and non-empty, no value is or holds a dot
// segment, and with ExtraParams, query parameters the route does not name
// (tracking parameters) are ignored. "{+path}" takes the rest of a path.
func ExampleTemplate_Route() {
	routes := []uri.Template{
		uri.MustParseTemplate("/users/{id}{?fields}"),
		uri.MustParseTemplate("/files/{+path}"),
	}
	for _, r := range routes {
		// a route table is checked once: nil means Match and Route read
		// every expansion back to its values
		if err := r.Matchable(); err != nil {
			panic(err)
		}
	}
	opts := uri.RouteOptions{ExtraParams: true}
	for _, target := range []string{
		"/users/42?utm_source=mail&fields=name,email",
		"/users/",       // no id
		"/users/%2e%2e", // id would be ".."
		"/files/docs/2026/plan.txt",
		"/files/docs/../../etc/passwd",
		"/files/a%2Fb?download=1",
	} {
		found := false
		for _, r := range routes {
			if vals, ok := r.Route(target, opts); ok {
				fmt.Printf("%-45s %-22s %v\n", target, r, vals)
				found = true
				break
			}
		}
		if !found {
			fmt.Printf("%-45s no route\n", target)
		}
	}
	// Output:
	// /users/42?utm_source=mail&fields=name,email   /users/{id}{?fields}   map[fields:[name email] id:42]
	// /users/                                       no route
	// /users/%2e%2e                                 no route
	// /files/docs/2026/plan.txt                     /files/{+path}         map[path:docs/2026/plan.txt]
	// /files/docs/../../etc/passwd                  no route
	// /files/a%2Fb?download=1                       /files/{+path}         map[path:a%2Fb]
}

// Building a URI from values you do not control: ExpandURI refuses a value
// that would make a dot segment (or open an authority), where Expand
// follows RFC 6570's letter and writes it. The error points at the
// variable in the template.
func ExampleTemplate_ExpandURI() {
	t := uri.MustParseTemplate("/public/{dir}/{file}")
	for _, dir := range []string{"css", ".."} {
		vars := map[string]any{"dir": dir, "file": "admin"}
		s, _ := t.Expand(vars)
		fmt.Println("Expand:   ", s)
		u, err := t.ExpandURI(vars)
		if err != nil {
			e := err.(*uri.Error)
			fmt.Println("ExpandURI:", e.Input)
			fmt.Printf("%*s^ %s\n", len("ExpandURI: ")+e.Offset, "", e.Expected)
			continue
		}
		fmt.Println("ExpandURI:", u)
	}
	// Output:
	// Expand:    /public/css/admin
	// ExpandURI: /public/css/admin
	// Expand:    /public/../admin
	// ExpandURI: /public/{dir}/{file}
	//                     ^ a value that does not make a dot segment, "." or "..", in the path (RFC 3986, Section 3.3); Expand writes it
}

// ---- Tutorial part: IRIs for people, canonical hosts for machines (RFC 3987). ----
// Examples for this part go below this line and above the next part's heading.

// Showing a link to a person: IRI decodes what reads the same decoded, and
// keeps encoded what would change the URI or how it reads, such as an
// encoded '/' or a right-to-left override.
func ExampleURI_IRI() {
	for _, s := range []string{
		"https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC",
		"https://%E4%BE%8B.jp/caf%C3%A9?q=%E2%82%AC%2F#%C3%BC",
		"https://example.com/a%2Fb/r%E9sum%E9",        // %2F is a reserved character, %E9 is not UTF-8
		"https://example.com/invoice%E2%80%AEfdp.exe", // U+202E RIGHT-TO-LEFT OVERRIDE
	} {
		fmt.Println(uri.MustParse(s).IRI())
	}
	// Output:
	// https://ja.wikipedia.org/wiki/日本
	// https://例.jp/café?q=€%2F#ü
	// https://example.com/a%2Fb/r%E9sum%E9
	// https://example.com/invoice%E2%80%AEfdp.exe
}

// What a person reads as the host is the host: IRI decodes a host label
// only under Chromium's IDN display policy with UTS #39's data (one script;
// no letter that looks like a delimiter; not a Latin name spelled in
// look-alikes; no skeleton that is ASCII; none of Chromium's dangerous
// patterns), and in the userinfo no look-alike of a delimiter. The first
// link would otherwise read as google.com, port 443; "аррӏе" is Cyrillic;
// "exаmple" mixes a Cyrillic "а" into Latin; "g〇〇gle" (U+3007) reads as
// "gOOgle"; "abc例" mixes Latin and Han; "accounts・google・com・例" puts
// U+30FB KATAKANA MIDDLE DOT beside Latin letters.
func ExampleURI_IRI_lookalikes() {
	for _, s := range []string{
		"https://google.com%EA%93%BD443%E3%83%8Eaccount@evil.example/",
		"https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/",
		"https://ex%D0%B0mple.com/",
		"https://%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/",
		"https://b%C3%BCcher.de/",
		"https://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/",
		"https://xn--ggle-gx3ca.com/",
		"https://xn--abc-xc0e.jp/",
		"https://xn--accountsgooglecom-bn6pgad8145n.evil.example/",
		"https://xn--r8jz45g.jp/",
	} {
		fmt.Println(uri.MustParse(s).IRI())
	}
	// Output:
	// https://google.com%EA%93%BD443%E3%83%8Eaccount@evil.example/
	// https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/
	// https://ex%D0%B0mple.com/
	// https://пример.рф/
	// https://bücher.de/
	// https://例え.テスト/
	// https://xn--ggle-gx3ca.com/
	// https://xn--abc-xc0e.jp/
	// https://xn--accountsgooglecom-bn6pgad8145n.evil.example/
	// https://例え.jp/
}

// An IPv6 address has many spellings; SchemeBased writes the one RFC 5952
// defines, so Equivalent and Key see one host.
func ExampleEquivalent_ipv6() {
	a := uri.MustParse("http://[::FFFF:7F00:1]:80/")
	b := uri.MustParse("http://[::ffff:127.0.0.1]/")
	c := uri.MustParse("http://[0:0:0:0:0:0:0:1]/")
	fmt.Println(uri.Equivalent(a, b, uri.SyntaxBased), uri.Equivalent(a, b, uri.SchemeBased))
	fmt.Println(a.Key(uri.SchemeBased), c.Key(uri.SchemeBased))
	// Output:
	// false true
	// http://[::ffff:127.0.0.1]/ http://[::1]/
}

// ---- Tutorial part: Serving HTTP: request targets, Host, dialing, one path for router and upstream (RFC 9112, RFC 9110). ----
// Examples for this part go below this line and above the next part's heading.

// A server receives a URI in pieces: the method, the request-target, the
// Host field and whether the connection is TLS. TargetURI checks each
// piece against its form (RFC 9112, Section 3.2) and puts the target URI
// together (RFC 9112, Section 3.3). A target that starts with "//" stays
// a path: the host is the Host field's. A fragment, a CONNECT target with
// a userinfo, or a Host field with a userinfo or a zone is an error
// pointing into the string at fault, and never prints a password.
func ExampleTargetURI() {
	for _, req := range [][3]string{
		{"GET", "/where?q=now", "www.example.org"},
		{"GET", "//evil.example/steal", "www.example.org"},
		{"GET", "http://www.example.org/pub/WWW/TheProject.html", ""},
		{"CONNECT", "www.example.com:443", "www.example.com:443"},
		{"OPTIONS", "*", "www.example.org:8080"},
		{"GET", "/a#frag", "www.example.org"},
		{"CONNECT", "user:secret@www.example.com:443", ""},
		{"GET", "/", "user:secret@www.example.org"},
	} {
		u, form, err := uri.TargetURI(req[0], req[1], req[2], false)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-14s %s\n", form, u)
	}
	// Output:
	// origin-form    http://www.example.org/where?q=now
	// origin-form    http://www.example.org//evil.example/steal
	// absolute-form  http://www.example.org/pub/WWW/TheProject.html
	// authority-form http://www.example.com:443
	// asterisk-form  http://www.example.org:8080
	// uri: invalid fragment in the request-target at offset 2 in "/a#frag": expected the end of the request-target: it has no fragment (RFC 9112, Section 3.2)
	// uri: invalid userinfo in the request-target at offset 0 in "user:xxxxx@www.example.com:443": expected a host without a userinfo and '@' (RFC 9110, Section 4.2.4 and Section 7.2)
	// uri: invalid userinfo at offset 0 in "user:xxxxx@www.example.org": expected a host without a userinfo and '@' (RFC 9110, Section 4.2.4 and Section 7.2)
}

// A reverse proxy in three calls: TargetURI validates the request,
// RoutePath gives the one path that the access rule checks and the
// upstream receives, and Forward joins it under the upstream's path. The
// zero PathPolicy refuses every path that back ends read otherwise, so
// the upstream serves what the rule saw: "%2e%2e" cannot climb past the
// rule, and "//admin" (which nginx, Apache, http.FileServer and Python's
// http.server merge into "/admin"), "/admin;/keys" (which servlet
// containers cut to "/admin/keys"), "..;" and "%2F" are refused. Only
// origin-form and absolute-form targets name a resource to forward: a
// CONNECT (authority-form) would open a tunnel through the proxy, and
// "OPTIONS *" (asterisk-form) asks the proxy itself. An HTTP/1.0 request
// may come without a Host field: the server's configured name stands in
// for it (RFC 9112, Section 3.3). In a real handler, the last step sets
// the outgoing URL of an httputil.ReverseProxy: r.Out.URL = out.URL().
func Example_reverseProxy() {
	upstream := uri.MustParse("http://10.0.0.5:8080/api/")
	handle := func(r *http.Request) string {
		host := r.Host
		if host == "" && !r.ProtoAtLeast(1, 1) {
			host = "shop.example" // this server's configured name
		}
		target, form, err := uri.TargetURI(r.Method, r.RequestURI, host, r.TLS != nil)
		if err != nil {
			return "400 " + err.Error()
		}
		switch form {
		case uri.AuthorityForm:
			return "405 not forwarded: " + form.String()
		case uri.AsteriskForm:
			return "200 answered by the proxy: " + form.String()
		}
		route, forward, err := uri.RoutePath(target, uri.PathPolicy{})
		if err != nil {
			return "400 " + err.Error()
		}
		if route == "/admin" || strings.HasPrefix(route, "/admin/") {
			return "403 " + route
		}
		out, err := upstream.Forward(forward)
		if err != nil {
			return "502 " + err.Error()
		}
		return "-> " + out.String()
	}
	for _, req := range []string{
		"GET /users?id=1 HTTP/1.1",
		"GET /users HTTP/1.0",
		"GET /users/%2e%2e/admin/keys HTTP/1.1",
		"GET //admin/keys HTTP/1.1",
		"GET /x/..//admin/keys HTTP/1.1",
		"GET http://shop.example//admin/keys HTTP/1.1",
		"GET /admin;/keys HTTP/1.1",
		"GET /users/..;/admin/keys HTTP/1.1",
		"GET /users/a%2Fb HTTP/1.1",
		"CONNECT 10.0.0.5:22 HTTP/1.1",
		"OPTIONS * HTTP/1.1",
	} {
		head := req + "\r\nHost: shop.example\r\n\r\n"
		if strings.HasSuffix(req, "HTTP/1.0") {
			head = req + "\r\n\r\n" // no Host field
		}
		r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(head)))
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s\n\t%s\n", req, handle(r))
	}
	// Output:
	// GET /users?id=1 HTTP/1.1
	// 	-> http://10.0.0.5:8080/api/users?id=1
	// GET /users HTTP/1.0
	// 	-> http://10.0.0.5:8080/api/users
	// GET /users/%2e%2e/admin/keys HTTP/1.1
	// 	403 /admin/keys
	// GET //admin/keys HTTP/1.1
	// 	400 uri: invalid path at offset 20 in "http://shop.example//admin/keys": expected no empty segment: most back ends merge "//" into '/' (PathPolicy.MergeSlashes merges it, PathPolicy.KeepEmptySegments keeps it)
	// GET /x/..//admin/keys HTTP/1.1
	// 	400 uri: invalid path at offset 25 in "http://shop.example/x/..//admin/keys": expected no empty segment: most back ends merge "//" into '/' (PathPolicy.MergeSlashes merges it, PathPolicy.KeepEmptySegments keeps it)
	// GET http://shop.example//admin/keys HTTP/1.1
	// 	400 uri: invalid path at offset 20 in "http://shop.example//admin/keys": expected no empty segment: most back ends merge "//" into '/' (PathPolicy.MergeSlashes merges it, PathPolicy.KeepEmptySegments keeps it)
	// GET /admin;/keys HTTP/1.1
	// 	400 uri: invalid path at offset 25 in "http://shop.example/admin;/keys": expected no path parameter: servlet containers cut what follows ';' in a segment (PathPolicy.KeepParams keeps it)
	// GET /users/..;/admin/keys HTTP/1.1
	// 	400 uri: invalid path at offset 26 in "http://shop.example/users/..;/admin/keys": expected a segment that is a dot segment to no back end ("..;", "..%2F" and "%EF%BC%8E%EF%BC%8E" are ".." to some): EncodedDotSegment, RFC 3986, Section 7.3
	// GET /users/a%2Fb HTTP/1.1
	// 	400 uri: invalid path at offset 27 in "http://shop.example/users/a%2Fb": expected no "%2F" in a path segment (PathPolicy.Slash keeps or decodes it): EncodedSlash, RFC 3986, Section 7.3
	// CONNECT 10.0.0.5:22 HTTP/1.1
	// 	405 not forwarded: authority-form
	// OPTIONS * HTTP/1.1
	// 	200 answered by the proxy: asterisk-form
}

// PathPolicy decides what RoutePath does with the shapes back ends read
// differently. Its zero value refuses encoded slashes; these fields keep
// them as data, read them as separators, or merge runs of '/'.
func ExampleRoutePath() {
	target := uri.MustParse("http://h/a//b%2Fc/%2E%2E/d%5Ce")
	for _, p := range []uri.PathPolicy{
		{Slash: uri.KeepSlash, Backslash: uri.KeepSlash, KeepEmptySegments: true},
		{Slash: uri.DecodeSlash, Backslash: uri.DecodeSlash, KeepEmptySegments: true},
		{Slash: uri.DecodeSlash, Backslash: uri.DecodeSlash, MergeSlashes: true},
	} {
		route, forward, _ := uri.RoutePath(target, p)
		fmt.Println(route, forward)
	}
	// Output:
	// /a//d%5Ce http://h/a//d%5Ce
	// /a//b/d/e http://h/a//b/d/e
	// /a/b/d/e http://h/a/b/d/e
}

// DialAddr gives net.Dial the host and port the URI names, with the
// scheme's default port when it has none (DefaultPort), and an error
// where a hand-written host+":"+port would connect somewhere else: a
// percent-encoded ':' in a host is data, not a port.
func ExampleURI_DialAddr() {
	for _, s := range []string{
		"https://example.com/",
		"http://[2001:db8::1]:8080/",
		"ws://%65xample.com/chat",
		"http://127.0.0.1%3A6379/",
		"foo://example.com/",
	} {
		addr, err := uri.MustParse(s).DialAddr()
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(addr) // conn, err := net.Dial("tcp", addr)
	}
	// Output:
	// example.com:443
	// [2001:db8::1]:8080
	// example.com:80
	// uri: invalid host at offset 16 in "http://127.0.0.1%3A6379/": expected a percent-encoded octet that is data in a host name: "%3A" decodes to a delimiter or a control that a resolver, a dialer or net/url reads otherwise (RFC 3986, Section 3.2.2 and Section 7.3)
	// uri: invalid port at offset 17 in "foo://example.com/": expected ':' and a port: the scheme "foo" has no default port (RFC 3986, Section 3.2.3)
}

// ---- Tutorial part: Redirects, origins and OAuth redirect URIs (URL Standard, HTML, RFC 6749, RFC 8252). ----
// Examples for this part go below this line and above the next part's heading.

// A login handler sends the user back to the page that ?next= names. The
// value comes from the client, so it must not send the browser to another
// site. The site's public origin comes from configuration, never from the
// request: behind a front that ends TLS, r.TLS is nil; behind one that
// rewrites Host, r.Host is the back end's name; and a client can send
// "Host: evil.example" or an absolute-form target naming any host.
// LocalRedirectPath resolves the value against that origin as the browser
// will, keeps it only when it stays on the origin, and returns it as a
// path, which the browser reads against the scheme and host it is on. The
// request below comes through such a front, in absolute form, with a
// forged Host and X-Forwarded-Host: none of it reaches the Location.
// "//evil.example", "/\evil.example", a tab inside, a leading space and
// "https:evil.example" all leave the site in a browser, and an error says
// where in the value the other host starts. Some values that look alike
// stay: "http:evil.example" is a path when the site is on http, and
// "/a/../\evil.example/" is the path "//evil.example/", which the
// returned "/.//evil.example/" keeps on the site (written as that bare
// path, or cleaned to it by http.Redirect, it would send the browser to
// evil.example: set the Location header yourself).
func ExampleWebParser_LocalRedirectPath() {
	site, err := uri.WebParser{}.Base(uri.MustParse("https://app.example/")) // from configuration
	if err != nil {
		panic(err)
	}
	login := func(w http.ResponseWriter, r *http.Request) {
		loc, err := site.LocalRedirectPath(r.URL.Query().Get("next"))
		if err != nil {
			// log it, and send the user home instead
			var e *uri.Error
			errors.As(err, &e)
			fmt.Fprintf(w, "refused at offset %d: %v", e.Offset, errors.Is(err, uri.ErrCrossOrigin))
			loc = "/"
		}
		w.Header().Set("Location", loc)
		w.WriteHeader(http.StatusSeeOther)
	}
	for _, value := range []string{
		"/account?tab=2",
		"../orders#last",
		"https://app.example/x",
		"/a/../\\evil.example/",
		"//evil.example/",
		"/\\evil.example/",
		"/\t/evil.example/",
		" //evil.example/",
		"http:evil.example",
		"https:evil.example",
		"https://app.example@evil.example/",
		"javascript:alert(1)",
		"https://app.example:99999/",
	} {
		// what the back end receives from a front that ended TLS
		r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(
			"POST http://evil.example/login?next=" + url.QueryEscape(value) + " HTTP/1.1\r\n" +
				"Host: backend-7:8080\r\nX-Forwarded-Host: evil.example\r\n\r\n")))
		if err != nil {
			panic(err)
		}
		rec := httptest.NewRecorder()
		login(rec, r)
		out := rec.Header().Get("Location")
		if rec.Body.Len() > 0 {
			out = fmt.Sprintf("%-22s %s", out, rec.Body)
		}
		fmt.Printf("%-36q %s\n", value, out)
	}
	// Output:
	// "/account?tab=2"                     /account?tab=2
	// "../orders#last"                     /orders#last
	// "https://app.example/x"              /x
	// "/a/../\\evil.example/"              /.//evil.example/
	// "//evil.example/"                    /                      refused at offset 2: true
	// "/\\evil.example/"                   /                      refused at offset 2: true
	// "/\t/evil.example/"                  /                      refused at offset 3: true
	// " //evil.example/"                   /                      refused at offset 3: true
	// "http:evil.example"                  /                      refused at offset 0: true
	// "https:evil.example"                 /evil.example
	// "https://app.example@evil.example/"  /                      refused at offset 20: true
	// "javascript:alert(1)"                /                      refused at offset 0: true
	// "https://app.example:99999/"         /                      refused at offset 24: false
}

// An OAuth 2.0 authorization endpoint sends the authorization code only
// to a redirect URI registered for the client, compared as strings (RFC
// 9700, Section 4.1.3), with one exception: a native app listening on a
// loopback IP literal gets the code on whatever port it has (RFC 8252,
// Section 7.3). RedirectURIMatch makes that comparison and refuses what a
// hand-written prefix or host check lets through: another path or
// query, a userinfo, a different spelling of the host, a fragment.
func ExampleRedirectURIMatch() {
	registered := map[string][]string{
		"web-app": {"https://client.example/cb"},
		"cli":     {"http://127.0.0.1/callback", "com.example.app:/oauth2redirect"},
	}
	authorize := func(clientID, redirectURI string) string {
		for _, r := range registered[clientID] {
			if uri.RedirectURIMatch(r, redirectURI) {
				return "302 to " + redirectURI
			}
		}
		return "400 invalid_request (and no redirect)"
	}
	for _, req := range [][2]string{
		{"web-app", "https://client.example/cb"},
		{"web-app", "https://client.example/cb/../evil"},
		{"web-app", "https://client.example/cb?next=https://evil.example"},
		{"web-app", "https://client.example.evil.example/cb"},
		{"web-app", "https://client.example@evil.example/cb"},
		{"web-app", "https://CLIENT.example/cb"},
		{"web-app", "https://client.example/cb#x"},
		{"cli", "http://127.0.0.1:53412/callback"},
		{"cli", "http://localhost:53412/callback"},
		{"cli", "com.example.app:/oauth2redirect"},
	} {
		fmt.Printf("%-8s %-54s %s\n", req[0], req[1], authorize(req[0], req[1]))
	}
	// Output:
	// web-app  https://client.example/cb                              302 to https://client.example/cb
	// web-app  https://client.example/cb/../evil                      400 invalid_request (and no redirect)
	// web-app  https://client.example/cb?next=https://evil.example    400 invalid_request (and no redirect)
	// web-app  https://client.example.evil.example/cb                 400 invalid_request (and no redirect)
	// web-app  https://client.example@evil.example/cb                 400 invalid_request (and no redirect)
	// web-app  https://CLIENT.example/cb                              400 invalid_request (and no redirect)
	// web-app  https://client.example/cb#x                            400 invalid_request (and no redirect)
	// cli      http://127.0.0.1:53412/callback                        302 to http://127.0.0.1:53412/callback
	// cli      http://localhost:53412/callback                        400 invalid_request (and no redirect)
	// cli      com.example.app:/oauth2redirect                        302 to com.example.app:/oauth2redirect
}

// A crawler reads the URL of a page once, with Base, and resolves every
// link of the page against it, as the browser does; SameOrigin keeps it on
// the site. The results are strict RFC 3986 URIs.
func ExampleWebBase() {
	page, err := uri.WebParser{}.Base(uri.MustParse("https://docs.example/guide/intro.html"))
	if err != nil {
		panic(err)
	}
	fmt.Println("origin", page.Origin())
	for _, href := range []string{
		"setup.html",
		"../api/v2/",
		"HTTPS://DOCS.EXAMPLE:443/faq",
		"//cdn.example/app.js",
		"\\\\cdn.example\\app.js",
		"mailto:docs@example.com",
	} {
		u, err := page.Resolve(href)
		fmt.Printf("%-26q %-38v %-5v %v\n", href, u, page.SameOrigin(href), err)
	}
	// Output:
	// origin https://docs.example
	// "setup.html"               https://docs.example/guide/setup.html  true  <nil>
	// "../api/v2/"               https://docs.example/api/v2/           true  <nil>
	// "HTTPS://DOCS.EXAMPLE:443/faq" https://docs.example/faq               true  <nil>
	// "//cdn.example/app.js"     https://cdn.example/app.js             false <nil>
	// "\\\\cdn.example\\app.js"  https://cdn.example/app.js             false <nil>
	// "mailto:docs@example.com"  mailto:docs@example.com                false <nil>
}

// ---- Tutorial part: Files and paths, both ways, POSIX and Windows (RFC 8089). ----
// Examples for this part go below this line and above the next part's heading.

// An editor and a language server exchange file URIs; the server works
// with paths. The client writes the drive letter as "c%3A", as VS Code
// does; FilePath reads it, FromFilePath writes the path back with "c:".
// Two spellings of one file: SameFile says so, and FileKey gives both
// one key, for a map of open documents (RFC 8089, Appendix E.2).
func ExampleFromFilePath() {
	opened := uri.MustParse("file:///c%3A/Users/me/My%20Project/main.go")
	path, err := opened.FilePath(uri.Windows)
	if err != nil {
		panic(err)
	}
	fmt.Println(path)

	// a diagnostic for the file, sent back with the URI of the path
	diag, err := uri.FromFilePath(path, uri.Windows)
	if err != nil {
		panic(err)
	}
	fmt.Println(diag)
	fmt.Println(uri.SameFile(opened, diag, uri.Windows))
	key, _ := opened.FileKey(uri.Windows)
	fmt.Println(key)

	// a share on another machine: the server becomes the host
	share, _ := uri.FromFilePath(`\\FileServer\team\notes.md`, uri.Windows)
	fmt.Println(share)
	// Output:
	// c:\Users\me\My Project\main.go
	// file:///c:/Users/me/My%20Project/main.go
	// true
	// C:\Users\me\My Project\main.go
	// file://fileserver/team/notes.md
}

// A file URI from an untrusted source is turned into a path only when the
// path names the file the URI names: a '.' or '..' or a separator hidden
// in percent-encoding, a NUL byte, another host, and Windows device names
// are refused, each with its rule and the offset to put a caret under.
func ExampleURI_FilePath() {
	root := "/srv/www/"
	for _, link := range []string{
		"file:///srv/www/img/logo.png",
		"file:///srv/www/%2e%2e/%2e%2e/etc/passwd",
		"file:///srv/www/..%2F..%2Fetc/passwd",
		"file:///srv/www/logo.png%00.html",
		"file://evil.example/srv/www/logo.png",
	} {
		path, err := uri.MustParse(link).FilePath(uri.POSIX)
		var e *uri.Error
		switch {
		case errors.As(err, &e):
			fmt.Printf("%s\n%s^ %v\n", link, strings.Repeat(" ", e.Offset), e.Err)
		case strings.HasPrefix(path, root):
			fmt.Println("serve", path)
		}
	}
	_, err := uri.MustParse("file:///C:/srv/www/nul.txt").FilePath(uri.Windows)
	fmt.Println(errors.Is(err, uri.ErrFileDevice), errors.Is(err, uri.ErrFilePath))
	// Output:
	// serve /srv/www/img/logo.png
	// file:///srv/www/%2e%2e/%2e%2e/etc/passwd
	//                 ^ uri: file path: a dot segment
	// file:///srv/www/..%2F..%2Fetc/passwd
	//                   ^ uri: file path: an encoded separator
	// file:///srv/www/logo.png%00.html
	//                         ^ uri: file path: a NUL byte
	// file://evil.example/srv/www/logo.png
	//        ^ uri: file path: a host the path cannot name
	// true true
}

// ---- Tutorial part: Query strings and HTML forms (URL Standard, application/x-www-form-urlencoded). ----
// Examples for this part go below this line and above the next part's heading.

// Read a browser's form submission. A GET form's query and a POST body of
// type application/x-www-form-urlencoded are read with the URL Standard's
// parser: '+' is a space, a ';' is data and a stray '%' stays a '%', so
// ParseForm never fails. net/url's ParseQuery rejects the ';' instead.
func ExampleParseForm() {
	body := "q=red+shoes+%26+socks&size=42;43&note=100%+cotton&&empty="
	for name, value := range uri.ParseForm(body) {
		fmt.Printf("%s=%q\n", name, value)
	}
	_, err := url.ParseQuery(body)
	fmt.Println("net/url:", err)
	// Output:
	// q="red shoes & socks"
	// size="42;43"
	// note="100% cotton"
	// empty=""
	// net/url: invalid semicolon separator in query
}

// Choose the reading: FormParam reads a query as a browser's form wrote
// it, QueryParam as RFC 3986 writes it, where '+' is a plus sign.
func ExampleURI_FormParam() {
	u := uri.MustParse("https://example.com/search?q=caf%C3%A9+au+lait&lang=fr&lang=en")
	q, _ := u.FormParam("q")
	raw, _ := u.QueryParam("q")
	fmt.Printf("form: %q\nRFC 3986: %q\n", q, raw)
	fmt.Println(u.QueryParamAll("lang"))
	// Output:
	// form: "café au lait"
	// RFC 3986: "café+au+lait"
	// [fr en]
}

// Strip tracking parameters in one pass. Every pair the predicate does not
// drop keeps its bytes, the empty pair and the lowercase escape included,
// so the server reads the rest of the query exactly as before.
func ExampleURI_WithoutQueryParamFunc() {
	u := uri.MustParse("https://shop.example/item?id=7&utm_source=news&&color=dark%2fblue&utm_medium=email&fbclid=IwAR2")
	clean := u.WithoutQueryParamFunc(func(key string) bool {
		return strings.HasPrefix(key, "utm_") || key == "fbclid" || key == "gclid"
	})
	fmt.Println(clean)
	// Output:
	// https://shop.example/item?id=7&&color=dark%2fblue
}

// Change one parameter and leave the others as they were. The url.Values
// round trip (ParseQuery, Set, Encode) sorts the keys, re-encodes every
// pair and drops the empty one.
func ExampleURI_WithQueryParam() {
	u := uri.MustParse("https://example.com/list?b=%2f&page=1&&c")
	fmt.Println(u.WithQueryParam("page", "2"))
	v, _ := url.ParseQuery(u.Query)
	v.Set("page", "2")
	fmt.Println("net/url: ?" + v.Encode())
	// Output:
	// https://example.com/list?b=%2f&page=2&&c
	// net/url: ?b=%2F&c=&page=2
}

// A canonical query for signing a request (AWS Signature Version 4, OAuth
// 1.0a): every key and value encoded with only the unreserved characters
// of RFC 3986, Section 2.3 kept, the pairs sorted by key, then by value.
func ExampleComponent_signedQuery() {
	u := uri.MustParse("https://examplebucket.s3.amazonaws.com/?prefix=photos/2024%20Q3&max-keys=10&list-type=2&X-Amz-Date=20130524T000000Z")
	var pairs [][2]string
	for k, v := range u.QueryParams() {
		pairs = append(pairs, [2]string{uri.Encode(k, uri.ComponentUnreserved), uri.Encode(v, uri.ComponentUnreserved)})
	}
	slices.SortFunc(pairs, func(a, b [2]string) int { return slices.Compare(a[:], b[:]) })
	var canonical []string
	for _, p := range pairs {
		canonical = append(canonical, p[0]+"="+p[1])
	}
	fmt.Println(strings.Join(canonical, "&"))
	// Output:
	// X-Amz-Date=20130524T000000Z&list-type=2&max-keys=10&prefix=photos%2F2024%20Q3
}

// Write pairs as a browser's form and URLSearchParams write them: a space
// is '+', and only ALPHA, DIGIT and "*-._" are left unencoded.
func ExampleEncodeForm() {
	u := uri.MustParse("https://example.com/?q=dark%20blue%20%26%20~tilde*%20'q'&page=2")
	fmt.Println(uri.EncodeForm(u.QueryParams()))
	// Output:
	// q=dark+blue+%26+%7Etilde*+%27q%27&page=2
}

// Sort the pairs as URLSearchParams's sort does, stably by name, to make
// one cache key for queries that differ only in order. Pairs of one name
// keep their order, and every pair its bytes.
func ExampleURI_SortQueryParams() {
	a := uri.MustParse("https://api.example/v1/items?sort=asc&page=2&tag=b&tag=a")
	b := uri.MustParse("https://api.example/v1/items?tag=b&page=2&sort=asc&tag=a")
	fmt.Println(a.SortQueryParams())
	fmt.Println(a.SortQueryParams() == b.SortQueryParams())
	// Output:
	// https://api.example/v1/items?page=2&sort=asc&tag=b&tag=a
	// true
}

// ---- Tutorial part: International domain names (UTS #46, RFC 5891, RFC 3492). ----
// Examples for this part go below this line and above the next part's heading.

// DomainToASCII turns a host written in any script into the ASCII name a
// browser looks up (URL Standard, "domain to ASCII"): UTS #46 maps each
// code point (case, width, compatibility forms), normalizes, checks, and
// encodes each label that is not ASCII in Punycode after "xn--". An ASCII
// domain is only lowercased, so a name that is already lowercase ASCII
// comes back as it is, without allocating.
func ExampleDomainToASCII() {
	for _, host := range []string{
		"Bücher.de",
		"例え.テスト",
		"ＥＸＡＭＰＬＥ。ｃｏｍ", // fullwidth letters, ideographic full stop
		"ⓛⓞⓒⓐⓛⓗⓞⓢⓣ",   // circled letters: a name a denylist must see as localhost
		"xn--mnchen-3ya.DE",
	} {
		ascii, err := uri.DomainToASCII(host)
		fmt.Println(ascii, err)
	}
	// Output:
	// xn--bcher-kva.de <nil>
	// xn--r8jz45g.xn--zckzah <nil>
	// example.com <nil>
	// localhost <nil>
	// xn--mnchen-3ya.de <nil>
}

// A host that UTS #46 rejects is an *Error wrapping ErrIDNA: the offset of
// the label or code point at fault, and the rule that failed, with its
// status code from Unicode's conformance tests. Here a ZERO WIDTH
// NON-JOINER sits between two Latin letters, where RFC 5892 allows it only
// after a virama or between joining letters.
func ExampleDomainToASCII_error() {
	host := "pay\u200cpal.com"
	_, err := uri.DomainToASCII(host)

	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Printf("%+q\n", host)
		fmt.Println(strings.Repeat(" ", e.Offset+1) + "^") // +1 for the opening quote
		fmt.Println("IDNA:", errors.Is(err, uri.ErrIDNA))
		fmt.Println("expected:", e.Expected)
	}
	// Output:
	// "pay\u200cpal.com"
	//     ^
	// IDNA: true
	// expected: U+200C ZERO WIDTH NON-JOINER after a virama or between joining letters (RFC 5892, Appendix A.1, C1)
}

// DomainToUnicode turns the A-labels of a host back into Unicode, for
// display (URL Standard, "domain to Unicode"). Like the Standard, it
// returns a result even where UTS #46 records an error, and the error
// with it: such a result is for showing the input, never for a lookup
// ("xn--ascii-" decodes to "ascii", another name).
func ExampleDomainToUnicode() {
	for _, host := range []string{"xn--mnchen-3ya.de", "XN--R8JZ45G.JP", "xn--ascii-.example"} {
		u, err := uri.DomainToUnicode(host)
		fmt.Println(u, err != nil)
	}
	// Output:
	// münchen.de false
	// 例え.jp false
	// ascii.example true
}

// The zero IDNA is the URL Standard's profile, which browsers use for the
// hosts of URLs. The beStrict profile adds the rules of a name that can be
// registered (RFC 5891, Section 4; STD 3): letters, digits and inner
// hyphens only, labels of 63 octets at most, 253 in all.
func ExampleIDNA() {
	strict := uri.IDNA{CheckHyphens: true, UseSTD3ASCIIRules: true, VerifyDNSLength: true}
	for _, host := range []string{"Bücher.de", "-bücher.de", "bücher_shop.de"} {
		lookup, err1 := uri.IDNA{}.ToASCII(host)
		register, err2 := strict.ToASCII(host)
		fmt.Printf("%-16s lookup %q %v, register %q %v\n", host, lookup, err1 == nil, register, err2 == nil)
	}
	// Output:
	// Bücher.de        lookup "xn--bcher-kva.de" true, register "xn--bcher-kva.de" true
	// -bücher.de       lookup "xn---bcher-4ya.de" true, register "" false
	// bücher_shop.de   lookup "xn--bcher_shop-9db.de" true, register "" false
}

// A page served from an internationalized host links to other pages; a
// crawler resolves each href against the page's URL as a browser does.
// The zero WebParser has "domain to ASCII" built in, so the page's own
// host, given in Unicode or in Punycode, and the hosts its links name come
// out as the ASCII names a browser looks up.
func ExampleWebBase_ResolveHref_idn() {
	for _, page := range []string{"https://münchen.de/stadt/", "https://xn--mnchen-3ya.de/stadt/"} {
		u, err := uri.ParseWeb(page)
		if err != nil {
			fmt.Println(err)
			continue
		}
		base, err := uri.WebParser{}.Base(u)
		if err != nil {
			fmt.Println(err)
			continue
		}
		for _, href := range []string{"rathaus.html", "/", "//köln.de/dom", "https://MÜNCHEN.de/?q=1"} {
			abs, err := base.ResolveHref(href)
			fmt.Println(abs, err)
		}
	}
	// Output:
	// https://xn--mnchen-3ya.de/stadt/rathaus.html <nil>
	// https://xn--mnchen-3ya.de/ <nil>
	// https://xn--kln-sna.de/dom <nil>
	// https://xn--mnchen-3ya.de/?q=1 <nil>
	// https://xn--mnchen-3ya.de/stadt/rathaus.html <nil>
	// https://xn--mnchen-3ya.de/ <nil>
	// https://xn--kln-sna.de/dom <nil>
	// https://xn--mnchen-3ya.de/?q=1 <nil>
}

// "http://例え.jp/" and "http://xn--r8jz45g.jp/" name the same host: an IRI
// becomes a URI with the host percent-encoded as UTF-8 (RFC 3987, Section
// 3.1), and Equivalent at SchemeBased converts such a host of an http,
// https, ws, wss or ftp URI to its ASCII form with DomainToASCII, as a
// resolver does. At SyntaxBased, which compares text, they differ.
func ExampleEquivalent_idn() {
	a, err := uri.ParseIRI("http://例え.jp/")
	if err != nil {
		fmt.Println(err)
		return
	}
	b := uri.MustParse("http://xn--r8jz45g.jp/")
	fmt.Println(a)
	fmt.Println(uri.Equivalent(a, b, uri.SyntaxBased), uri.Equivalent(a, b, uri.SchemeBased))
	fmt.Println(a.Normalize(uri.SchemeBased))
	// Output:
	// http://%E4%BE%8B%E3%81%88.jp/
	// false true
	// http://xn--r8jz45g.jp/
}

// An SSRF guard that denies names must compare the name that is dialed,
// not the text of the URI: "ⓛⓞⓒⓐⓛⓗⓞⓢⓣ" (circled letters) maps to
// "localhost" under UTS #46, and net/http dials localhost for it. Hostname
// and DialAddr give the ASCII name after IDNA, lowercased however the URI
// spells it ("LOCALHOST", "%4C%4F%43...", "Metadata.Google.Internal"), with
// a final dot kept, which the guard trims ("localhost."); so the denylist
// catches all of them. Addrs catches the same trick on an IP address
// ("①②⑦.0.0.1") and every name under localhost ("evil.localhost"), which
// clients connect to on loopback without asking the DNS.
func ExampleURI_Hostname_idn() {
	denied := map[string]bool{"localhost": true, "metadata.google.internal": true}
	for _, s := range []string{
		"http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/admin",
		"http://ＬＯＣＡＬＨＯＳＴ:8080/",
		"http://LOCALHOST:8080/",
		"http://%4C%4F%43%41%4C%48%4F%53%54/",
		"http://Metadata.Google.Internal/",
		"http://localhost./",
		"http://evil.localhost/",
		"http://①②⑦.0.0.1/",
		"https://bücher.de/",
	} {
		u, err := uri.ParseIRI(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		host, err := u.Hostname()
		if err != nil {
			fmt.Println("reject:", err)
			continue
		}
		addr, _ := u.DialAddr()
		switch {
		case denied[strings.TrimSuffix(host, ".")]:
			fmt.Println("reject:", s, "dials", addr)
		case slices.ContainsFunc(u.Addrs(), netip.Addr.IsLoopback):
			fmt.Println("reject:", s, "reaches", u.Addrs())
		default:
			fmt.Println("allow:", s, "dials", addr)
		}
	}
	// Output:
	// reject: http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/admin dials localhost:80
	// reject: http://ＬＯＣＡＬＨＯＳＴ:8080/ dials localhost:8080
	// reject: http://LOCALHOST:8080/ dials localhost:8080
	// reject: http://%4C%4F%43%41%4C%48%4F%53%54/ dials localhost:80
	// reject: http://Metadata.Google.Internal/ dials metadata.google.internal:80
	// reject: http://localhost./ dials localhost.:80
	// reject: http://evil.localhost/ reaches [127.0.0.1 ::1]
	// reject: http://①②⑦.0.0.1/ reaches [127.0.0.1]
	// allow: https://bücher.de/ dials xn--bcher-kva.de:443
}

// ---- Tutorial part: Configuration values and what people type. ----
// Examples for this part go below this line.

// A configuration value that must name a server is an Endpoint: decoding
// fails for "" and for "localhost:8080" (the scheme "localhost" and the
// path "8080"), which a URI field accepts without a word, and the error
// says how to write a host and port as a URI. A missing key leaves the
// zero Endpoint, so compare with uri.Endpoint{} to require one; omitzero
// leaves an unset Endpoint out of the output, so that what is written
// reads back (omitempty never omits a struct).
func ExampleEndpoint() {
	type Config struct {
		API    uri.Endpoint `json:"api"`
		Mirror uri.Endpoint `json:"mirror,omitzero"`
	}
	for _, in := range []string{
		`{"api": "https://api.example.com/v1/"}`,
		`{"api": ""}`,
		`{"api": "localhost:8080"}`,
		`{"api": "127.0.0.1:8080"}`,
		`{}`,
	} {
		var cfg Config
		err := json.Unmarshal([]byte(in), &cfg)
		switch {
		case err != nil:
			fmt.Println(err)
		case cfg.API == (uri.Endpoint{}):
			fmt.Println("api: required")
		default:
			out, _ := json.Marshal(cfg)
			fmt.Println(cfg.API.Host, string(out))
		}
	}
	// Output:
	// api.example.com {"api":"https://api.example.com/v1/"}
	// uri: invalid scheme at offset 0 in "": expected an absolute URI with a host, such as "https://example.com/" (the value is empty)
	// uri: invalid host at offset 10 in "localhost:8080": expected "//" and a host after the scheme (RFC 3986, Section 3.2): "localhost" is read as a scheme here; to name the host localhost, write "http://localhost:8080"
	// uri: invalid scheme at offset 0 in "127.0.0.1:8080": expected a scheme and "//" before the host (RFC 3986, Section 3): to name the host, write "http://127.0.0.1:8080"
	// api: required
}

// Command-line flags take an Endpoint through flag.TextVar, with the same
// checks.
func ExampleEndpoint_flag() {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	def, _ := uri.ParseEndpoint("http://localhost:8080/")
	var upstream uri.Endpoint
	fs.TextVar(&upstream, "upstream", def, "the server to proxy to")

	fmt.Println(fs.Parse([]string{"-upstream", "localhost:9090"}))
	fmt.Println(fs.Parse([]string{"-upstream", "http://localhost:9090"}), upstream)
	// Output:
	// invalid value "localhost:9090" for flag -upstream: uri: invalid host at offset 10 in "localhost:9090": expected "//" and a host after the scheme (RFC 3986, Section 3.2): "localhost" is read as a scheme here; to name the host localhost, write "http://localhost:9090"
	// <nil> http://localhost:9090
}

// What a person types into a "your website" field: ParseUserInput reads it as
// a browser's address bar does, with the scheme the form gives for an
// address typed without one. An address with a scheme keeps it, so check
// that the scheme is one the field allows; a host and a port are not a
// scheme; a ')' that closes nothing is the punctuation of the text it was
// copied from.
func ExampleParseUserInput() {
	for _, in := range []string{
		"example.com",
		"www.example.com/a b",
		"localhost:8080",
		"10.0.0.1:3000",
		"mailto:me@example.com",
		"javascript:alert(1)",
		"Go_(programming_language))",
		"example.com/docs)",
		"me@example.com",
		"localhost:99999",
	} {
		u, err := uri.ParseUserInput(in, "https")
		var e *uri.Error
		switch {
		case errors.As(err, &e):
			fmt.Printf("%-26s %v\n", in, e.Err)
		case u.Scheme != "https" && u.Scheme != "http":
			fmt.Printf("%-26s not a website: %s\n", in, u)
		default:
			fmt.Printf("%-26s %s\n", in, u)
		}
	}
	// Output:
	// example.com                https://example.com/
	// www.example.com/a b        https://www.example.com/a%20b
	// localhost:8080             https://localhost:8080/
	// 10.0.0.1:3000              https://10.0.0.1:3000/
	// mailto:me@example.com      not a website: mailto:me@example.com
	// javascript:alert(1)        not a website: javascript:alert(1)
	// Go_(programming_language)) uri: invalid host
	// example.com/docs)          uri: invalid path
	// me@example.com             uri: invalid host
	// localhost:99999            uri: not a URL under the URL Standard
}

// Logging a configuration at startup: fmt, and slog without help, print
// every password in it; with RedactAttr as the handler's ReplaceAttr,
// URIs, *url.URLs and DSN strings log without them, at any depth.
func ExampleRedactAttr() {
	type Config struct {
		API      uri.Endpoint
		Database string
		Proxy    *url.URL
		Mirrors  []uri.URI
		Workers  int
	}
	api, _ := uri.ParseEndpoint("https://svc:s3cr3t@api.example.com/v1/")
	cfg := Config{
		API:      api,
		Database: "postgres://app:hunter2@db.internal/app",
		Proxy:    &url.URL{Scheme: "http", User: url.UserPassword("proxy", "pr0xy"), Host: "proxy:3128"},
		Mirrors:  []uri.URI{uri.MustParse("https://m1.example.com/"), uri.MustParse("ftp://anonymous:guest@m2.example.com/")},
		Workers:  8,
	}
	fmt.Printf("%+v\n", cfg)

	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) == 0 && a.Key == slog.TimeKey {
				return slog.Attr{} // keep the output stable
			}
			return uri.RedactAttr(groups, a)
		},
	}))
	logger.Info("starting", "config", cfg)
	// Output:
	// {API:https://svc:s3cr3t@api.example.com/v1/ Database:postgres://app:hunter2@db.internal/app Proxy:http://proxy:pr0xy@proxy:3128 Mirrors:[https://m1.example.com/ ftp://anonymous:guest@m2.example.com/] Workers:8}
	// level=INFO msg=starting config.API=https://svc:xxxxx@api.example.com/v1/ config.Database=postgres://app:xxxxx@db.internal/app config.Proxy=http://proxy:xxxxx@proxy:3128 config.Mirrors.0=https://m1.example.com/ config.Mirrors.1=ftp://anonymous:xxxxx@m2.example.com/ config.Workers=8
}

// ---- Tutorial part: Cross-origin decisions (HTML "same site", Fetch CORS and redirects, Referrer Policy). ----

// A CORS or CSRF check compares the Origin header with the trusted
// origins of the configuration. ParseOriginSet reads them strictly:
// each is written as browsers send it, and a spelling that no browser
// sends is an error that says what to write instead, not a pattern that
// never matches.
func ExampleParseOriginSet() {
	trusted, err := uri.ParseOriginSet([]string{
		"https://app.example.com",
		"https://*.preview.example.com", // one or more labels, whole ones only
		"http://localhost:3000",
	}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	allowed := func(r *http.Request) bool {
		return trusted.Allows(r.Header.Get("Origin"))
	}
	for _, origin := range []string{
		"https://app.example.com",
		"https://pr-42.preview.example.com",
		"https://preview.example.com",
		"https://evil.preview.example.com.attacker.test",
		"https://app.example.com:443", // not what a browser sends
		"null",
	} {
		r := &http.Request{Header: http.Header{"Origin": {origin}}}
		fmt.Printf("%-48s %v\n", origin, allowed(r))
	}

	for _, bad := range []string{"https://App.example.com", "https://app.example.com/", "https://bücher.example", "https://*example.com"} {
		_, err := uri.ParseOriginSet([]string{bad}, nil)
		fmt.Println(err)
	}
	// Output:
	// https://app.example.com                          true
	// https://pr-42.preview.example.com                true
	// https://preview.example.com                      false
	// https://evil.preview.example.com.attacker.test   false
	// https://app.example.com:443                      false
	// null                                             false
	// uri: not an origin as browsers send it at offset 8 in "https://App.example.com": expected "https://app.example.com" (HTML Standard, "serialization of an origin"): lowercase: browsers lowercase the scheme and the host
	// uri: not an origin as browsers send it at offset 23 in "https://app.example.com/": expected "https://app.example.com" (HTML Standard, "serialization of an origin"): no path, query or fragment: an origin is scheme, host and port
	// uri: not an origin as browsers send it at offset 8 in "https://bücher.example": expected "https://xn--bcher-kva.example" (HTML Standard, "serialization of an origin"): the host's ASCII form, which browsers send (URL Standard, "IDNA")
	// uri: not an origin as browsers send it at offset 8 in "https://*example.com": expected a wildcard only as "*." at the start of the host, standing for whole labels ("https://*.example.com")
}

// exampleSuffixes is a few rules of the Public Suffix List in its
// published format; a program reads the whole list, fetched from
// publicsuffix.org, with ParseSuffixList.
const exampleSuffixes = `// ===BEGIN ICANN DOMAINS===
com
uk
co.uk
// ===END ICANN DOMAINS===
// ===BEGIN PRIVATE DOMAINS===
github.io
// ===END PRIVATE DOMAINS===
`

// With a suffix list, a wildcard that would trust sites of every owner is
// an error too.
func ExampleParseOriginSet_suffixList() {
	list, err := uri.ParseSuffixList(strings.NewReader(exampleSuffixes))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range []string{"https://*.example.co.uk", "https://*.co.uk", "https://*.github.io"} {
		_, err := uri.ParseOriginSet([]string{p}, list)
		fmt.Println(p, errors.Is(err, uri.ErrOrigin))
	}
	// Output:
	// https://*.example.co.uk false
	// https://*.co.uk true
	// https://*.github.io true
}

// The registrable domain ("eTLD+1") of a host in any spelling a browser
// accepts.
func ExampleRegistrableDomain() {
	list, _ := uri.ParseSuffixList(strings.NewReader(exampleSuffixes))
	for _, host := range []string{"www.Example.CO.UK", "alice.github.io", "github.io", "127.0.0.1"} {
		d, err := uri.RegistrableDomain(host, list)
		fmt.Printf("%q %v\n", d, errors.Is(err, uri.ErrSite))
	}
	// Output:
	// "example.co.uk" false
	// "alice.github.io" false
	// "" true
	// "" true
}

// A SameSite=Strict cookie goes with a request only when the page that
// makes it and the URL it goes to are same site (HTML Standard, "same
// site"): same scheme, same registrable domain. Ports do not count;
// schemes do.
func ExampleWebParser_SameSite() {
	list, _ := uri.ParseSuffixList(strings.NewReader(exampleSuffixes))
	page := uri.MustParse("https://www.example.co.uk/cart")
	for _, to := range []string{
		"https://api.example.co.uk:8443/checkout",
		"http://api.example.co.uk/checkout",
		"https://example.github.io/",
		"https://evil.co.uk/",
	} {
		fmt.Println(to, uri.WebParser{}.SameSite(page, uri.MustParse(to), list))
	}
	site, _ := uri.WebParser{}.Site(page, list)
	fmt.Println(site)
	// Output:
	// https://api.example.co.uk:8443/checkout true
	// http://api.example.co.uk/checkout false
	// https://example.github.io/ false
	// https://evil.co.uk/ false
	// https://example.co.uk
}

// The Referer a browser sends: never the userinfo or fragment, only the
// origin to another origin under the default policy, nothing on a
// downgrade to http.
func ExampleWebParser_Referrer() {
	from := uri.MustParse("https://user:pw@shop.example.com/reset?token=SECRET#step2")
	for _, c := range []struct {
		to, policy string
	}{
		{"https://shop.example.com/next", ""},
		{"https://other.example/", ""},
		{"http://other.example/", ""},
		{"https://other.example/", "unsafe-url"},
		{"https://other.example/", "no-referrer"},
	} {
		policy, err := uri.ParseReferrerPolicy(c.policy)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-30s %-12q %q\n", c.to, c.policy, uri.WebParser{}.Referrer(from, uri.MustParse(c.to), policy))
	}
	_, err := uri.ParseReferrerPolicy("origin-when-crossorigin")
	fmt.Println(err)
	// Output:
	// https://shop.example.com/next  ""           "https://shop.example.com/reset?token=SECRET"
	// https://other.example/         ""           "https://shop.example.com/"
	// http://other.example/          ""           ""
	// https://other.example/         "unsafe-url" "https://shop.example.com/reset?token=SECRET"
	// https://other.example/         "no-referrer" ""
	// uri: not a referrer policy at offset 17 in "origin-when-crossorigin": expected one of the tokens no-referrer, no-referrer-when-downgrade, same-origin, origin, strict-origin, origin-when-cross-origin, strict-origin-when-cross-origin, unsafe-url, in lowercase (W3C Referrer Policy, "Referrer Policies")
}

// A crawler's http.Client follows redirects as a browser does with a
// CheckRedirect that applies WebParser.Redirect to the request net/http
// made: the URL resolved as a browser resolves the Location, the Referer
// the request before sent, stripped again under the policy (net/http
// sends the previous URL, query and fragment included; the first request
// sends WebParser.Referrer of the page the crawl came from), and no
// Authorization or
// Cookie once a hop has left the first origin (net/http keeps them
// between two ports or schemes of one host, and copies the first
// request's headers again at every hop). net/http changes the method
// itself.
func ExampleWebParser_Redirect() {
	checkRedirect := func(req *http.Request, via []*http.Request) error {
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		prev := via[len(via)-1]
		current, err := uri.FromURL(prev.URL)
		if err != nil {
			return err
		}
		var referrer uri.URI // the Referer the request to current sent
		if r := prev.Header.Get("Referer"); r != "" {
			referrer, _ = uri.ParseWeb(r)
		}
		// the default policy, until a redirect's Referrer-Policy sets one
		// for its hop and the later ones
		var policy uri.ReferrerPolicy
		for i := 1; i <= len(via); i++ {
			r := req
			if i < len(via) {
				r = via[i]
			}
			if p := uri.ParseReferrerPolicyHeader(r.Response.Header.Values("Referrer-Policy")); p != "" {
				policy = p
			}
		}
		hop, err := uri.WebParser{}.Redirect(current, req.Response.Header.Get("Location"), req.Response.StatusCode, prev.Method, referrer, policy)
		if err != nil {
			return err
		}
		req.URL, req.Host = hop.URL.URL(), ""
		for _, h := range hop.Drop {
			req.Header.Del(h)
		}
		for _, v := range via { // deleted at the first cross-origin hop, for good
			if u, err := uri.FromURL(v.URL); err != nil || !(uri.WebParser{}).SameOrigin(u, hop.Href) {
				req.Header.Del("Authorization")
				req.Header.Del("Cookie")
			}
		}
		if hop.Referer != "" {
			req.Header.Set("Referer", hop.Referer)
		} else {
			req.Header.Del("Referer")
		}
		return nil
	}
	client := &http.Client{CheckRedirect: checkRedirect}
	_ = client // client.Get(...) follows redirects with it

	// What net/http hands CheckRedirect for a 302 from
	// https://files.example.com/get?token=SECRET to
	// https://files.example.com:8443/blob#part (no network here).
	page := uri.MustParse("https://www.example.com/downloads?user=alice")
	first := &http.Request{Method: "GET", URL: mustURL("https://files.example.com/get?token=SECRET"), Header: http.Header{
		"Authorization": {"Bearer t0ken"},
		"Referer":       {uri.WebParser{}.Referrer(page, uri.MustParse("https://files.example.com/get?token=SECRET"), "")},
	}}
	next := &http.Request{Method: "GET", URL: mustURL("https://files.example.com:8443/blob#part"), Header: http.Header{
		"Authorization": {"Bearer t0ken"},
		"Referer":       {"https://files.example.com/get?token=SECRET"},
	}, Response: &http.Response{StatusCode: 302, Header: http.Header{"Location": {"//files.example.com:8443/blob#part"}}}}
	if err := checkRedirect(next, []*http.Request{first}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(next.URL)
	fmt.Printf("Authorization %q\n", next.Header.Get("Authorization"))
	fmt.Printf("Referer %q\n", next.Header.Get("Referer"))
	// Output:
	// https://files.example.com:8443/blob#part
	// Authorization ""
	// Referer "https://www.example.com/"
}

// A crawler that follows redirects itself, to record every hop, keeps a
// RedirectChain for each URL it fetches (its http.Client's CheckRedirect
// returns http.ErrUseLastResponse, so that each redirect response comes
// back to it): the chain resolves each Location against the URL the hop
// before left, keeps the method and the referrer policy as the hops
// change them, sends at most what the request before sent as the Referer
// (once the origin, never again the full URL; once none, none), and
// stops a loop at the 21st redirect, as a browser does.
func ExampleRedirectChain() {
	// The redirect responses the crawl meets, by URL (no network here).
	type response struct {
		status           int
		location, policy string
	}
	responses := map[string]response{
		"https://example.com/old?id=7":       {301, "https://www.example.com/old?id=7", ""},
		"https://www.example.com/old?id=7":   {302, "/articles/7#comments", "unsafe-url"},
		"https://www.example.com/articles/7": {307, "https://cdn.example.net/a/7.html", "no-referrer"},
		"https://loop.example/":              {302, "/", ""},
	}
	crawl := func(start, page string) {
		p := uri.WebParser{}
		chain, err := p.NewRedirectChain(uri.MustParse(start), "GET", uri.MustParse(page), "")
		if err != nil {
			fmt.Println(err)
			return
		}
		if !strings.HasPrefix(start, "https://loop.") {
			fmt.Printf("GET %s  Referer %q\n", start, p.Referrer(uri.MustParse(page), uri.MustParse(start), ""))
		}
		for next := start; ; {
			r, ok := responses[strings.TrimSuffix(next, "#comments")]
			if !ok {
				return
			}
			hop, err := chain.Follow(r.location, r.status, uri.ParseReferrerPolicyHeader([]string{r.policy}))
			if err != nil {
				fmt.Println(err)
				return
			}
			if !strings.HasPrefix(start, "https://loop.") {
				fmt.Printf("%d %s  same origin %v, Referer %q, drop %q\n", r.status, hop.Href, hop.SameOrigin, hop.Referer, hop.Drop)
			}
			next = hop.Href
		}
	}
	crawl("https://example.com/old?id=7", "https://news.example/today?user=alice")
	crawl("https://loop.example/", "https://news.example/today")
	// Output:
	// GET https://example.com/old?id=7  Referer "https://news.example/"
	// 301 https://www.example.com/old?id=7  same origin false, Referer "https://news.example/", drop ["Authorization" "Cookie"]
	// 302 https://www.example.com/articles/7#comments  same origin true, Referer "https://news.example/", drop []
	// 307 https://cdn.example.net/a/7.html#comments  same origin false, Referer "", drop ["Authorization" "Cookie"]
	// uri: a redirect that browsers do not follow at offset 0 in "/": expected at most 20 redirects for one request (Fetch Standard, "HTTP-redirect fetch")
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// ---- Tutorial part: Links people click: which scheme a browser runs (URL Standard, HTML). ----
// Examples for this part go below this line.

// A sanitizer (a Markdown renderer, a comment system) keeps the links of
// a page that run with a scheme it allows. Decode the attribute's
// character references first, as the browser does before it reads the
// URL ("&colon;" is ':'): a check made before that misses links that run
// as script. Allows then reads the scheme as the browser does, past
// leading controls and spaces, tabs and newlines inside it and any case;
// the zero LinkPolicy keeps http, https, mailto, tel and references
// without a scheme, and data: only for an image, with an image type.
func ExampleLinkPolicy_Allows() {
	base := uri.MustParse("https://forum.example/thread/42")
	page := []struct{ attr, value string }{ // attribute values as the HTML has them
		{"href", "https://go.dev/doc/"},
		{"href", "../43#reply"},
		{"href", "mailto:mod@forum.example?subject=report"},
		{"href", "java&#x09;script:alert(1)"},
		{"href", " JaVaScRiPt&colon;alert(1)"},
		{"href", "\x01javascript:alert(1)"},
		{"href", "vbscript:msgbox(1)"},
		{"href", "data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"},
		{"href", "data:image/png;base64,iVBORw0KGgo="},
		{"src", "data:image/png;base64,iVBORw0KGgo="},
		{"src", "data:text/html,x"},
	}
	for _, a := range page {
		href := html.UnescapeString(a.value)
		policy := uri.LinkPolicy{Image: a.attr == "src"}
		scheme, _ := uri.WebParser{}.LinkScheme(href, base)
		verdict := "drop"
		if policy.Allows(href, base) {
			verdict = "keep"
		}
		fmt.Printf("%s %-4s %-10s %q\n", verdict, a.attr, scheme, href)
	}
	// Output:
	// keep href https      "https://go.dev/doc/"
	// keep href https      "../43#reply"
	// keep href mailto     "mailto:mod@forum.example?subject=report"
	// drop href javascript "java\tscript:alert(1)"
	// drop href javascript " JaVaScRiPt:alert(1)"
	// drop href javascript "\x01javascript:alert(1)"
	// drop href vbscript   "vbscript:msgbox(1)"
	// drop href data       "data:text/html,<script>alert(1)</script>"
	// drop href data       "data:image/png;base64,iVBORw0KGgo="
	// keep src  data       "data:image/png;base64,iVBORw0KGgo="
	// drop src  data       "data:text/html,x"
}

// LinkScheme says which scheme the browser runs a link with: the link's
// own, read as the URL Standard's basic URL parser reads it, or the
// base's for a reference. A link the browser cannot parse is an error.
// With the zero URI as base (the page's base is not known), a reference
// has no scheme.
func ExampleWebParser_LinkScheme() {
	base := uri.MustParse("https://example.com/page")
	for _, href := range []string{"\t\nJAVA\nSCRIPT:x", "//cdn.example/app.js", "java script:x", "https://[::1/"} {
		scheme, err := uri.WebParser{}.LinkScheme(href, base)
		fmt.Printf("%q: %q %v\n", href, scheme, err != nil)
	}
	_, err := uri.WebParser{}.LinkScheme("#top", uri.URI{})
	fmt.Println("no base:", errors.Is(err, uri.ErrWeb))
	// custom lists replace the default one; "" is a reference with no base
	fmt.Println(uri.LinkPolicy{Schemes: []string{"https", "xmpp"}}.Allows("XMPP:room@chat.example", uri.URI{}))
	// Output:
	// "\t\nJAVA\nSCRIPT:x": "javascript" false
	// "//cdn.example/app.js": "https" false
	// "java script:x": "https" false
	// "https://[::1/": "" true
	// no base: true
	// true
}

// ---- Tutorial part: data: URLs (Fetch, "data: URL processor"; MIME Sniffing). ----
// Examples for this part go below this line.

// ParseDataURL reads a data: URL as a browser does: its MIME type
// parsed and serialized as the MIME Sniffing Standard says (the
// text/plain;charset=US-ASCII default when it gives none) and its body
// percent-decoded, then base64-decoded when marked ";base64" (forgiving
// of whitespace and missing padding). An error is at the byte at fault.
func ExampleParseDataURL() {
	for _, s := range []string{
		"data:,A%20brief%20note",
		"data:Image/PNG;base64,iVBO Rw0K\nGgo",
		`data:text/plain;Charset="utf-8",caf%C3%A9`,
		"data:text/plain;base64,YWJj*",
	} {
		d, err := uri.ParseDataURL(s)
		var e *uri.Error
		if errors.As(err, &e) {
			fmt.Println("error at", e.Offset, errors.Is(err, uri.ErrDataURL))
			continue
		}
		fmt.Printf("%s %q\n", d.MediaType, d.Body)
	}
	// Output:
	// text/plain;charset=US-ASCII "A brief note"
	// image/png "\x89PNG\r\n\x1a\n"
	// text/plain;charset=utf-8 "café"
	// error at 27 true
}

// AppendDataURLBody decodes the body into a buffer of the caller's,
// without allocating when it is large enough; ParseMediaType parses a
// Content-Type as a browser does and serializes it.
func ExampleAppendDataURLBody() {
	buf := make([]byte, 0, 64)
	buf, err := uri.AppendDataURLBody(buf[:0], "data:application/octet-stream;base64,AAECAw==")
	fmt.Println(buf, err)
	mt, err := uri.ParseMediaType(` Text/HTML ; Charset="UTF-8" ; q=1 `)
	fmt.Println(mt, err)
	// Output:
	// [0 1 2 3] <nil>
	// text/html;charset=UTF-8;q=1 <nil>
}

// ---- Tutorial part: mailto: links, read and written (RFC 6068). ----
// Examples for this part go below this line.

// ParseMailto takes a mailto URI apart: the addresses (of the path and of
// "to" fields) and the other fields in order, names lowercase, values
// decoded as UTF-8 text. A line break is text only in the body: one in a
// subject would start a header field of its own, and is refused.
func ExampleParseMailto() {
	for _, s := range []string{
		"mailto:joe@example.com?cc=bob@example.com&body=hello",
		"mailto:%22not%40me%22@example.org,b@example.org?Subject=caf%C3%A9",
		"mailto:?to=a@an.example&body=line%201%0D%0Aline%202",
		"mailto:a@example.org?subject=hi%0D%0ABcc:%20all@example.org",
		"mailto:joe@example.com?cc=bob@example.com?body=hello",
	} {
		m, err := uri.ParseMailto(s)
		var e *uri.Error
		if errors.As(err, &e) {
			fmt.Printf("error at %d: %q\n", e.Offset, s[e.Offset:])
			continue
		}
		fmt.Printf("%q %q\n", m.To, m.Fields)
	}
	// Output:
	// ["joe@example.com"] [["cc" "bob@example.com"] ["body" "hello"]]
	// ["\"not@me\"@example.org" "b@example.org"] [["subject" "café"]]
	// ["a@an.example"] [["body" "line 1\r\nline 2"]]
	// error at 31: "%0D%0ABcc:%20all@example.org"
	// error at 41: "?body=hello"
}

// Mailto.URI writes a mailto URI, encoding what RFC 6068 requires: in an
// address '%', '/', '?', '#', '&', ';', '=', ',' and every '@' but the
// one before the domain; in a field everything but its qchar (a space is
// "%20", '+' stays). Non-ASCII text is written as percent-encoded UTF-8;
// convert a domain to A-labels first for older mail clients.
func ExampleMailto_URI() {
	domain, _ := uri.DomainToASCII("納豆.example")
	m := uri.Mailto{
		To: []string{"bill+ietf@example.org", "Mike&family@example.org", "user@" + domain},
		Fields: [][2]string{
			{"subject", "1+1 = 2 & café?"},
			{"body", "line 1\r\nline 2"},
		},
	}
	u := m.URI()
	fmt.Println(u)
	back, err := uri.ParseMailto(u.String())
	fmt.Printf("%q %v\n", back.To, err)
	// Output:
	// mailto:bill+ietf@example.org,Mike%26family@example.org,user@xn--99zt52a.example?subject=1+1%20%3D%202%20%26%20caf%C3%A9%3F&body=line%201%0D%0Aline%202
	// ["bill+ietf@example.org" "Mike&family@example.org" "user@xn--99zt52a.example"] <nil>
}

// ---- Tutorial part: Editing a URL as a browser does (URL Standard, "URL class" setters). ----

// A program ported from JavaScript writes url.host = ..., url.pathname =
// ...: the WebParser setters do exactly what a browser does, on the URI.
// What the Standard ignores is ignored (the URL comes back unchanged),
// what it repairs is repaired; nothing in a value becomes a delimiter of
// another component.
func ExampleWebParser_SetHost() {
	var p uri.WebParser
	u, _ := uri.ParseWeb("https://example.com/a?q#f")
	for _, v := range []string{
		"other.example:8443", // host and port
		"EXAMPLE.net:443",    // the default port is no port
		"h/evil.example",     // the host ends at '/': the path stays
		"münchen.de",         // IDNA
		"",                   // a special URL's host cannot be empty: ignored
		"a b",                // not a host: ignored
	} {
		r, _ := p.SetHost(u, v)
		fmt.Printf("%-20q %s\n", v, r)
	}
	// Output:
	// "other.example:8443" https://other.example:8443/a?q#f
	// "EXAMPLE.net:443"    https://example.net/a?q#f
	// "h/evil.example"     https://h/a?q#f
	// "münchen.de"         https://xn--mnchen-3ya.de/a?q#f
	// ""                   https://example.com/a?q#f
	// "a b"                https://example.com/a?q#f
}

// The pathname setter removes dot segments and percent-encodes what would
// be a delimiter: '?' and '#' in the value are path data, not a query.
func ExampleWebParser_SetPathname() {
	var p uri.WebParser
	u, _ := uri.ParseWeb("http://example.com/old?q=1")
	for _, v := range []string{"/a/../b", "c d", "/x?y#z", `\win\path`, "/%2e%2E/etc"} {
		r, _ := p.SetPathname(u, v)
		fmt.Printf("%-14q %s\n", v, r)
	}
	// Output:
	// "/a/../b"      http://example.com/b?q=1
	// "c d"          http://example.com/c%20d?q=1
	// "/x?y#z"       http://example.com/x%3Fy%23z?q=1
	// "\\win\\path"  http://example.com/win/path?q=1
	// "/%2e%2E/etc"  http://example.com/etc?q=1
}

// The other setters: protocol (only within special or non-special
// schemes), port (the digits it starts with), credentials (encoded),
// search and hash ("" removes them).
func ExampleWebParser_SetProtocol() {
	var p uri.WebParser
	u, _ := uri.ParseWeb("http://example.com:443/p")
	r, _ := p.SetProtocol(u, "https")
	fmt.Println(r) // 443 is https's default port
	r, _ = p.SetProtocol(u, "mailto")
	fmt.Println(r) // special to non-special: ignored
	r, _ = p.SetPort(u, "8080/x")
	fmt.Println(r)
	r, _ = p.SetPort(u, "http")
	fmt.Println(r) // not a port: ignored
	r, _ = p.SetUsername(u, "a@b:c")
	r, _ = p.SetPassword(r, "p/w")
	fmt.Println(r)
	r, _ = p.SetSearch(u, "?a=1&b=2#x")
	r, _ = p.SetHash(r, "top")
	fmt.Println(r)
	r, _ = p.SetSearch(r, "")
	fmt.Println(r)
	_, err := p.SetHref(u, "not a URL")
	fmt.Println(err != nil) // the only setter that fails
	// Output:
	// https://example.com/p
	// http://example.com:443/p
	// http://example.com:8080/p
	// http://example.com:443/p
	// http://a%40b%3Ac:p%2Fw@example.com:443/p
	// http://example.com:443/p?a=1&b=2%23x#top
	// http://example.com:443/p#top
	// true
}

// Attributes gives the getters of new URL(...): host with its port,
// search with its '?' only when the query is not empty, the origin.
func ExampleWebParser_Attributes() {
	u, _ := uri.ParseWeb("HTTPS://user:pw@EXAMPLE.com:8443/a/./b?#frag")
	a := uri.WebParser{}.Attributes(u)
	fmt.Println(a.Href)
	fmt.Println(a.Origin)
	fmt.Println(a.Protocol, a.Username, a.Password)
	fmt.Println(a.Host, a.Hostname, a.Port)
	fmt.Printf("%q %q %q\n", a.Pathname, a.Search, a.Hash)
	// Output:
	// https://user:pw@example.com:8443/a/b?#frag
	// https://example.com:8443
	// https: user pw
	// example.com:8443 example.com 8443
	// "/a/b" "" "#frag"
}

// ---- Tutorial part: Templates and file URIs that hold against real back ends. ----
// Examples for this part go below this line and above the next part's heading.

// Building a link from values a user chose: ExpandURI refuses a value that
// some back end reads as a dot segment ("..;" to a servlet container,
// "．．" after NFKC), and an undefined or empty one that leaves an empty
// segment, which a back end that merges slashes reads as another path.
// ExpandURIWith with AllowEmpty keeps the empty segment when it is meant.
func ExampleTemplate_ExpandURIWith() {
	del := uri.MustParseTemplate("/users/{id}/delete")
	for _, vars := range []map[string]any{{"id": "42"}, {"id": ""}, {}} {
		u, err := del.ExpandURI(vars)
		fmt.Printf("%-12s %q %v\n", fmt.Sprint(vars), u.String(), errors.Is(err, uri.ErrTemplate))
	}
	u, _ := del.ExpandURIWith(map[string]any{}, uri.ExpandOptions{AllowEmpty: true})
	fmt.Println("AllowEmpty:", u)

	files := uri.MustParseTemplate("/files/{name}")
	for _, name := range []string{"report.pdf", "..;", "\uff0e\uff0e", `..\admin`} {
		u, err := files.ExpandURI(map[string]any{"name": name})
		fmt.Printf("%-10q %q %v\n", name, u.String(), err != nil)
	}
	// Output:
	// map[id:42]   "/users/42/delete" false
	// map[id:]     "" true
	// map[]        "" true
	// AllowEmpty: /users//delete
	// "report.pdf" "/files/report.pdf" false
	// "..;"      "" true
	// "．．"       "" true
	// "..\\admin" "" true
}

// A language server maps the file URIs its editor sends: VS Code writes a
// file in WSL as "file://wsl%24/...", whose server FilePath decodes, and
// SameFile compares it with the URI of the Windows path. A server of dots
// only, which a reader that cleans the text would climb out of, is
// refused.
func ExampleSameFile_wsl() {
	sent := uri.MustParse("file://wsl%24/Ubuntu/home/u/main.go")
	p, _ := sent.FilePath(uri.Windows)
	fmt.Println(p)
	open, _ := uri.FromFilePath(`\\wsl$\Ubuntu\home\u\main.go`, uri.Windows)
	fmt.Println(open, uri.SameFile(sent, open, uri.Windows))

	_, err := uri.MustParse("file://../share/x").FilePath(uri.Windows)
	fmt.Println(errors.Is(err, uri.ErrFileDotSegment))
	_, err = uri.MustParse("file:///C:/%C0%AE%C0%AE/x").FilePath(uri.Windows)
	fmt.Println(errors.Is(err, uri.ErrFileOverlong))
	// Output:
	// \\wsl$\Ubuntu\home\u\main.go
	// file://wsl$/Ubuntu/home/u/main.go true
	// true
	// true
}

// A browser's url.searchParams edits the query's pairs read as a form and
// writes the whole query anew with the form serializer, removing it when
// no pair is left (URL Standard, "URLSearchParams", its update steps):
// that is SetSearch of EncodeForm's text. WithQueryParam, instead, keeps
// the bytes of every other pair.
func ExampleWebParser_SetSearch() {
	var p uri.WebParser
	u, _ := uri.ParseWeb("https://example.com/p?a=%7e&b=1&c&b=2#f")

	// url.searchParams.set("b", "x y")
	var pairs [][2]string
	set := false
	for k, v := range uri.ParseForm(u.Query) {
		switch {
		case k != "b":
			pairs = append(pairs, [2]string{k, v})
		case !set:
			pairs, set = append(pairs, [2]string{k, "x y"}), true
		}
	}
	form := func(yield func(string, string) bool) {
		for _, kv := range pairs {
			if !yield(kv[0], kv[1]) {
				return
			}
		}
	}
	r, _ := p.SetSearch(u, uri.EncodeForm(form))
	fmt.Println(r)
	fmt.Println(u.WithQueryParam("b", "x y"))

	// url.searchParams.delete each pair: no query at all
	pairs = nil
	r, _ = p.SetSearch(u, uri.EncodeForm(form))
	fmt.Println(r)
	// Output:
	// https://example.com/p?a=%7E&b=x+y&c=#f
	// https://example.com/p?a=%7e&b=x%20y&c#f
	// https://example.com/p#f
}

// ---- Tutorial part: Typos and pasted punctuation in typed addresses. ----
// Examples for this part go below this line and above the next part's heading.

// A form field gets what people type and paste: a slipped ':' or '/', a
// misspelled scheme, an address with the quotes or brackets of the text
// it came from. ParseUserInput refuses each with an error that names what it
// saw, at the byte where it is, so a form can show the person the fix
// instead of saving a URL whose host is "https".
func ExampleParseUserInput_typos() {
	for _, in := range []string{
		"https//example.com",
		"http:/example.com",
		"htps://example.com",
		"<https://example.com/>",
		"“example.com”",
		"https://example.com/docs”",
	} {
		_, err := uri.ParseUserInput(in, "https")
		var e *uri.Error
		if errors.As(err, &e) {
			fmt.Printf("%-26s at %2d: %s\n", in, e.Offset, e.Expected)
		}
	}
	// Output:
	// https//example.com         at  5: "://" after the scheme "https", not "//": "https//" is "https://" mistyped (RFC 3986, Section 3)
	// http:/example.com          at  5: "http://" to start the address, not "http:/" (a browser reads it as "http://", but typed it is a typo; RFC 3986, Section 3)
	// htps://example.com         at  0: a scheme a browser opens: "htps" is a typo of "https" (RFC 3986, Section 3.1)
	// <https://example.com/>     at  0: an address without the '<' and '>' around it: pasted from text, they are its quotes or brackets, not part of the address
	// “example.com”              at  0: an address without the '“' and '”' around it: pasted from text, they are its quotes or brackets, not part of the address
	// https://example.com/docs”  at 24: an address without the '”' at its end: pasted from text, it is the text's quote or bracket, not part of the address (percent-encode it to keep it)
}
