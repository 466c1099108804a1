package uri_test

import (
	"fmt"

	"github.com/seed0915fd1c/uri"
)

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
