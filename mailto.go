package uri

import (
	"errors"
	"strings"
	"unicode/utf8"
)

// ErrMailto reports a URI that is not a mailto URI of RFC 6068,
// Section 2: its scheme is not mailto, it has an authority or a
// fragment, an address is not an addr-spec (RFC 5322, Section 3.4.1, as
// RFC 6068, Section 2 restricts it) or holds a character that must be
// percent-encoded, an hfield has no '=' or holds a character that is not
// a qchar, a header field name is empty or not printable ASCII without
// ':', or a value decodes to something other than UTF-8 text (a line
// break is text only in "body", RFC 6068, Section 5). ParseMailto
// returns it inside an *Error whose Offset is the byte at fault in the
// caller's string (the '%' of the triplet that decodes to it). A string
// that is not a URI at all fails as Parse fails.
var ErrMailto = errors.New("uri: invalid mailto URI")

// Mailto is a mailto URI taken apart (RFC 6068, Section 2): the
// addresses of the message and its other header fields and body.
type Mailto struct {
	// To holds the addresses, percent-decoded: those of the URI's path,
	// then those of each "to" hfield, in order (RFC 6068, Section 2:
	// "mailto:a@example.org?to=b@example.org" is the same message as
	// "mailto:a@example.org,b@example.org"). Each is an addr-spec
	// (RFC 5322, Section 3.4.1): "\"not@me\"@example.org". A non-ASCII
	// domain is in Unicode as the URI spells it in percent-encoded UTF-8
	// (RFC 6068, Section 2, item 4); a mail client converts it to IDNA
	// A-labels (DomainToASCII) when it writes the message.
	To []string
	// Fields holds the other hfields in order, the name in lowercase
	// (hfnames are case-insensitive) and the value percent-decoded as
	// UTF-8 text: {"subject", "café"}, {"body", "line 1\r\nline 2"}. The
	// pseudo header field "body" is the text of the message. A name may
	// come more than once, as the URI gives it (RFC 6068, Section 2 leaves
	// what a mail client does with it open).
	Fields [][2]string
}

// mailtoText, mailtoField: what ParseMailto accepts unencoded in an
// address and in an hfield. An address takes what RFC 6068, Section 2,
// item 1 does not require to be encoded, but ',', which separates the
// addresses: unreserved, sub-delims but "&", ";", "=" and ",", ":" and
// "@". An hfield takes qchar: unreserved, pct-encoded and some-delims
// ("!$'()*+,;:@").
func mailtoText(c byte) bool { return c != ',' && c != ';' && mailtoField(c) }
func mailtoField(c byte) bool {
	return is(c, cUnreserved|cPct) || strings.IndexByte("!$'()*+,;:@", c) >= 0
}

// ParseMailto reads s as a mailto URI (RFC 6068, Section 2):
//
//	mailtoURI = "mailto:" [ to ] [ hfields ]
//	to        = addr-spec *("," addr-spec )
//	hfields   = "?" hfield *( "&" hfield )
//	hfield    = hfname "=" hfvalue
//
// s must be a URI (RFC 3986: Parse reads it first, and its errors are
// Parse's) whose scheme is mailto in any case, with no authority and no
// fragment (meaningless in a mailto URI, RFC 6068, Section 2: a '#' in a
// value must be written "%23", and one left bare would cut the value
// short, so it is refused rather than ignored). Each address, in the
// path and in "to" hfields, is percent-decoded and must then be an
// addr-spec without comments or whitespace (RFC 6068, Section 2, items 1
// to 3): a dot-atom or quoted-string local part, then '@', then a
// dot-atom or a domain literal, in UTF-8 (items 4 and 5: percent-encoded
// UTF-8 is how a mailto URI writes a non-ASCII domain or local part). The
// hfield names are percent-decoded to header field names (printable
// ASCII but ':', RFC 5322, Section 3.6.8) and lowercased; the values are
// percent-decoded to UTF-8 text, in which '+' is '+' (RFC 6068, Section
// 5: a space is written "%20"), with no control character but tab, and
// CR and LF in "body" only (RFC 6068, Section 5: line breaks in other
// fields would start new header fields in the message). An empty "to"
// value adds no address.
//
// "mailto:joe@example.com?cc=bob@example.com&body=hello" has To
// ["joe@example.com"] and Fields [["cc" "bob@example.com"] ["body"
// "hello"]]; "mailto:joe@example.com?cc=bob@example.com?body=hello" is
// an error, at the second '?' (RFC 6068, Section 6.1: "WRONG!").
//
// Mailto.URI is the reverse. An error is an *Error wrapping ErrMailto,
// or one of Parse's.
func ParseMailto(s string) (Mailto, error) {
	u, err := Parse(s)
	if err != nil {
		return Mailto{}, err
	}
	fail := func(at int, want string) (Mailto, error) {
		return Mailto{}, &Error{Input: s, Offset: at, Err: ErrMailto, Expected: want + " (RFC 6068, Section 2)"}
	}
	if !strings.EqualFold(u.Scheme, "mailto") {
		return fail(0, `the scheme "mailto"`)
	}
	start := u.offsets().authority
	if u.HasAuthority {
		return fail(start, "an addr-spec, not an authority")
	}
	qstart := start + len(u.Path) + 1
	if u.HasFragment {
		at := qstart - 1
		if u.HasQuery {
			at = qstart + len(u.Query)
		}
		return fail(at, `no fragment ('#' in a value is written "%23")`)
	}
	var m Mailto
	if u.Path != "" {
		if at, want := m.addAddrs(u.Path, mailtoText); want != "" {
			return fail(start+at, want)
		}
	}
	if !u.HasQuery {
		return m, nil
	}
	for i := 0; i <= len(u.Query); {
		hfield, end := cutAt(u.Query, i, '&')
		if at, want := m.addField(hfield); want != "" {
			return fail(qstart+i+at, want)
		}
		i = end + 1
	}
	return m, nil
}

