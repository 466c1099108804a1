package uri_test

// The examples in this file are the package's tutorial: read them top to
// bottom. Every example runs as a test, and its output is checked.

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"net/url"
	"os"
	"strings"

	"github.com/seed0915fd1c/uri"
)

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
	// uri: invalid host at offset 15 in "http://[fe80::1%25en0]/": expected ']' to close the IP-literal: IPv6 zone identifiers ("%25en0") are not RFC 3986 syntax; RFC 6874 added them, and RFC 9844 obsoleted RFC 6874
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
// that matters). Addr hands IP hosts to net/netip.
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
		addr, ok := u.Addr()
		fmt.Printf("%-28s %-9v %v %v\n", s, u.HostKind(), addr, ok)
	}
	// Output:
	// http://example.com/          RegName   invalid IP false
	// http://192.0.2.1/            IPv4      192.0.2.1 true
	// http://127.000.0.1/          RegName   invalid IP false
	// http://[2001:db8::1]:8080/   IPv6      2001:db8::1 true
	// http://[v1.fe80::1+en0]/     IPvFuture invalid IP false
	// mailto:someone@example.com   NoHost    invalid IP false
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
// form encoding, available explicitly as FormValues.
func ExampleURI_QueryParams() {
	u := uri.MustParse("https://example.com/search?q=caf%C3%A9+au+lait&lang=fr&lang=en")
	for k, v := range u.QueryParams() {
		fmt.Printf("%s=%q\n", k, v)
	}
	form, _ := u.FormValues()
	fmt.Printf("as a form: q=%q\n", form.Get("q"))
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
	// uri: invalid host at offset 15 in "http://[fe80::1%25en0]/": expected ']' to close the IP-literal: IPv6 zone identifiers ("%25en0") are not RFC 3986 syntax; RFC 6874 added them, and RFC 9844 obsoleted RFC 6874
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
