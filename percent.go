package uri

import (
	"errors"
	"iter"
	"strconv"
	"strings"
)

// Percent-encoding: RFC 3986, Section 2.1 and RFC 3986, Section 2.4.
//
// The grammar classes of class.go say what each component may contain; the
// encoding sets below say what Encode leaves unencoded when it writes data
// into a component. They are derived from the grammar classes minus '%'
// (which always stands for itself as data, so it is always encoded), and
// tested over all 256 bytes against independently spelled literals. Three
// sets are narrower than their grammar class, policies for jobs done inside
// a query: ComponentQueryValue, for the common key=value convention, encodes
// the sub-delims that convention uses as delimiters; ComponentForm is the
// URL Standard's application/x-www-form-urlencoded set, what browsers and
// URLSearchParams write; ComponentUnreserved keeps only RFC 3986, Section
// 2.3's unreserved characters, what request signatures compare.

// ErrPercentEncoding reports a '%' that does not start a pct-encoded triplet:
// it must be followed by two hexadecimal digits (RFC 3986, Section 2.1).
// Decode and URI.DecodedSegments return it inside an *Error.
var ErrPercentEncoding = errors.New("uri: invalid percent-encoding")

// Component names a part of a URI into which Encode writes data and against
// which CheckComponent checks text (RFC 3986, Section 2.4: "the only time
// when octets within a URI are percent-encoded is during the process of
// producing the URI from its component parts"). Each component leaves
// unencoded exactly the characters its rule in RFC 3986, Section 3 allows,
// except '%', which as data is always written "%25". ComponentQueryValue,
// ComponentForm and ComponentUnreserved are narrower sets for data inside a
// query; what ComponentForm and ComponentUnreserved write is valid in every
// component.
type Component uint8

// The components, with what each leaves unencoded (RFC 3986, Section 2.2
// defines sub-delims as !$&'()*+,;= and Section 2.3 unreserved as ALPHA,
// DIGIT and -._~).
const (
	// ComponentUserinfo: unreserved, sub-delims and ":"
	// (RFC 3986, Section 3.2.1). A ':' is written as is, so a password and a
	// user name cannot be told apart after encoding a name that contains ':';
	// encode the user and password separately and join them with ':'.
	ComponentUserinfo Component = iota + 1
	// ComponentHost: a reg-name, unreserved and sub-delims
	// (RFC 3986, Section 3.2.2). IP literals are written as they are, never
	// encoded. Non-ASCII names should be converted to IDNA A-labels before
	// encoding if the result must work with DNS (RFC 3986, Section 3.2.2).
	ComponentHost
	// ComponentPath: a whole path, pchar and "/" (RFC 3986, Section 3.3). The
	// '/' in the data stays a segment separator. Without an authority, a path
	// must not start with "//", which would read as one (URI.Validate reports
	// it).
	ComponentPath
	// ComponentPathSegment: one segment, pchar: unreserved, sub-delims, ":"
	// and "@" (RFC 3986, Section 3.3). A '/' in the data is encoded as "%2F"
	// and stays inside its segment (RFC 3986, Section 7.3). As the first
	// segment of a relative reference without an authority, a segment with
	// ':' needs "./" before it (RFC 3986, Section 4.2). The data "." and ".."
	// make dot segments, encoded or not, since "%2E" and "." are equivalent
	// (RFC 3986, Section 2.3): no URI path can name a file called "..".
	ComponentPathSegment
	// ComponentQuery: pchar, "/" and "?" (RFC 3986, Section 3.4).
	ComponentQuery
	// ComponentQueryValue: a key or a value in a query of key=value pairs
	// joined by '&', the convention RFC 3986, Section 3.4 mentions: the query
	// set minus "&", "=", "+" and ";", which that convention (and HTML form
	// decoding, which reads '+' as a space) treats as delimiters. This is
	// policy, not grammar: the result is a valid query in any case.
	ComponentQueryValue
	// ComponentFragment: pchar, "/" and "?" (RFC 3986, Section 3.5).
	ComponentFragment
	// ComponentForm: a name or a value as the URL Standard's
	// application/x-www-form-urlencoded serializer writes it (URL Standard,
	// "application/x-www-form-urlencoded serializing", with the
	// application/x-www-form-urlencoded percent-encode set): ALPHA, DIGIT
	// and "*-._" are kept, a space becomes "+", and every other byte is
	// encoded, '~' and '+' included, so Encode("dark blue & ~tilde*",
	// ComponentForm) is "dark+blue+%26+%7Etilde*", as a browser's form
	// submission and URLSearchParams write it. Since '+' stands for a
	// space, Decode does not invert it; ParseForm does (for valid UTF-8,
	// which the URL Standard's strings always are). CheckComponent accepts
	// the kept bytes, '+' and triplets.
	ComponentForm
	// ComponentUnreserved: only the unreserved characters ALPHA, DIGIT and
	// "-._~" (RFC 3986, Section 2.3) are kept and every other byte is
	// encoded, sub-delims included: the encoding that request signatures
	// compare byte for byte, such as OAuth 1.0a (RFC 5849, Section 3.6) and
	// AWS Signature Version 4 canonical query strings. Its output is valid
	// in every component and already in the normal form of RFC 3986,
	// Section 6.2.2 (uppercase triplets, no encoded unreserved character),
	// so normalizing leaves it as it is.
	ComponentUnreserved
)

