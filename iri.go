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
// It is a lenient entry point, and an explicit one, as ParseWeb (what a
// browser reads) and ParseUserInput (what a person types into a form field)
// are: text from HTML, XML or RDF documents and from address bars is
// often an IRI ("https://例え.jp/パス?q=ü") and never a URI. Non-ASCII
// characters are accepted where RFC 3987 allows them: the characters of
// ucschar anywhere an unreserved character may stand (userinfo, reg-name
// host, path, query, fragment), and the private-use characters of
// iprivate only in the query.
// A non-ASCII character anywhere else (scheme, port, IP literal) fails as
// the strict parser fails on its first octet. Errors are *Error values
// whose Input is s and whose Offset is a byte offset into s, pointing at
// the offending character; invalid UTF-8 and excluded characters, such as
// U+FFFE or a bidirectional control in the path, fail with ErrIRI.
//
// A host name is percent-encoded like the rest ("%E4%BE%8B%E3%81%88.jp"),
// which RFC 3986, Section 3.2.2 allows: of the two mappings RFC 3987,
// Section 3.1 gives an ireg-name, percent-encoding or IDNA ToASCII,
// ParseIRI takes the first, so that the URI it returns is the IRI's own
// text. For a scheme whose hosts are DNS names (http, https, ws, wss,
// ftp), ParseIRI reads such a host as a browser does, with the URL
// Standard's "domain to ASCII" (DomainToASCII, UTS #46): a host written
// with non-ASCII characters that it rejects (a disallowed code point, a
// label against the bidi rules of RFC 5893, an A-label that is not valid
// Punycode beside Unicode text) names no host, and is an error wrapping
// ErrIRI and ErrIDNA at the code point or label at fault. A host that
// the IRI writes only in percent-encoding is URI text and is not checked.
// Where a DNS name is needed, the host's A-labels ("xn--r8jz45g.jp",
// RFC 5891) come from DomainToASCII, which ParseWeb, Hostname and
// Normalize at SchemeBased apply. Finder's IRI option reads hosts with
// ParseIRI, so both accept and reject the same IRIs.
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
	if err := iriHostIDNA(s, &u); err != nil {
		return URI{}, err
	}
	return u, nil
}

// iriIDNAError is the Err of an *Error for an IRI host that "domain to
// ASCII" rejects: it wraps ErrIRI and DomainToASCII's error (ErrIDNA).
type iriIDNAError struct{ err error }

func (e iriIDNAError) Error() string   { return ErrIRI.Error() }
func (e iriIDNAError) Unwrap() []error { return []error{ErrIRI, e.err} }

