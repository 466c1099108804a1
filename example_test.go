package uri_test

// The examples in this file are the package's tutorial: read them top to
// bottom. Every example runs as a test, and its output is checked.

import (
	"errors"
	"fmt"
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