var componentNames = [...]string{
	ComponentUserinfo:    "userinfo",
	ComponentHost:        "host",
	ComponentPath:        "path",
	ComponentPathSegment: "path segment",
	ComponentQuery:       "query",
	ComponentQueryValue:  "query value",
	ComponentFragment:    "fragment",
	ComponentForm:        "form",
	ComponentUnreserved:  "unreserved",
}

// String returns the component's name, such as "path segment"
// (RFC 3986, Section 3).
func (c Component) String() string {
	if c.valid() {
		return componentNames[c]
	}
	return "Component(" + strconv.Itoa(int(c)) + ")"
}

func (c Component) valid() bool { return c >= ComponentUserinfo && c <= ComponentUnreserved }

// keepTable has bit 1<<c set for each byte that component c leaves unencoded,
// built from the grammar classes of class.go.
var keepTable = buildKeepTable()

func buildKeepTable() (t [256]uint16) {
	for i := range t {
		c := byte(i)
		if c == '%' {
			continue // data '%' is always encoded (RFC 3986, Section 2.4)
		}
		set := func(comp Component, ok bool) {
			if ok {
				t[i] |= 1 << comp
			}
		}
		set(ComponentUserinfo, is(c, cUserinfo))
		set(ComponentHost, is(c, cRegName))
		set(ComponentPath, is(c, cPath))
		set(ComponentPathSegment, is(c, cPchar))
		set(ComponentQuery, is(c, cQuery))
		set(ComponentQueryValue, is(c, cQuery) && strings.IndexByte("&=+;", c) < 0)
		set(ComponentFragment, is(c, cQuery))
		// The application/x-www-form-urlencoded percent-encode set (URL
		// Standard, "Percent-encoded bytes") leaves exactly ALPHA, DIGIT and
		// "*-._": the unreserved characters but '~', and '*'.
		set(ComponentForm, is(c, cUnreserved) && c != '~' || c == '*')
		set(ComponentUnreserved, is(c, cUnreserved))
		// The mailto sets (RFC 6068, Section 2): an addr-spec encodes '%',
		// the gen-delims but ':' (and '@', but for the one before the
		// domain, which mailto.go writes), "&", ";", "=" and the ','
		// between addresses; an hfname or hfvalue is qchar but ';'.
		set(componentMailtoAddr, is(c, cUnreserved) || strings.IndexByte("!$'()*+:", c) >= 0)
		set(componentMailtoField, is(c, cUnreserved) || strings.IndexByte("!$'()*+,:@", c) >= 0)
	}
	return t
}

