package uri

import "strings"

// Link safety: which scheme a browser runs a link with, and whether a
// program that renders untrusted links (a Markdown renderer, an HTML
// sanitizer, a chat or comment system, a mail client) should keep it.
//
// Both calls read an attribute value as it stands in the document AFTER
// the caller has decoded its HTML character references (HTML Standard,
// "Character references"): "javascript&colon;alert(1)" in an href is
// "javascript:alert(1)" to the browser, and a check made before that
// decoding is the bug of goldmark's IsDangerousURL (CVE-2026-5160,
// GO-2026-5320). Pass the decoded text; an HTML parser (x/net/html)
// gives attribute values decoded.

// LinkScheme returns the scheme, in lowercase, of the URL a browser gets
// from href with base as the document's base URL (URL Standard, "URL
// parsing"): href's own scheme where the basic URL parser's scheme state
// reads one (after removing leading and trailing C0 controls and spaces
// and every tab and newline, and in any case: " \tJaVa\nScRiPt:x" is
// "javascript"), and otherwise base's. It is the Scheme of
// ResolveWeb(base, href), or of ParseWeb(href) when base has no scheme
// (the zero URI: no base URL), and fails where they fail, with the same
// *Error: a browser follows no link it cannot parse.
//
// A program deciding whether to keep a link wants LinkPolicy.Allows,
// which decides from the leading bytes alone; LinkScheme parses the
// whole of href (and base.String(), when the reference needs the base).
func (p WebParser) LinkScheme(href string, base URI) (string, error) {
	var u URI
	if webNormal(href, &u) {
		// a URL with a scheme (and an authority when special), which the
		// parser reads without looking at the base
		return u.Scheme, nil
	}
	var b WebBase
	if from, to, ok := leadingScheme(href); base.Scheme != "" && (!ok || needsBase(href[from:to], base.Scheme)) {
		if err := b.init(p, base); err != nil {
			return "", err
		}
	}
	b.p = p
	w, err := b.parse(href)
	if err != nil {
		return "", err
	}
	return w.scheme, nil
}

// needsBase reports whether the basic URL parser looks at a base URL
// whose scheme is baseScheme for input with scheme (as leadingScheme
// returns it): for a special scheme equal to the base's, the special
// relative or authority state, or the file state (URL Standard, "scheme
// state").
func needsBase(scheme, baseScheme string) bool {
	if !schemeIs(scheme, baseScheme) {
		return false
	}
	// scheme is baseScheme less tabs and newlines, so baseScheme, which
	// holds none, says whether it is special
	_, special := specialPort(baseScheme)
	return special
}

// LinkPolicy is an allowlist of the schemes with which links may run
// (see LinkPolicy.Allows). The zero LinkPolicy is the default list:
// http, https, mailto, tel, and references without a scheme; data: only
// with Image set and an image MIME type. Everything else is refused,
// javascript:, vbscript:, data:text/html, file:, blob: and every scheme
// not listed among them, in every spelling a browser reads.
type LinkPolicy struct {
	// Schemes replaces the default list when not empty: scheme names,
	// compared in ASCII case only. The empty string "" stands for a
	// reference without a scheme when there is no base URL (see Allows).
	// Listing "data" allows every data: URL, whatever its MIME type.
	Schemes []string
	// Image says that the attribute loads an image (img src, srcset,
	// video poster, ...): a data: URL whose MIME type (Fetch Standard,
	// "data: URL processor") is image/* is then allowed too. An image
	// runs no script, image/svg+xml included; never set Image for a link
	// a user follows (a href, form action, iframe src).
	Image bool
}

// defaultLinkSchemes is the zero LinkPolicy's list ("" for a reference
// without a scheme).
var defaultLinkSchemes = [...]string{"https", "http", "mailto", "tel", ""}

// Allows reports whether href, with base as the document's base URL,
// runs with a scheme the policy lists: href's own scheme, read as the URL
// Standard's basic URL parser reads it (see WebParser.LinkScheme), or,
// for a reference without a scheme, base's (URL Standard, "URL
// parsing"), or "" when base has no scheme (the zero URI: the page's base
// is not known). A data: URL with l.Image set is allowed when its MIME
// type is image/* (Fetch Standard, "data: URL processor").
//
// href is the attribute value after HTML character references are
// decoded (see the package's note on link safety above LinkScheme).
//
// Allows decides from the leading bytes of href and does not parse the
// rest (but for data:, whose MIME type it reads): a link with an allowed
// scheme that a browser then fails to parse ("https://a b/") is allowed,
// since the browser follows nothing. It is meant to be called on every
// link of a page: on "https://..." and on relative references it takes a
// few nanoseconds and does not allocate.
func (l LinkPolicy) Allows(href string, base URI) bool {
	from, to, ok := leadingScheme(href)
	scheme := base.Scheme
	if ok {
		scheme = href[from:to]
		if l.Image && schemeIs(scheme, "data") && !l.lists("data") {
			return dataImage(href)
		}
	}
	return l.lists(scheme)
}

// lists reports whether scheme (maybe with tabs and newlines, as
// leadingScheme leaves it) is on the policy's list.
func (l LinkPolicy) lists(scheme string) bool {
	list := l.Schemes
	if len(list) == 0 {
		list = defaultLinkSchemes[:]
	}
	for _, s := range list {
		if schemeIs(scheme, s) {
			return true
		}
	}
	return false
}

// dataImage reports whether href, a data: URL, has an image/* MIME type
// (Fetch Standard, "data: URL processor"; MIME Sniffing Standard, "image
// MIME type").
func dataImage(href string) bool {
	d, err := ParseDataURL(href)
	return err == nil && strings.HasPrefix(d.MediaType, "image/")
}

// leadingScheme finds the scheme that the basic URL parser's scheme start
// and scheme states read in s (URL Standard, "basic URL parser"): after
// the leading C0 controls and spaces, an ASCII alpha, then ASCII
// alphanumerics, '+', '-' and '.', up to a ':', with the tabs and
// newlines that the parser removes first skipped wherever they are.
// s[from:to] is the scheme with those tabs and newlines still in it; ok
// is false when s has no scheme (a reference resolved against the base).
func leadingScheme(s string) (from, to int, ok bool) {
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	if i == len(s) || !is(s[i], cAlpha) {
		return 0, 0, false
	}
	for j := i + 1; j < len(s); j++ {
		switch c := s[j]; {
		case is(c, cScheme), c == '\t' || c == '\n' || c == '\r':
		case c == ':':
			return i, j, true
		default:
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// schemeIs reports whether scheme, with any tabs and newlines in it
// skipped, is name in ASCII case only (name is lowercase or not: both
// are folded).
func schemeIs(scheme, name string) bool {
	if len(scheme) < len(name) {
		return false // tabs and newlines only lengthen it
	}
	if len(scheme) == len(name) {
		// the common case, with no tab or newline: one pass, in which
		// two bytes match when they are equal, or the same ASCII letter
		// (c|0x20 is then that letter in lowercase), and no tab or
		// newline
		i := 0
		for i < len(scheme) {
			a, b := scheme[i], name[i]
			if a <= '\r' || a != b && (a|0x20 != b|0x20 || a|0x20-'a' >= 26) {
				break
			}
			i++
		}
		if i == len(scheme) {
			return true
		}
	}
	k := 0
	for i := 0; i < len(scheme); i++ {
		c := scheme[i]
		if c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		if k == len(name) || lower(c) != lower(name[k]) {
			return false
		}
		k++
	}
	return k == len(name)
}