// iriHostIDNA checks the host of u, which ParseIRI mapped from the IRI s,
// when u's scheme has DNS names for hosts (http, https, ws, wss, ftp) and
// the host is a reg-name that s writes with a non-ASCII character (not
// only percent-encoded, which RFC 3986 allows of any octet): the host,
// decoded, must be one that
// the URL Standard's "domain to ASCII" accepts (DomainToASCII), as a
// browser and ParseWeb require, or the IRI names no host at all. It
// returns nil, or an *Error at the code point (or label) at fault in s.
func iriHostIDNA(s string, u *URI) error {
	if u.HostKind() != RegName || !hasNonASCIITriplet(u.Host) || !webSpecialAuthority(u.Scheme) {
		return nil
	}
	raw := false // the IRI writes a non-ASCII character of the host as itself
	for i, end := iriOffset(s, u.hostOffset()), iriOffset(s, u.hostOffset()+len(u.Host)); i < end && !raw; i++ {
		raw = s[i] >= utf8.RuneSelf
	}
	if !raw {
		return nil // URI text: RFC 3986 allows any octet encoded
	}
	b := webDecodeHost(u.Host) // as the host parser decodes it
	d := bytesString(b)        // b is not written again
	if !utf8.Valid(b) {
		d = strings.ToValidUTF8(d, "\uFFFD")
	}
	if _, err := DomainToASCII(d); err != nil {
		off, want := 0, "a host that \"domain to ASCII\" accepts"
		if e, ok := err.(*Error); ok {
			off, want = e.Offset, e.Expected+", for \"domain to ASCII\""
		}
		at := u.hostOffset() + octetOffset(u.Host, validUTF8Offset(b, off))
		return &Error{Input: s, Offset: iriOffset(s, at), Err: iriIDNAError{err}, Expected: want + " (URL Standard, \"IDNA\"; RFC 3987, Section 3.1)"}
	}
	return nil
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
// the same in that component after decoding, and reads as what it is:
//
//   - an unreserved ASCII character ("%41" becomes "A", as RFC 3986,
//     Section 6.2.2.2 allows);
//   - in the path, the query and the fragment, a valid UTF-8 sequence of a
//     character of ucschar (RFC 3987, Section 2.2), or of iprivate in the
//     query;
//   - in the userinfo, such a character when it is a letter, a decimal
//     digit or a non-enclosing mark whose UTS #39 skeleton (Unicode
//     Technical Standard #39, Section 4) holds no delimiter (see below);
//   - in a reg-name host, the characters of a label (the text between two
//     dots) all together, when the label passes the display policy of
//     UTS #39, Section 5.2 described below, and otherwise none of them.
//
// Everything else stays encoded: reserved characters and "%25", whose
// decoding would change the URI (RFC 3986, Section 2.2); ASCII that URIs
// do not allow; octets that are not UTF-8 (RFC 3987, Section 3.2, step 3);
// and characters that would change how the text reads: the bidirectional
// formatting characters (U+061C, U+200E, U+200F, U+202A-U+202E,
// U+2066-U+2069; RFC 3987, Section 4.1), other invisible format characters
// (Unicode category Cf, such as U+200B and U+FEFF), spaces and line
// separators (Z categories, such as U+00A0 and U+3000), and a combining
// mark (category M) at the start of a component, segment or label, where
// it would join the delimiter before it. In the path "%2E" stays encoded,
// so that no segment reads as a dot segment that it is not for RFC 3986's
// resolution.
//
// Look-alikes. A person reads the host of a link to decide whom to trust,
// so no character shown decoded in the userinfo or the host looks like a
// delimiter: none whose UTS #39 skeleton holds one of
//
//	: / ? # [ ] @   the gen-delims of RFC 3986, Section 2.2
//	.               the separator of host labels
//	%               the escape of RFC 3986, Section 2.1
//	\               which browsers read as '/'
//	space " < >     the delimiters of URIs in text (RFC 3986, Appendix C)
//
// letters, digits and marks included: U+A4FD LISU LETTER TONE MYA JEU and
// U+02D0 MODIFIER LETTER TRIANGULAR COLON look like ':', U+30CE KATAKANA
// LETTER NO, U+4E3F and U+3033 like '/', U+0294 LATIN LETTER GLOTTAL STOP
// like '?', U+A4F8, U+06F0 EXTENDED ARABIC-INDIC DIGIT ZERO like '.',
// U+0903 DEVANAGARI SIGN VISARGA like ':'. So
// "https://google.com%EA%93%BD443%E3%83%8Eaccount@evil.example/" stays as
// it is, and never reads as a link to google.com, port 443. (Punctuation
// and symbols such as U+2215 DIVISION SLASH, U+FF0F FULLWIDTH SOLIDUS,
// U+FF20 FULLWIDTH COMMERCIAL AT, U+3002 IDEOGRAPHIC FULL STOP or U+2027
// HYPHENATION POINT are not shown there at all: only letters, digits and
// marks are, and in a host the seven characters RFC 5892 allows besides,
// in their contexts.) A label of a reg-name host is shown decoded only
// when a person reads it as what it is. IRI follows Chromium's IDN display
// policy (docs/idn.md in Chromium's source, and IDNSpoofChecker in
// components/url_formatter/spoof_checks/idn_spoof_checker.cc), with UTS #39
// (Unicode Security Mechanisms) as its data; where Chromium's rule depends
// on the top-level domain or allows Latin beside another script, IRI takes
// the stricter reading. The label must be:
//
//   - made of letters, marks and numbers whose Identifier_Status is
//     Allowed (UTS #39, Section 3.1), with ASCII letters, digits and '-',
//     and of the few punctuation characters RFC 5892 allows (Section 2.6
//     and Appendix A), but none of the characters Chromium blocks besides
//     (docs/idn.md, step 4: U+01CD-U+01DC, Greek Extended, Cyrillic
//     Extended-B and -C, U+A720-U+A72F, U+2010 HYPHEN, U+2019, U+02BB,
//     U+02BC, ...);
//   - single-script (UTS #39, Section 5.2, "Single Script"): its
//     characters share a script, with Han, Hiragana and Katakana, Han and
//     Bopomofo, and Han and Hangul counting as one (Section 5.1), so
//     "例え" and "한국" are shown and "ex%D0%B0mple" (Latin with a
//     Cyrillic "а") is not. This is stricter than Chromium, whose "Highly
//     Restrictive" level (step 5) also shows ASCII Latin beside Han, Kana
//     or Hangul: "abc例", "paypal한" stay encoded here, since the part a
//     person reads is the Latin one, and IRI has no list of the names it
//     would imitate;
//   - not a label whose skeleton (UTS #39, Section 4) is ASCII unless it
//     is ASCII: "g〇〇gle" (U+3007 IDEOGRAPHIC NUMBER ZERO, whose skeleton
//     is "O") reads as "gOOgle", "〇〇" as "OO", and stay encoded;
//   - not a whole-script confusable of a Latin label (Section 4; Chromium's
//     step 10, which IRI applies under every top-level domain): a label
//     whose letters all look like Latin ones, such as "аррӏе" in Cyrillic,
//     stays encoded;
//   - not made of ASCII digits and Chromium's digit look-alikes only
//     (step 11: "з12", Cyrillic "з" for "3"), and with the decimal digits
//     of one numbering system (step 6);
//   - free of Chromium's dangerous patterns (step 12): the Katakana and
//     Han look-alikes of '/' (ノ ン ソ ゾ 丶 乀 乁 丿) between characters
//     of other scripts ("1ノ1"); U+3007, U+4E00 and the other CJK
//     look-alikes of Latin letters beside a character that is not Han,
//     Kana or Bopomofo; U+30FB KATAKANA MIDDLE DOT beside an ASCII
//     letter ("accounts・google・com・例"); U+30FC and the iteration marks
//     U+30FD, U+30FE after anything but Kana, or first; Hiragana へ べ
//     ぺ inside Katakana and Katakana ヘ ベ ペ inside Hiragana; the
//     diacritics U+0300-U+0339 after a character that is not Latin, Greek
//     or Cyrillic or after a dotless i; U+0307 after 'i', 'j' or 'l';
//     U+3099 and U+309A; and the same combining mark twice (step 7);
//   - without U+00FE THORN, U+00F0 ETH or U+0259 SCHWA, unless alone,
//     which Chromium shows under .is, .fo and .az only (IRI has no
//     top-level domain rule, so shows them under none);
//   - in the contexts RFC 5892, Appendix A gives its punctuation: U+00B7
//     MIDDLE DOT only between two 'l's ("col·legi", not "google·com"),
//     the Hebrew geresh and gershayim only after a Hebrew letter, U+30FB
//     only in a label with Hiragana, Katakana or Han, and Arabic-Indic
//     digits of one kind only.
//
// Left out: Chromium's last step, which shows a host in Punycode when its
// skeleton is that of one of a list of popular domains ("googlé.com"), as
// IRI has no such list; and its rules that depend on the top-level domain,
// which IRI replaces by the stricter ones above. Chromium keeps an A-label
// with a deviation character ("ß", "ς") in Punycode only when it uses UTS
// #46 transitional processing; IRI, like the URL Standard, processes
// nontransitionally and shows them.
//
// A script rule alone would not do: U+0294 is a Latin letter, U+02D0 and
// U+3033 are of the Common script, so look-alikes are excluded by their
// skeletons. The tables come from Unicode 17.0.0's UTS #39 data
// (confusables.txt, IdentifierStatus.txt, Scripts.txt and
// ScriptExtensions.txt), generated by gen_confusables.go; Chromium's lists
// of characters are written out in iri.go.
//
// A-labels. In a URI whose scheme's hosts are DNS names (http, https, ws,
// wss and ftp, the URL Standard's special schemes but file), a host label
// that starts with "xn--" is shown decoded (UTS #46 ToUnicode, Section
// 4.3) when the host is valid IDNA as a whole (DomainToUnicode reports no
// error, and DomainToASCII of the result gives the host back) and
// displayLabel accepts the decoded label by the policy above:
// "http://xn--r8jz45g.jp/" shows "http://例え.jp/", while
// "https://xn--80ak6aa92e.com/" ("аррӏе" in Cyrillic, a whole-script
// confusable of "apple") and a label that mixes scripts stay in ASCII, as
// does every A-label of another scheme, whose host need not be a DNS name.
//
// The scheme, an IP literal and the port are ASCII and are copied.
// ParseIRI(u.IRI()) is equivalent to u at SyntaxBased for every valid u
// whose IRI shows no A-label decoded, and at SchemeBased when it shows one
// (ParseIRI percent-encodes the decoded label; SchemeBased converts both
// hosts to the same ASCII name); it is equal to u when u writes its hex
// digits in uppercase and encodes no unreserved character, and shows no
// A-label decoded. IRI returns u.String() when u has nothing to decode,
// and makes one allocation either way, besides those of IDNA processing
// for a host with an A-label.
func (u URI) IRI() string {
	ace := u.HostKind() == RegName && hasACELabel(u.Host) && webSpecialAuthority(u.Scheme)
	if !ace && !hasTriplet(u.Userinfo) && !hasTriplet(u.Host) && !hasTriplet(u.Path) && !hasTriplet(u.Query) && !hasTriplet(u.Fragment) {
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
			b = appendIRI(b, u.Userinfo, iriUserinfo)
			b = append(b, '@')
		}
		switch {
		case ace:
			b = appendACEHostIRI(b, u.Host)
		case u.HostKind() == RegName && hasNonASCIITriplet(u.Host) && webSpecialAuthority(u.Scheme) && !iriHostValid(u.Host):
			b = appendIRI(b, u.Host, iriLabel) // no host name: shown encoded
		case u.HostKind() == RegName:
			b = appendHostIRI(b, u.Host)
		default:
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

// iriHostValid reports whether host, a reg-name of a URI whose scheme's
// hosts are DNS names, decoded (invalid UTF-8 as U+FFFD), is one that
// "domain to ASCII" accepts (DomainToASCII), so that IRI may show its
// labels decoded and ParseIRI reads them back.
func iriHostValid(host string) bool {
	b := webDecodeHost(host)
	d := bytesString(b) // b is not written again
	if !utf8.Valid(b) {
		d = strings.ToValidUTF8(d, "\uFFFD")
	}
	_, err := DomainToASCII(d)
	return err == nil
}

// hasACELabel reports whether host has a label that starts with "xn--",
// in any case (an A-label in form, RFC 5890, Section 2.3.2.1).
func hasACELabel(host string) bool {
	for i := 0; i+4 <= len(host); i++ {
		if (i == 0 || host[i-1] == '.') && isACE(host[i:]) {
			return true
		}
	}
	return false
}

// isACE reports whether s starts with "xn--", in any case.
func isACE(s string) bool {
	return len(s) >= 4 && lower(s[0]) == 'x' && lower(s[1]) == 'n' && s[2] == '-' && s[3] == '-'
}

// appendACEHostIRI appends host, a reg-name with an "xn--" label of a URI
// whose scheme's hosts are DNS names (http, https, ws, wss, ftp), with
// each such label shown decoded (UTS #46 ToUnicode, Section 4.3) when the
// host is valid IDNA as a whole, without a triplet, and DomainToASCII of
// its Unicode form gives it back (up to the case of ASCII letters), and
// when displayLabel accepts the decoded label; every other label, and
// every label of another host, is appended as it is.
func appendACEHostIRI(b []byte, host string) []byte {
	if hasTriplet(host) {
		return appendHostIRI(b, host)
	}
	uni, err := DomainToUnicode(host)
	if err != nil {
		return append(b, host...)
	}
	if a, err := DomainToASCII(uni); err != nil || !strings.EqualFold(a, host) {
		return append(b, host...)
	}
	if strings.Count(uni, ".") != strings.Count(host, ".") {
		return append(b, host...)
	}
	for i := 0; ; i++ {
		label, rest, more := strings.Cut(host, ".")
		shown, urest, _ := strings.Cut(uni, ".")
		if i > 0 {
			b = append(b, '.')
		}
		if isACE(label) && displayLabel(shown) {
			b = append(b, shown...)
		} else {
			b = append(b, label...)
		}
		if !more {
			return b
		}
		host, uni = rest, urest
	}
}

// hasTriplet reports whether s holds a '%'.
func hasTriplet(s string) bool { return strings.IndexByte(s, '%') >= 0 }

// iriPart says which component appendIRI writes.
type iriPart uint8

const (
	iriUserinfo iriPart = iota
	iriLabel            // a host label that displayLabel does not accept: ASCII only
	iriPath
	iriQuery
	iriFragment
)

// appendIRI appends component s with the triplets IRI decodes decoded.
func appendIRI(b []byte, s string, part iriPart) []byte {
	private := part == iriQuery
	starts := "" // bytes after which a combining mark would join a delimiter
	switch part {
	case iriUserinfo:
		starts = ":"
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
		r, end := tripletRune(s, i)
		atStart := i == 0 || strings.IndexByte(starts, s[i-1]) >= 0
		if r < 0 || part == iriLabel || !iriDisplayable(r, private, atStart) ||
			part == iriUserinfo && (!unicode.In(r, unicode.L, unicode.Nd, unicode.Mn, unicode.Mc) || unicode.Is(delimLookalikes, r)) {
			b = append(b, s[i:i+3]...) // the first octet stays encoded
			i += 3
			continue
		}
		b = utf8.AppendRune(b, r)
		i = end
	}
	return b
}

// tripletRune decodes the character whose UTF-8 octets are written as
// triplets from s[i], a '%': the character and the offset after its last
// triplet, or -1 when the triplets are not a valid UTF-8 sequence.
func tripletRune(s string, i int) (rune, int) {
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
	if r == utf8.RuneError && size <= 1 {
		return -1, i
	}
	return r, i + 3*size
}

// appendHostIRI appends a reg-name host, each label decoded as a whole
// when labelPolicy accepts it and with its non-ASCII octets encoded
// otherwise. Labels end at a '.' and at a "%2E", which IRI shows as '.'.
func appendHostIRI(b []byte, host string) []byte {
	for start, i := 0, 0; i <= len(host); i++ {
		end := i == len(host) || host[i] == '.' ||
			host[i] == '%' && i+2 < len(host) && host[i+1] == '2' && (host[i+2] == 'E' || host[i+2] == 'e')
		if !end {
			continue
		}
		b = appendLabelIRI(b, host[start:i])
		if i < len(host) {
			b = append(b, '.')
			if host[i] == '%' {
				i += 2
			}
		}
		start = i + 1
	}
	return b
}

// appendLabelIRI appends one label of a reg-name host: decoded when it
// holds non-ASCII text that labelPolicy accepts, else with only its
// unreserved ASCII triplets decoded.
func appendLabelIRI(b []byte, label string) []byte {
	if !hasTriplet(label) {
		return append(b, label...)
	}
	var p labelPolicy
	uni := false // the label holds a non-ASCII character
	for i := 0; i < len(label); {
		r, next := rune(label[i]), i+1
		if label[i] == '%' {
			var o byte
			o, next, _ = octetAt(label, i)
			r = rune(o)
			if o >= utf8.RuneSelf {
				if r, next = tripletRune(label, i); r < 0 {
					return appendIRI(b, label, iriLabel)
				}
				uni = true
			}
		}
		if !p.add(r) {
			return appendIRI(b, label, iriLabel)
		}
		i = next
	}
	if !uni || !p.ok() {
		return appendIRI(b, label, iriLabel)
	}
	for i := 0; i < len(label); {
		if label[i] != '%' {
			b = append(b, label[i])
			i++
			continue
		}
		r, next := tripletRune(label, i)
		if r < 0 { // an ASCII triplet: LDH, as labelPolicy accepted it
			var o byte
			o, next, _ = octetAt(label, i)
			r = rune(o)
		}
		b = utf8.AppendRune(b, r)
		i = next
	}
	return b
}

//go:generate go run gen_confusables.go gen_unicode.go

// displayLabel reports whether a host label, as Unicode text (a label
// decoded from percent-encoding, or an IDNA A-label decoded with
// Punycode), may be shown to a person as that text: the policy IRI
// documents, Chromium's IDN display policy with UTS #39's "Single Script"
// level (Section 5.2), Identifier_Status Allowed characters only, no
// look-alike of a delimiter, no ASCII skeleton and no whole-script
// confusable of a Latin label (Section 4). An all-ASCII label passes when
// it is made of letters, digits and '-'.
func displayLabel(label string) bool {
	if !utf8.ValidString(label) {
		return false
	}
	var p labelPolicy
	for _, r := range label {
		if !p.add(r) {
			return false
		}
	}
	return p.ok()
}

// labelPolicy is displayLabel's state over the characters of a label, in
// order: add each, then ask ok.
type labelPolicy struct {
	n                  int       // characters added
	prev               rune      // the last one
	prevSet            scriptSet // the script set of prev
	prev2Set           scriptSet // and of the one before it
	resolved           scriptSet // the intersection of their script sets
	nonASCII           bool      // a character of the label is not ASCII
	notASCIISkel       bool      // and one has a skeleton that is not ASCII
	digitLike          int       // characters of Chromium's digit look-alikes
	notDigit           bool      // a character that is neither a digit nor one
	digitZero          rune      // the zero of the decimal digits seen (Nd)
	mixedDigits        bool      // digits of two decimal systems
	tldSpecific        bool      // þ, ð or ə, which Chromium shows under .is, .fo, .az only
	notKana, notHira   int       // characters whose Script_Extensions lack Katakana, Hiragana
	oddKana, oddHira   int       // the index of the last such character, plus one
	oddKanaR, oddHiraR rune      // and the character
	latin              int       // letters of the Latin script only
	lookalike, other   int       // non-Latin letters and numbers with and without a Latin look-alike
	// RFC 5892, Appendix A's CONTEXTO rules (U+0375 of A.4 is not Allowed)
	needL                  bool // the next character must be 'l' (A.3)
	katakanaDot, japanese  bool // U+30FB seen (A.7); a Hiragana, Katakana or Han character seen
	arabicIndic, extArabic bool // digits U+0660-U+0669, U+06F0-U+06F9 seen (A.8, A.9)
}

// labelPunct are the characters other than letters, marks and numbers that
// a label IRI shows may hold: those RFC 5892 makes PVALID by exception
// (Section 2.6: U+06FD, U+06FE, U+0F0B TIBETAN MARK INTERSYLLABIC TSHEG)
// or allows in a context (Appendix A: U+00B7, U+05F3, U+05F4, U+30FB).
// Identifier_Status allows a few more, which look like a dot or a quote
// (U+2027 HYPHENATION POINT, U+2019) or a hyphen.
const labelPunct = "\u06FD\u06FE\u0F0B\u00B7\u05F3\u05F4\u30FB"

// chromiumBlocked are the Allowed characters Chromium's IDN display policy
// never shows (docs/idn.md, step 4, and IDNSpoofChecker's allowed set):
// Latin letters with a caron or a diaeresis and a macron (U+01CD-U+01DC),
// Cyrillic Extended-C (U+1C80-U+1C8F), the Latin letters U+1E90-U+1E9B,
// Greek Extended (U+1F00-U+1FFF), Cyrillic Extended-B (U+A640-U+A69F),
// U+A720-U+A72F, and U+0138 KRA, U+02BB, U+02BC and U+02EC (quote and
// voicing look-alikes), U+0338 COMBINING LONG SOLIDUS OVERLAY, U+058A
// ARMENIAN HYPHEN, U+2010 HYPHEN, U+2019, U+2027 and U+30A0 (look-alikes
// of '-', a quote and U+30FB).
var chromiumBlocked = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x0138, 0x0138, 1}, {0x01CD, 0x01DC, 1}, {0x02BB, 0x02BC, 1}, {0x02EC, 0x02EC, 1},
		{0x0338, 0x0338, 1}, {0x058A, 0x058A, 1}, {0x1C80, 0x1C8F, 1}, {0x1E90, 0x1E9B, 1},
		{0x1F00, 0x1FFF, 1}, {0x2010, 0x2010, 1}, {0x2019, 0x2019, 1}, {0x2027, 0x2027, 1},
		{0x30A0, 0x30A0, 1}, {0xA640, 0xA69F, 1}, {0xA720, 0xA72F, 1},
	},
}