// addAddrs appends the addresses of list, a to or the value of a "to"
// hfield, to m.To. Each must be text in which ok accepts every byte
// left unencoded and which decodes to an addr-spec; at is the index in
// list of the first byte at fault, want what was expected there.
func (m *Mailto) addAddrs(list string, ok func(byte) bool) (at int, want string) {
	for i := 0; i <= len(list); {
		raw, end := cutAt(list, i, ',')
		for k := 0; k < len(raw); k++ {
			if !ok(raw[k]) {
				return i + k, `an address character ('%', '/', '?', '#', '[', ']', '&', ';' and '=' are percent-encoded)`
			}
		}
		a, _ := Decode(raw) // Parse checked the triplets
		if k, want := addrSpecFault(a); want != "" {
			return i + rawIndex(raw, k), want
		}
		m.To = append(m.To, a)
		i = end + 1
	}
	return -1, ""
}

// addField reads hfield, one name=value pair, into m.Fields, or m.To for
// "to"; at and want are as for addAddrs.
func (m *Mailto) addField(hfield string) (at int, want string) {
	eq := strings.IndexByte(hfield, '=')
	if eq < 0 {
		eq = len(hfield)
	}
	for k := 0; k < len(hfield); k++ {
		if k == eq {
			continue
		}
		if !mailtoField(hfield[k]) {
			return k, `a qchar ('?', '=', '&', '/' and '%' in a name or value are percent-encoded)`
		}
	}
	if eq == len(hfield) {
		return eq, `"=" and an hfvalue after the hfname`
	}
	rawName, rawValue := hfield[:eq], hfield[eq+1:]
	name, _ := Decode(rawName)
	if name == "" {
		return 0, "a header field name"
	}
	for k := 0; k < len(name); k++ {
		if c := name[k]; c <= ' ' || c >= 0x7f || c == ':' {
			return rawIndex(rawName, k), "a header field name: printable ASCII but ':' (RFC 5322, Section 3.6.8)"
		}
	}
	name = strings.ToLower(name)
	if name == "to" {
		if rawValue == "" {
			return -1, ""
		}
		at, want := m.addAddrs(rawValue, mailtoField)
		return eq + 1 + at, want
	}
	value, _ := Decode(rawValue)
	if k := textFault(value, name == "body"); k >= 0 {
		return eq + 1 + rawIndex(rawValue, k), "UTF-8 text without control characters (line breaks only in body, RFC 6068, Section 5)"
	}
	m.Fields = append(m.Fields, [2]string{name, value})
	return -1, ""
}

// cutAt returns the part of s from index i to the next sep, or to the
// end, and the index where it ends.
func cutAt(s string, i int, sep byte) (part string, end int) {
	end = strings.IndexByte(s[i:], sep)
	if end < 0 {
		return s[i:], len(s)
	}
	return s[i : i+end], i + end
}

// textFault returns the index of the first byte of v that is not UTF-8
// text, -1 if there is none: invalid UTF-8, a C0 control but tab (and
// CR and LF when lines is set) or DEL.
func textFault(v string, lines bool) int {
	for i := 0; i < len(v); {
		c := v[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(v[i:])
			if r == utf8.RuneError && n <= 1 {
				return i
			}
			i += n
			continue
		}
		if c < ' ' && c != '\t' && !(lines && (c == '\r' || c == '\n')) || c == 0x7f {
			return i
		}
		i++
	}
	return -1
}

// rawIndex returns the index in raw, percent-encoded text, of the byte
// or triplet that decodes to the k-th octet of its decoding.
func rawIndex(raw string, k int) int {
	i := 0
	for ; k > 0 && i < len(raw); k-- {
		_, i, _ = octetAt(raw, i)
	}
	return i
}