// Encode sets that are not Components of their own: the parts of a
// mailto URI (see mailto.go), for appendEncode.
const (
	componentMailtoAddr = ComponentUnreserved + 1 + iota
	componentMailtoField
)

var componentErrs = [...]error{
	ComponentUserinfo:    ErrUserinfo,
	ComponentHost:        ErrHost,
	ComponentPath:        ErrPath,
	ComponentPathSegment: ErrPath,
	ComponentQuery:       ErrQuery,
	ComponentQueryValue:  ErrQuery,
	ComponentFragment:    ErrFragment,
	ComponentForm:        ErrQuery,
	ComponentUnreserved:  ErrQuery,
}

// upperHex is what producers and normalizers write: "uppercase hexadecimal
// digits for all percent-encodings" (RFC 3986, Section 2.1).
const upperHex = "0123456789ABCDEF"

// Encode percent-encodes s as data for component c (RFC 3986, Section 2.1 and
// RFC 3986, Section 2.4): every byte outside the set c leaves unencoded
// becomes "%XX" with uppercase hex digits, '%' included, so Decode(Encode(s,
// c)) == s for any bytes (for ComponentForm, which writes a space as '+',
// ParseForm is the inverse), and the result is text the parser accepts in
// that component. Encode works on bytes and does not check UTF-8: non-ASCII
// text is encoded as the UTF-8 bytes it holds, as RFC 3986, Section 2.5
// recommends.
//
// Encode returns s itself, without allocating, when nothing needs encoding,
// and makes one allocation otherwise. Never encode a string twice: "%" in
// already-encoded text would become "%25" (RFC 3986, Section 2.4). Encode
// panics if c is not one of the Component constants.
func Encode(s string, c Component) string {
	if !c.valid() {
		panic("uri: Encode with invalid " + c.String())
	}
	n := encLen(s, c)
	if n == len(s) {
		return s
	}
	return bytesString(appendEncode(make([]byte, 0, n), s, c))
}

// encLen returns the length of s encoded for component c, as Encode
// writes it: at most len(s) + 2 for each byte c does not keep.
func encLen(s string, c Component) int {
	mask := uint16(1) << c
	n := len(s)
	for i := 0; i < len(s); i++ {
		if keepTable[s[i]]&mask == 0 {
			n += 2
		}
	}
	return n
}

// appendEncode appends s to b percent-encoded for component c, as Encode
// writes it.
func appendEncode(b []byte, s string, c Component) []byte {
	mask := uint16(1) << c
	for i := 0; i < len(s); i++ {
		// a run of octets the component keeps, copied at once
		j := i
		for j < len(s) && keepTable[s[j]]&mask != 0 {
			j++
		}
		b = append(b, s[i:j]...)
		if j == len(s) {
			break
		}
		if o := s[j]; o == ' ' && c == ComponentForm {
			b = append(b, '+') // URL Standard, "percent-encode after encoding", spaceAsPlus
		} else {
			b = append(b, '%', upperHex[o>>4], upperHex[o&15])
		}
		i = j
	}
	return b
}

// Decode replaces every pct-encoded triplet "%XX" in s by the octet it stands
// for (RFC 3986, Section 2.1), case-insensitively in the hex digits. Other
// bytes are copied as they are: Decode does not check that s is valid in any
// component (see CheckComponent), does not read '+' as a space (that is HTML
// form encoding, not RFC 3986), and does not check that the result is UTF-8.
//
// A '%' not followed by two hex digits is an error: an *Error with Input s,
// Err ErrPercentEncoding and Offset at the first byte after the '%' that is
// not a hex digit (len(s) if s ends first), as the parser reports it.
//
// Decode the components of a parsed URI, one at a time, after splitting them
// (RFC 3986, Section 2.4); decode a path segment by segment (see
// URI.DecodedSegments), so that "%2F" stays data. Decode returns s itself,
// without allocating, when s has no '%', and makes one allocation otherwise.
func Decode(s string) (string, error) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s, nil
	}
	n := 0 // triplets
	for k := i; k < len(s); k++ {
		if s[k] == '%' {
			if j := badTriplet(s, k); j >= 0 {
				return "", &Error{Input: s, Offset: j, Err: ErrPercentEncoding, Expected: wantTriplet}
			}
			n++
			k += 2
		}
	}
	b := make([]byte, 0, len(s)-2*n)
	b = append(b, s[:i]...)
	for k := i; k < len(s); k++ {
		if c := s[k]; c != '%' {
			b = append(b, c)
			continue
		}
		b = append(b, unhex(s[k+1])<<4|unhex(s[k+2]))
		k += 2
	}
	if len(b) == 0 {
		return "", nil
	}
	return bytesString(b), nil
}