// Chromium's lists of characters (IDNSpoofChecker, components/url_formatter/
// spoof_checks/idn_spoof_checker.cc) that its dangerous patterns and its
// digit check name.
const (
	// slashLike look like '/' or '\' beside a character of neither
	// Katakana, Hiragana nor Han: ノ ン ソ ゾ 丶 乀 乁 丿.
	slashLike = "\u30CE\u30F3\u30BD\u30BE\u4E36\u4E40\u4E41\u4E3F"
	// cjkLatinLike look like Latin letters or punctuation beside a
	// character of neither Katakana, Hiragana, Han nor Bopomofo: 一 ㄧ 丨 乛
	// 七 丅 十 〇 ㄒ ㄚ ㄟ ㄨ ㄩ ㄈ ㆺ ㆳ 工 ㆲ 讠 丁.
	cjkLatinLike = "\u4E00\u3127\u4E28\u4E5B\u4E03\u4E05\u5341\u3007\u3112\u311A\u311F\u3128\u3129\u3108\u31BA\u31B3\u5DE5\u31B2\u8BA0\u4E01"
	// digitLookalikes look like ASCII digits (IsDigitLookalike).
	digitLookalikes = "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨"
)

// The script sets Chromium's dangerous patterns test a neighbour against.
const (
	scriptsJapanese = scriptKatakana | scriptHiragana | scriptHan
	scriptsCJK      = scriptsJapanese | scriptBopomofo
	scriptsLGC      = scriptLatin | scriptGreek | scriptCyrillic
)

