package uri_test

import (
	"errors"
	"fmt"

	"github.com/seed0915fd1c/uri"
)

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
