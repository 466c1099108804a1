package uri

import (
	"errors"
	"strings"
	"unicode/utf8"
)

// ErrIRI reports text that is not an IRI: invalid UTF-8, or a character
// that RFC 3987, Section 2.2 allows neither as ucschar nor, in the query,
// as iprivate. ParseIRI returns it inside an *Error.
var ErrIRI = errors.New("uri: invalid IRI character")

// ParseIRI parses s as an IRI reference, an Internationalized Resource
// Identifier (RFC 3987), and returns the URI it maps to: every non-ASCII
// character is written as the percent-encoded octets of its UTF-8 form
// (RFC 3987, Section 3.1), and the result is parsed strictly as a
// URI-reference (RFC 3986, Section 4.1). ASCII text is left exactly as it
// is, so for ASCII input ParseIRI is Parse.
//
// This is the package's one lenient entry point, and it is explicit: text
// from HTML, XML or RDF documents and from address bars is often an IRI
// ("https://例え.jp/パス?q=ü") and never a URI. Non-ASCII characters are
// accepted where RFC 3987 allows them: the characters of ucschar anywhere
// an unreserved character may stand (userinfo, reg-name host, path, query,
// fragment), and the private-use characters of iprivate only in the query.
// A non-ASCII character anywhere else (scheme, port, IP literal) fails as
// the strict parser fails on its first octet. Errors are *Error values
// whose Input is s and whose Offset is a byte offset into s, pointing at
// the offending character; invalid UTF-8 and excluded characters, such as
// U+FFFE or a bidirectional control in the path, fail with ErrIRI.
//
// A host name is percent-encoded like the rest ("%E4%BE%8B%E3%81%88.jp"),
// which RFC 3986, Section 3.2.2 allows; resolvers that need DNS names must
// convert it to IDNA A-labels ("xn--r8jz45g.jp"), which this package does
// not do. The bidirectional rules of RFC 3987, Section 4 are not checked.
func ParseIRI(s string) (URI, error) {
	n := 0 // non-ASCII bytes
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			n++
		}
	}
	if n == 0 {
		return Parse(s)
	}
	// The query, where iprivate is allowed, is found by the Appendix B
	// split: non-ASCII text never holds a delimiter.
	qStart, qEnd := len(s), len(s)
	if q := strings.IndexAny(s, "?#"); q >= 0 && s[q] == '?' {
		qStart = q
		if f := strings.IndexByte(s[q:], '#'); f >= 0 {
			qEnd = q + f
		}
	}
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			b = append(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return URI{}, &Error{Input: s, Offset: i, Err: ErrIRI, Expected: "valid UTF-8 (RFC 3987, Section 3.1)"}
		case isUCSChar(r):
		case isIPrivate(r) && i > qStart && i < qEnd:
		default:
			want := "a character of ucschar (RFC 3987, Section 2.2)"
			if isIPrivate(r) {
				want = "a private-use character only in the query (iprivate, RFC 3987, Section 2.2)"
			}
			return URI{}, &Error{Input: s, Offset: i, Err: ErrIRI, Expected: want}
		}
		for k := 0; k < size; k++ {
			b = append(b, '%', upperHex[s[i+k]>>4], upperHex[s[i+k]&15])
		}
		i += size
	}
	m := string(b)
	u, err := Parse(m)
	if err != nil {
		e := err.(*Error)
		e.Input, e.Offset = s, iriOffset(s, e.Offset)
		return URI{}, e
	}
	return u, nil
}

// iriOffset translates an offset into the mapped text of s, where every
// non-ASCII byte became three bytes, back to the offset in s of the
// character that holds it.
func iriOffset(s string, off int) int {
	m := 0
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		w := size
		if s[i] >= utf8.RuneSelf {
			w = 3 * size
		}
		if off < m+w {
			return i
		}
		m += w
		i += size
	}
	return len(s)
}

// isUCSChar reports whether r is in ucschar (RFC 3987, Section 2.2):
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	        / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
//	        / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
//	        / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
//	        / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
//	        / %xD0000-DFFFD / %xE1000-EFFFD
//
// It excludes the bidirectional formatting characters that RFC 3987,
// Section 4.1 forbids in IRIs (U+200E, U+200F, U+202A-U+202E).
func isUCSChar(r rune) bool {
	switch {
	case r == 0x200E || r == 0x200F || (r >= 0x202A && r <= 0x202E):
		return false
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xDFFFD:
		return r&0xFFFF <= 0xFFFD
	case r >= 0xE1000 && r <= 0xEFFFD:
		return true
	}
	return false
}

// isIPrivate reports whether r is in iprivate (RFC 3987, Section 2.2):
//
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
func isIPrivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}