// add adds r to the label and reports whether the label may still pass.
func (p *labelPolicy) add(r rune) bool {
	set, ok := idScripts(r)
	switch {
	case !ok:
		return false
	case r >= utf8.RuneSelf && (unicode.Is(delimLookalikes, r) || unicode.Is(chromiumBlocked, r) || !iriDisplayable(r, false, p.n == 0)):
		return false
	case r >= utf8.RuneSelf && !unicode.In(r, unicode.L, unicode.M, unicode.N) && !strings.ContainsRune(labelPunct, r):
		return false
	case p.needL && r != 'l':
		return false
	case !p.dangerousOK(r, set):
		return false
	}
	p.needL = false
	switch {
	case r == 0x00B7: // MIDDLE DOT: between two 'l's, as in Catalan (A.3)
		if p.prev != 'l' {
			return false
		}
		p.needL = true
	case r == 0x05F3 || r == 0x05F4: // HEBREW PUNCTUATION GERESH, GERSHAYIM: after a Hebrew character (A.5, A.6)
		if p.n == 0 || !ofScript(p.prevSet, scriptHebrew) {
			return false
		}
	case r == 0x30FB: // KATAKANA MIDDLE DOT: in a label with Japanese text (A.7)
		p.katakanaDot = true
	case r >= 0x0660 && r <= 0x0669: // ARABIC-INDIC DIGITS: not with the extended ones (A.8)
		p.arabicIndic = true
	case r >= 0x06F0 && r <= 0x06F9: // EXTENDED ARABIC-INDIC DIGITS: not with the others (A.8, A.9)
		p.extArabic = true
	case r == 0x00FE || r == 0x00F0 || r == 0x0259: // THORN, ETH, SCHWA
		p.tldSpecific = true
	}
	if r != 0x30FB && ofScript(set, scriptsJapanese) {
		p.japanese = true
	}
	if zero := ndZero(r); zero >= 0 {
		p.mixedDigits = p.mixedDigits || p.digitZero != 0 && p.digitZero != zero+1
		p.digitZero = zero + 1 // never 0
	}
	switch {
	case r >= '0' && r <= '9':
	case strings.ContainsRune(digitLookalikes, r):
		p.digitLike++
	default:
		p.notDigit = true
	}
	if r >= utf8.RuneSelf {
		p.nonASCII = true
		p.notASCIISkel = p.notASCIISkel || !unicode.Is(asciiSkeleton, r)
	}
	if p.n == 0 {
		p.resolved = ^scriptSet(0)
	}
	if !ofScript(set, scriptKatakana) {
		p.notKana++
		p.oddKana, p.oddKanaR = p.n+1, r
	}
	if !ofScript(set, scriptHiragana) {
		p.notHira++
		p.oddHira, p.oddHiraR = p.n+1, r
	}
	p.n++
	p.prev2Set = p.prevSet
	p.prev, p.prevSet = r, set
	p.resolved &= set
	switch {
	case set == ^scriptSet(0), r >= utf8.RuneSelf && !unicode.In(r, unicode.L, unicode.N):
		// Common or Inherited (digits, '-'), marks, punctuation: of no script
	case set&scriptLatin != 0:
		if set == scriptLatin {
			p.latin++
		} // else a letter Latin shares with other scripts: of neither kind
	case unicode.Is(latinLookalikes, r):
		p.lookalike++
	default:
		p.other++
	}
	return true
}

