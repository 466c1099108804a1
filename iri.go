package uri

import (
	"errors"
	"strings"
	"unicode"
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
// not do.
//
// Bidirectional formatting characters (U+200E, U+200F, U+061C,
// U+202A-U+202E and the isolates U+2066-U+2069) are rejected anywhere, as
// RFC 3987, Section 4.1 requires. The rules of RFC 3987, Section 4.2 for
// components with right-to-left characters (no mix of right-to-left and
// left-to-right characters; start and end with a right-to-left one) are
// not checked: they are SHOULDs, which IRIs in use break (a Hebrew path
// segment ending in ".html" does), and breaking them changes how an IRI
// looks, not which resource it names.
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
// It excludes the bidirectional formatting characters (see isBidiFormat),
// which RFC 3987, Section 4.1 forbids in IRIs.
func isUCSChar(r rune) bool {
	switch {
	case isBidiFormat(r):
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

// isBidiFormat reports whether r is a bidirectional formatting character:
// the marks U+200E, U+200F and U+061C ARABIC LETTER MARK, the embeddings
// and overrides U+202A-U+202E, which RFC 3987, Section 4.1 lists, and the
// isolates U+2066-U+2069, added to Unicode (6.3) after RFC 3987 and just
// as able to reorder how a link reads (the "Trojan Source" attacks,
// CVE-2021-42574).
func isBidiFormat(r rune) bool {
	return r == 0x061C || r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}

// isIPrivate reports whether r is in iprivate (RFC 3987, Section 2.2):
//
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
func isIPrivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0xFFFFD || r >= 0x100000 && r <= 0x10FFFD
}

// IRI returns u written as an IRI for people to read: the URI to IRI
// conversion of RFC 3987, Section 3.2, component by component. A
// percent-encoded octet sequence is decoded only where the character means
// the same in that component after decoding:
//
//   - an unreserved ASCII character ("%41" becomes "A", as RFC 3986,
//     Section 6.2.2.2 allows);
//   - a valid UTF-8 sequence of a character of ucschar (RFC 3987, Section
//     2.2), or of iprivate in the query, in the userinfo, a reg-name host,
//     the path, the query and the fragment.
//
// Everything else stays encoded: reserved characters and "%25", whose
// decoding would change the URI (RFC 3986, Section 2.2); ASCII that URIs
// do not allow; octets that are not UTF-8 (RFC 3987, Section 3.2, step 3);
// and characters that would change how the text reads: the bidirectional
// formatting characters (U+061C, U+200E, U+200F, U+202A-U+202E,
// U+2066-U+2069; RFC 3987, Section 4.1), other invisible format characters
// (Unicode category Cf, such as U+200B and U+FEFF), spaces and line
// separators (Z categories, such as U+00A0 and U+3000), and a combining
// mark (category M) at the start of a component or segment, where it
// would join the delimiter before it. In the userinfo and the host only
// letters, decimal digits and non-enclosing marks are decoded, so that no
// look-alike of a delimiter (U+2215 DIVISION SLASH, U+FF0F FULLWIDTH
// SOLIDUS, U+FF20 FULLWIDTH COMMERCIAL AT, U+3002 IDEOGRAPHIC FULL STOP)
// makes a host read as another host and a path; and in the path "%2E"
// stays encoded, so that no segment reads as a dot segment that it is not
// for RFC 3986's resolution. The scheme, an IP literal and the port are
// ASCII and are copied.
//
// ParseIRI(u.IRI()) is equivalent to u at SyntaxBased for every valid u,
// and equal to u when u writes its hex digits in uppercase and encodes no
// unreserved character. IRI returns u.String() when u has nothing to
// decode, and makes one allocation either way.
func (u URI) IRI() string {
	if !hasTriplet(u.Userinfo) && !hasTriplet(u.Host) && !hasTriplet(u.Path) && !hasTriplet(u.Query) && !hasTriplet(u.Fragment) {
		return u.String()
	}
	b := make([]byte, 0, u.len())
	if u.Scheme != "" {
		b = append(b, u.Scheme...)
		b = append(b, ':')
	}
	if u.HasAuthority {
		b = append(b, "//"...)
		if u.HasUserinfo {
			b = appendIRI(b, u.Userinfo, iriAuthority)
			b = append(b, '@')
		}
		if u.HostKind() == RegName {
			b = appendIRI(b, u.Host, iriAuthority)
		} else {
			b = append(b, u.Host...)
		}
		if u.HasPort {
			b = append(b, ':')
			b = append(b, u.Port...)
		}
	}
	b = appendIRI(b, u.Path, iriPath)
	if u.HasQuery {
		b = append(b, '?')
		b = appendIRI(b, u.Query, iriQuery)
	}
	if u.HasFragment {
		b = append(b, '#')
		b = appendIRI(b, u.Fragment, iriFragment)
	}
	return bytesString(b)
}

// hasTriplet reports whether s holds a '%'.
func hasTriplet(s string) bool { return strings.IndexByte(s, '%') >= 0 }

// iriPart says which component appendIRI writes.
type iriPart uint8

const (
	iriAuthority iriPart = iota // userinfo or reg-name host
	iriPath
	iriQuery
	iriFragment
)

// appendIRI appends component s with the triplets IRI decodes decoded.
func appendIRI(b []byte, s string, part iriPart) []byte {
	private := part == iriQuery
	starts := "" // bytes after which a combining mark would join a delimiter
	switch part {
	case iriPath:
		starts = "/"
	case iriQuery:
		starts = "&=;"
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c != '%' || i+2 >= len(s) {
			b = append(b, c)
			i++
			continue
		}
		o, next, _ := octetAt(s, i)
		if o < utf8.RuneSelf {
			if is(o, cUnreserved) && !(o == '.' && part == iriPath) {
				b = append(b, o)
			} else {
				b = append(b, s[i:next]...)
			}
			i = next
			continue
		}
		// a UTF-8 sequence of triplets
		var buf [utf8.UTFMax]byte
		n, j := 0, i
		for n < len(buf) && j+2 < len(s) && s[j] == '%' {
			x, k, enc := octetAt(s, j)
			if !enc || (n > 0 && x&0xC0 != 0x80) {
				break
			}
			buf[n] = x
			n++
			j = k
			if utf8.FullRune(buf[:n]) {
				break
			}
		}
		r, size := utf8.DecodeRune(buf[:n])
		atStart := i == 0 || strings.IndexByte(starts, s[i-1]) >= 0
		if r == utf8.RuneError && size <= 1 || !iriDisplayable(r, private, atStart) ||
			part == iriAuthority && !unicode.In(r, unicode.L, unicode.Nd, unicode.Mn, unicode.Mc) {
			b = append(b, s[i:i+3]...) // the first octet stays encoded
			i += 3
			continue
		}
		// size octets, 3 bytes of text each
		end := i
		for range size {
			_, end, _ = octetAt(s, end)
		}
		b = utf8.AppendRune(b, r)
		i = end
	}
	return b
}

// iriDisplayable reports whether IRI may show r decoded.
func iriDisplayable(r rune, private, atStart bool) bool {
	switch {
	case isBidiFormat(r):
		return false
	case !isUCSChar(r) && !(private && isIPrivate(r)):
		return false
	case unicode.In(r, unicode.Cf, unicode.Z):
		return false
	case atStart && unicode.Is(unicode.M, r):
		return false
	}
	return true
}