// CheckComponent reports whether s is valid text for component c: every byte
// is one the component's rule allows (RFC 3986, Section 3) and every '%'
// starts a pct-encoded triplet (RFC 3986, Section 2.1). It returns nil or an
// *Error with Input s, the offset of the first offending byte, and the
// sentinel the parser uses for that component (ErrUserinfo, ErrHost, ErrPath,
// ErrQuery or ErrFragment). Text that Encode wrote for c always passes.
//
// CheckComponent checks characters only: rules that depend on the rest of the
// URI, such as "no ':' in the first segment of a relative reference" or "no
// path starting with "//" without an authority", are checked by URI.Validate.
// ComponentHost means a reg-name; IP literals fail it. ComponentQueryValue
// also rejects "&", "=", "+" and ";"; ComponentForm and ComponentUnreserved
// accept only what Encode writes for them and report ErrQuery.
func CheckComponent(s string, c Component) error {
	if !c.valid() {
		panic("uri: CheckComponent with invalid " + c.String())
	}
	mask, sentinel := uint16(1)<<c, componentErrs[c]
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b == '%' {
			if j := badTriplet(s, i); j >= 0 {
				return &Error{Input: s, Offset: j, Err: sentinel, Expected: wantTriplet}
			}
			i += 2
			continue
		}
		// Each set is its grammar class minus '%', or narrower (buildKeepTable).
		if keepTable[b]&mask == 0 && (b != '+' || c != ComponentForm) {
			return &Error{Input: s, Offset: i, Err: sentinel, Expected: c.String() + " character or '%' (RFC 3986, Section 2.4)"}
		}
	}
	return nil
}

// Segments returns an iterator over the segments of u's path as they are
// written, still percent-encoded (RFC 3986, Section 3.3). One leading '/' is
// not a segment separator but marks the path absolute, so:
//
//	""      no segments
//	"/"     one empty segment ""
//	"/a/b/" "a", "b", ""
//	"a/b"   "a", "b"
//	"//a"   "", "a" (a path after an authority)
//
// The path is "/" (if it starts with one) followed by the segments joined
// with "/". The iterator never allocates.
func (u URI) Segments() iter.Seq[string] {
	path := u.Path
	return func(yield func(string) bool) {
		p := path
		if p == "" {
			return
		}
		if p[0] == '/' {
			p = p[1:]
		}
		for {
			i := strings.IndexByte(p, '/')
			if i < 0 {
				yield(p)
				return
			}
			if !yield(p[:i]) {
				return
			}
			p = p[i+1:]
		}
	}
}

// DecodedSegments is like Segments but yields each segment decoded (see
// Decode), so a "%2F" inside a segment is a '/' in that segment's data and
// never splits it (RFC 3986, Section 2.4 and RFC 3986, Section 7.3):
// "/a%2Fb/c" yields "a/b" and "c". It allocates only for a segment that
// contains '%'.
//
// For a URI from Parse the error is always nil. For a hand-built URI with a
// malformed triplet, the iterator yields "" and an *Error with Err
// ErrPercentEncoding, Input the whole path and Offset within it, then stops.
func (u URI) DecodedSegments() iter.Seq2[string, error] {
	path := u.Path
	return func(yield func(string, error) bool) {
		off := 0 // offset of p in path
		p := path
		if p == "" {
			return
		}
		if p[0] == '/' {
			p, off = p[1:], 1
		}
		for {
			seg, rest, more := strings.Cut(p, "/")
			d, err := Decode(seg)
			if err != nil {
				e := err.(*Error)
				yield("", &Error{Input: path, Offset: off + e.Offset, Err: e.Err, Expected: e.Expected})
				return
			}
			if !yield(d, nil) || !more {
				return
			}
			off += len(seg) + 1
			p = rest
		}
	}
}