// addrSpecFault checks that a, a decoded address, is an addr-spec as
// RFC 6068, Section 2 allows one (RFC 5322, Section 3.4.1, without
// comments, whitespace, obs-local-part or NO-WS-CTL; UTF-8 beyond ASCII
// as atext and qtext, RFC 6532, Section 3.2): it returns the index of
// the first byte at fault and what was expected there, or -1 and "".
func addrSpecFault(a string) (int, string) {
	if k := textFault(a, false); k >= 0 {
		return k, "UTF-8 text in the address (RFC 6068, Section 2, items 4 and 5)"
	}
	i := 0
	if strings.HasPrefix(a, `"`) {
		// quoted-string = DQUOTE *(qtext / quoted-pair) DQUOTE
		for i = 1; ; {
			if i == len(a) {
				return i, `'"' closing the quoted local-part (RFC 5322, Section 3.2.4)`
			}
			c := a[i]
			if c == '"' {
				i++
				break
			}
			if c == '\\' && i+1 < len(a) && (a[i+1] >= ' ' || a[i+1] == '\t') && a[i+1] != 0x7f {
				i += 2 // quoted-pair: '\' and VCHAR or WSP
				continue
			}
			if c < '!' || c == '\\' || c == 0x7f {
				return i, "qtext or a quoted-pair in the quoted local-part (RFC 5322, Section 3.2.4)"
			}
			i++
		}
	} else {
		var ok bool
		if i, ok = dotAtomText(a, 0); !ok {
			return i, "atext or '.' in the local-part (RFC 5322, Section 3.2.3)"
		}
	}
	if i == len(a) || a[i] != '@' {
		return i, "'@' and a domain after the local-part (RFC 5322, Section 3.4.1)"
	}
	i++
	if i < len(a) && a[i] == '[' {
		// "[" *dtext-no-obs "]", dtext-no-obs = %d33-90 / %d94-126
		for i++; i < len(a) && a[i] >= '!' && a[i] <= '~' && (a[i] <= 'Z' || a[i] >= '^'); i++ {
		}
		if i == len(a) || a[i] != ']' {
			return i, "dtext or ']' in the domain literal"
		}
		if i+1 != len(a) {
			return i + 1, "the end of the address after the domain literal"
		}
		return -1, ""
	}
	if j, ok := dotAtomText(a, i); !ok || j != len(a) {
		return j, "atext or '.' in the domain"
	}
	return -1, ""
}

// dotAtomText reads dot-atom-text = 1*atext *("." 1*atext) (RFC 5322,
// Section 3.2.3, with the UTF-8 of RFC 6532, Section 3.2, which a has
// been checked to be) from index i of a: the index after it, or of the
// byte where an atext was expected and ok false.
func dotAtomText(a string, i int) (end int, ok bool) {
	for {
		j := i
		for j < len(a) && (is(a[j], cAlpha|cDigit) || a[j] >= utf8.RuneSelf || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", a[j]) >= 0) {
			j++
		}
		if j == i {
			return j, false
		}
		if j == len(a) || a[j] != '.' {
			return j, true
		}
		i = j + 1
	}
}

// URI returns m as a mailto URI (RFC 6068, Section 2): the addresses of
// To in the path, separated by ',', and each of Fields as an hfield
// "name=value", in order, separated by '&' after a '?' (none when Fields
// is empty). Each is percent-encoded as RFC 6068, Section 2 requires and
// no more: in an address, the characters a URI cannot hold, non-ASCII
// bytes (as UTF-8, items 4 and 5), '%', '/', '?', '#', '[', ']', '&', ';',
// '=', the ',' that would separate addresses, and every '@' but the last
// (so "\"not@me\"@example.org" is written "%22not%40me%22@example.org",
// as in RFC 6068, Section 6.2); in a name or a value, everything but
// qchar, and ';' (a space is "%20", a line break "%0D%0A", '+' stays '+',
// RFC 6068, Section 5).
//
// URI checks nothing: for each address an addr-spec and each field as
// ParseMailto returns it (a lowercase name other than "to", printable
// ASCII without ':'; a value of UTF-8 text, with line breaks in "body"
// only), ParseMailto(m.URI().String()) gives m back. A "to" field is
// written as it is, and read back into To. The domain is written as it
// stands: convert it to A-labels first (DomainToASCII) for the mail
// clients that do not read percent-encoded UTF-8 in a domain (RFC 6068,
// Section 2, item 4).
func (m Mailto) URI() URI {
	u := URI{Scheme: "mailto"}
	var b []byte
	for i, a := range m.To {
		if i > 0 {
			b = append(b, ',')
		}
		if at := strings.LastIndexByte(a, '@'); at >= 0 {
			b = append(appendEncode(b, a[:at], componentMailtoAddr), '@')
			a = a[at+1:]
		}
		b = appendEncode(b, a, componentMailtoAddr)
	}
	u.Path = string(b)
	if len(m.Fields) == 0 {
		return u
	}
	b = b[:0]
	for i, f := range m.Fields {
		if i > 0 {
			b = append(b, '&')
		}
		b = append(appendEncode(b, f[0], componentMailtoField), '=')
		b = appendEncode(b, f[1], componentMailtoField)
	}
	u.Query, u.HasQuery = string(b), true
	return u
}