// dangerousOK reports whether r, whose script set is set, may follow the
// characters added so far by the dangerous patterns of Chromium's IDN
// display policy (docs/idn.md, step 12; IDNSpoofChecker's
// dangerous_pattern) that look at neighbours, and by its rule against a
// sequence of the same combining mark (step 7).
func (p *labelPolicy) dangerousOK(r rune, set scriptSet) bool {
	first := p.n == 0
	switch {
	case r == 0x3099 || r == 0x309A: // COMBINING KATAKANA-HIRAGANA (SEMI-)VOICED SOUND MARK
		return false
	case r >= 0x0300 && r <= 0x0339 && (first || !ofScript(p.prevSet, scriptsLGC) || p.prev == 0x0131):
		return false // a diacritic after a character of neither Latin, Greek nor Cyrillic, or after a dotless i
	case r == 0x0307 && (p.prev == 'i' || p.prev == 'j' || p.prev == 'l'):
		return false // a dot above an i, a j or an l
	case !first && r == p.prev && unicode.Is(unicode.Mn, r):
		return false // the same combining mark twice, which shows as once
	case (r == 0x30FD || r == 0x30FE) && (first || !ofScript(p.prevSet, scriptKatakana)):
		return false // KATAKANA ITERATION MARKs after anything but Katakana
	case r == 0x30FC && (first || !ofScript(p.prevSet, scriptKatakana|scriptHiragana)):
		return false // KATAKANA-HIRAGANA PROLONGED SOUND MARK after anything but Kana
	case r == 0x30FB && p.prev < utf8.RuneSelf && is(byte(p.prev), cAlpha), p.prev == 0x30FB && r < utf8.RuneSelf && is(byte(r), cAlpha):
		return false // KATAKANA MIDDLE DOT beside an ASCII letter: "accounts・google"
	case !first && strings.ContainsRune(cjkLatinLike, r) && !ofScript(p.prevSet, scriptsCJK),
		!first && strings.ContainsRune(cjkLatinLike, p.prev) && !ofScript(set, scriptsCJK):
		return false // 〇 and the CJK look-alikes of Latin letters beside other scripts: "g〇〇gle"
	case p.n >= 2 && strings.ContainsRune(slashLike, p.prev) && !ofScript(p.prev2Set, scriptsJapanese) && !ofScript(set, scriptsJapanese):
		return false // a look-alike of '/' between characters of other scripts
	}
	return true
}