// wantTriplet is what the grammar expects after '%'.

// unhex returns the value of hex digit c; c must be one.
func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// octetAt returns the octet at offset i of s, decoding a pct-encoded
// triplet (RFC 3986, Section 2.1), the offset after it, and whether it was
// encoded. A '%' that does not start a triplet, which only a hand-built
// URI can hold, stands for itself.
func octetAt(s string, i int) (b byte, next int, encoded bool) {
	if s[i] == '%' && i+2 < len(s) && is(s[i+1], cHex) && is(s[i+2], cHex) {
		return unhex(s[i+1])<<4 | unhex(s[i+2]), i + 3, true
	}
	return s[i], i + 1, false
}

// appendEncoded appends s to b percent-encoded as RFC 6570, Section 3.2.1
// says for the two allowed sets of URI Template expansion: unreserved
// characters are copied and every other octet becomes "%XX" (RFC 3986,
// Section 2.1, uppercase hex digits), or, when reserved is set, reserved
// characters and pct-encoded triplets are copied too. Non-ASCII text is
// encoded as the UTF-8 octets it holds (RFC 3986, Section 2.5).
func appendEncoded(b []byte, s string, reserved bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case is(c, cUnreserved):
			b = append(b, c)
		case reserved && is(c, cGenDelim|cSubDelim):
			b = append(b, c)
		case reserved && c == '%' && i+2 < len(s) && is(s[i+1], cHex) && is(s[i+2], cHex):
			b = append(b, c)
		default:
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return b
}

// Percent-encode sets of the URL Standard ("Percent-encoded bytes"), as
// the octets each adds to the C0 control percent-encode set (C0 controls
// and everything above U+007E).
type webSet uint8

const (
	encC0 webSet = 1 << iota // the C0 control percent-encode set alone
	encFragment
	encQuery
	encSpecialQuery
	encPath
	encUserinfo
	encSpace // a space, for the opaque path's own rule
)

// webSets has, for each octet, the sets that percent-encode it, built
// from the Standard's definitions: each set is the one before it plus the
// octets listed. Every set holds the C0 controls and the octets above
// U+007E.
var webSets = func() (t [256]webSet) {
	add := func(octets string, sets webSet) {
		for i := 0; i < len(octets); i++ {
			t[octets[i]] |= sets
		}
	}
	all := encC0 | encFragment | encQuery | encSpecialQuery | encPath | encUserinfo | encSpace
	for c := 0; c < 256; c++ {
		if c < 0x20 || c > 0x7e {
			t[c] |= all
		}
	}
	add(" \"<>", encFragment|encQuery|encSpecialQuery|encPath|encUserinfo)
	add("`", encFragment|encPath|encUserinfo)
	add("#", encQuery|encSpecialQuery|encPath|encUserinfo)
	add("'", encSpecialQuery)
	add("?^{}", encPath|encUserinfo)
	add("/:;=@[\\]|", encUserinfo)
	add(" ", encSpace)
	return t
}()

// webEncode appends s to b with the octets of set (and C0 controls and
// non-ASCII) percent-encoded (URL Standard, "percent-encode after
// encoding" for UTF-8).
func webEncode(b []byte, s string, set webSet) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if webSets[c]&set != 0 {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return b
}

func webEncodeString(s string, set webSet) string {
	if n := encodedLen(s, set); n != len(s) {
		return bytesString(webEncode(make([]byte, 0, n), s, set))
	}
	return s
}

// encodedLen returns the length of s after webEncode with set.
func encodedLen(s string, set webSet) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if webSets[s[i]]&set != 0 {
			n += 2
		}
	}
	return n
}