// ndZero returns the zero of the decimal digit system of r (Unicode
// category Nd, whose digits come in runs of ten from zero), or -1 when r is
// not a decimal digit.
func ndZero(r rune) rune {
	if r >= '0' && r <= '9' {
		return '0'
	}
	if r < utf8.RuneSelf || !unicode.Is(unicode.Nd, r) {
		return -1
	}
	for _, g := range unicode.Nd.R16 {
		if rune(g.Lo) <= r && r <= rune(g.Hi) {
			return r - (r-rune(g.Lo))%10
		}
	}
	for _, g := range unicode.Nd.R32 {
		if rune(g.Lo) <= r && r <= rune(g.Hi) {
			return r - (r-rune(g.Lo))%10
		}
	}
	return -1
}

// ok reports whether the label added passes: the contexts of RFC 5892,
// Appendix A met; single-script (UTS #39, Section 5.2's "Single Script"
// level, with Section 5.1's Hanb, Jpan and Kore); no character Chromium
// shows under some top-level domains only; not a label whose skeleton is
// ASCII unless it is ASCII; not made of digits and digit look-alikes; no
// decimal digits of two systems; none of Chromium's Kana patterns; and not
// a whole-script confusable of a Latin label: some letter or number of it
// has no Latin look-alike, or is Latin only. (Marks, punctuation,
// characters of every script and letters Latin shares with other scripts
// count for neither.)
func (p *labelPolicy) ok() bool {
	switch {
	case p.needL, p.katakanaDot && !p.japanese, p.arabicIndic && p.extArabic, p.mixedDigits:
		return false
	case p.n > 0 && p.resolved == 0:
		return false
	case p.tldSpecific && p.n > 1:
		return false
	case p.nonASCII && !p.notASCIISkel:
		return false // its skeleton is ASCII: it reads as an ASCII label
	case p.digitLike > 0 && !p.notDigit:
		return false
	case p.notKana == 1 && p.oddKanaR >= 0x3078 && p.oddKanaR <= 0x307A && p.oddKana > 1 && p.oddKana < p.n:
		return false // Hiragana へ べ ぺ in Katakana, where it reads as ヘ ベ ペ
	case p.notHira == 1 && p.oddHiraR >= 0x30D8 && p.oddHiraR <= 0x30DA && p.oddHira > 1 && p.oddHira < p.n:
		return false // Katakana ヘ ベ ペ in Hiragana
	}
	return !(p.lookalike > 0 && p.latin == 0 && p.other == 0)
}

// ofScript reports whether a character whose script set is set is of one of
// the scripts of want, by its Script_Extensions: Common and Inherited
// characters are of none.
func ofScript(set, want scriptSet) bool { return set != ^scriptSet(0) && set&want != 0 }

// idScripts returns r's augmented script set (UTS #39, Section 5.1) and
// whether r may stand in a label IRI shows: a non-ASCII character whose
// Identifier_Status is Allowed (Section 3.1), or an ASCII letter (Latin),
// digit or '-' (Common).
func idScripts(r rune) (scriptSet, bool) {
	switch {
	case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
		return scriptLatin, true
	case r >= '0' && r <= '9' || r == '-':
		return ^scriptSet(0), true
	case r < utf8.RuneSelf:
		return 0, false
	}
	lo, hi := 0, len(idAllowed)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if idAllowed[m].lo+uint32(idAllowed[m].n) < uint32(r) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(idAllowed) && idAllowed[lo].lo <= uint32(r) {
		return idScriptSets[idAllowed[lo].set], true
	}
	return 0, false
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
