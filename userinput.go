package uri

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParseUserInput reads s, one web address as a person types it into a form
// field ("your website", "server URL"), and returns the URI they meant;
// defaultScheme, such as "https", is the scheme of an address typed
// without one: the URL Standard's parser for an address with a scheme, a
// suffix reference (RFC 3986, Section 4.5) for one without. It is
// WebParser{}.ParseUserInput: see there for the reading.
//
//	ParseUserInput("example.com", "https")            // https://example.com/
//	ParseUserInput("localhost:8080", "http")          // http://localhost:8080/
//	ParseUserInput("mailto:me@example.com", "https")  // mailto:me@example.com
func ParseUserInput(s, defaultScheme string) (URI, error) {
	return WebParser{}.ParseUserInput(s, defaultScheme)
}

// ParseUserInput reads s, one web address as a person types it into a form
// field, and returns the URI they meant: the URL Standard's parser when s
// has a scheme, and otherwise the suffix reference of RFC 3986, Section
// 4.5 with defaultScheme in front, read by the same parser. A host that
// needs IDNA goes through p.IDNA, as in p.Parse.
//
// The reading, in order (the input shapes are Finder's, and so are its
// rules for them):
//
//   - Leading and trailing C0 controls and spaces, and tabs and newlines
//     anywhere, are ignored, as the URL Standard's basic URL parser
//     ignores them (URL Standard, "URL parsing").
//   - Input that starts with a scheme and ':' (RFC 3986, Section 3.1) is a
//     URL with that scheme, read as p.Parse reads it: "mailto:me@example.com"
//     stays a mailto URI, "https://example.com/a b" becomes
//     "https://example.com/a%20b", "HTTPS://Example.COM" becomes
//     "https://example.com/". Any scheme is accepted ("javascript:" too):
//     check the result's Scheme against the schemes the field allows.
//   - Unless it is a host and a port: when what follows the ':' is a port
//     number, alone or before '/', '?' or '#', or nothing at all (RFC
//     3986, Section 3.2.3 allows an empty port), the "scheme" is a host
//     name ("localhost:8080", "example.com:443/x", "example.com:"), as
//     Finder takes it, except for a scheme whose URIs start with digits
//     (tel, fax, modem, sms, geo, urn: "tel:5551234" is a tel URI).
//   - Input without a scheme, or a host and a port, is a suffix reference
//     (RFC 3986, Section 4.5): a host, an optional port, then an optional
//     path, query and fragment, read as defaultScheme + "://" + s:
//     "example.com" with "https" is "https://example.com/",
//     "www.example.com/a b" is "https://www.example.com/a%20b",
//     "10.0.0.1:3000" is "https://10.0.0.1:3000/", "[::1]:8080" is
//     "https://[::1]:8080/". A name without a dot ("localhost", an
//     intranet name) is a host too. The host must be a host name, of
//     ASCII letters, digits, '-', '_' and '.' and of non-ASCII text (for
//     IDNA), or an IP address in the URL Standard's forms; anything else
//     is an error wrapping ErrHost at that byte: "Go_(programming_language))"
//     fails at the '(', and a userinfo fails at its '@', since
//     "me@example.com" is an e-mail address and "example.com@evil.example"
//     names the host evil.example. An empty defaultScheme makes a scheme
//     required: a suffix reference is then an error wrapping ErrScheme.
//   - Pasted punctuation is an error that names it: a quote or bracket
//     that text puts around an address ('<', '‹', '«', '"', '“', '„',
//     an apostrophe, '‘', '`', '(', '（', '「', ...) at the start, with or without
//     its closer at the end, wraps ErrHost (ErrScheme with no default
//     scheme) at the opener; a closer alone at the end that the URL
//     serializers percent-encode ('>', '"', '”', '»', ...) wraps the
//     sentinel of the component it ends, at the closer.
//   - The common typos are errors wrapping ErrScheme that name them: a
//     scheme without its ':' before the slashes ("https//example.com",
//     "https;//", "http.//") at the missing ':'; an http, https, ws, wss
//     or ftp URL without exactly "//" after the ':' ("http:/x",
//     "https:example.com", "http:///x", "http:\\x", which a browser
//     forgives: URL Standard, "special authority slashes state") after
//     the ':'; a scheme one edit from "http" or "https" that
//     DefaultSchemes and Finder do not know ("htps", "htp", "htttp") at
//     the scheme.
//   - In either reading, a ')' or ']' that closes no '(' or '[' before it
//     is an error wrapping the sentinel of the component it stands in
//     (ErrUserinfo, ErrHost, ErrPath, ErrQuery or ErrFragment): pasted
//     from text, it is the text's punctuation ("(see
//     https://example.com/docs)"), as Finder reads it, not part of the
//     address. Write it as "%29" or "%5D" to keep it.
//   - The URL Standard's parser rejects what a browser rejects, with an
//     error wrapping ErrWeb or ErrWebIDNA: a port above 65535
//     ("localhost:99999"), a malformed IP address, a host that "domain to
//     ASCII" (UTS #46) rejects.
//
// The result is a URI that Validate accepts, in the URL Standard's form:
// the scheme and host lowercased, a special scheme's default port
// dropped, an empty path of an http or https URL written "/" (see
// WebParser.Parse). Errors are *Error values whose Input is s and whose
// Offset is a byte offset into s; for a suffix reference, an error of the
// URL Standard's parser points at the byte of s it found at fault.
//
// A defaultScheme that is not a scheme (RFC 3986, Section 3.1) is the
// caller's mistake, not the input's: the error then is not an *Error.
func (p WebParser) ParseUserInput(s, defaultScheme string) (URI, error) {
	if defaultScheme != "" {
		if j, _ := schemeFault(defaultScheme, ""); j != len(defaultScheme) {
			return URI{}, errors.New("uri: ParseUserInput: the default scheme " + strconv.Quote(defaultScheme) + " is not a scheme (RFC 3986, Section 3.1)")
		}
	}
	// The text without the C0 controls and spaces around it: s[i:j].
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	n := typedScheme(s[i:j])
	opener := ErrHost
	if defaultScheme == "" {
		opener = ErrScheme
	}
	if at, f := typedPasted(s, i, j, n, opener); f.err != nil {
		return URI{}, &Error{Input: s, Offset: at, Err: f.err, Expected: f.want}
	}
	if n > 0 {
		if at, f := typedSchemeTypo(s, i, i+n, j); f.err != nil {
			return URI{}, &Error{Input: s, Offset: at, Err: f.err, Expected: f.want}
		}
		// A URL with a scheme: the URL Standard's parser, then the
		// closers, after the scheme and, for an authority, its slashes.
		u, err := p.Parse(s)
		if err != nil {
			return URI{}, err
		}
		k, auth := i+n+1, false
		for k < j && strings.IndexByte("\t\n\r", s[k]) >= 0 {
			k++
		}
		if webSpecialAuthority(u.Scheme) {
			for k < j && strings.IndexByte("/\\\t\n\r", s[k]) >= 0 {
				k++
			}
			auth = true
		} else if strings.HasPrefix(s[k:j], "//") {
			k, auth = k+2, true
		}
		if at, sentinel := strayCloser(s, k, j, auth); at >= 0 {
			return URI{}, &Error{Input: s, Offset: at, Err: sentinel, Expected: strayWant}
		}
		return u, nil
	}
	// A suffix reference (RFC 3986, Section 4.5).
	if defaultScheme == "" {
		return URI{}, &Error{Input: s, Offset: i, Err: ErrScheme, Expected: "a scheme (RFC 3986, Section 3.1), as in \"https://example.com/\": no default scheme was given"}
	}
	if at, f := typedColonTypo(s, i, j, defaultScheme); f.err != nil {
		return URI{}, &Error{Input: s, Offset: at, Err: f.err, Expected: f.want}
	}
	if at, f := typedHost(s, i, j); f.err != nil {
		return URI{}, &Error{Input: s, Offset: at, Err: f.err, Expected: f.want}
	}
	if at, sentinel := strayCloser(s, i, j, true); at >= 0 {
		return URI{}, &Error{Input: s, Offset: at, Err: sentinel, Expected: strayWant}
	}
	prefix := len(defaultScheme) + len("://")
	u, err := p.Parse(defaultScheme + "://" + s[i:j])
	if e, ok := err.(*Error); ok {
		// The parser's offset is into defaultScheme + "://" + s[i:j].
		return URI{}, &Error{Input: s, Offset: min(max(e.Offset-prefix, 0)+i, j), Err: e.Err, Expected: e.Expected}
	}
	if err != nil {
		return URI{}, err
	}
	if !typedHostName(u) {
		// IDNA mapped the host to characters a host name does not have
		// ("ａ（ｂ" to "a(b").
		return URI{}, &Error{Input: s, Offset: i, Err: ErrHost, Expected: typedHostWant}
	}
	return u, nil
}

// typedScheme returns the length of the scheme that t, typed input without
// the spaces around it, starts with, when ParseUserInput reads t as a URL with
// that scheme; 0 for a suffix reference, including a host and a port that
// Finder would not take for a URI ("localhost:8080"). Tabs and newlines
// count as the URL Standard counts them: not at all.
func typedScheme(t string) int {
	c := preprocess(t)
	n, _ := schemeFault(c, "")
	if n == 0 || n == len(c) || c[n] != ':' {
		return 0
	}
	if rest := c[n+1:]; (rest == "" || isPortLike(rest)) && !(Finder{}).numeric(c[:n]) {
		return 0
	}
	// n counts the scheme's bytes without tabs and newlines: find the ':'
	// in t.
	for k, seen := 0, 0; k < len(t); k++ {
		if t[k] == '\t' || t[k] == '\n' || t[k] == '\r' {
			continue
		}
		if seen == n {
			return k
		}
		seen++
	}
	return 0
}

const typedHostWant = "a host name: ASCII letters, digits, '-', '_' and '.', or non-ASCII text for IDNA; or an IP address (RFC 3986, Section 3.2.2; a suffix reference, RFC 3986, Section 4.5, has no userinfo)"

// typedHost checks the host and port of a suffix reference that starts at
// s[i] and that ParseUserInput reads before s[j]: a host name and a port of
// digits, or an IP literal, which the URL Standard's parser checks with
// its port. It returns the offset of a byte that a typed host or port
// cannot hold.
func typedHost(s string, i, j int) (int, fault) {
	skip := func(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }
	k := i
	for k < j && skip(s[k]) {
		k++
	}
	start := k
	if k < j && s[k] == '[' {
		// an IP literal: IPv6 text, which the parser reads
		for k++; k < j && (is(s[k], cHex) || s[k] == ':' || s[k] == '.' || skip(s[k])); k++ {
		}
		if k == j || s[k] != ']' {
			return k, fault{ErrHost, "']' after the IPv6 address, of hex digits, ':' and '.' (RFC 3986, Section 3.2.2)"}
		}
		k++
	}
	for k < j && (skip(s[k]) || s[start] != '[' && (is(s[k], cAlpha|cDigit) || s[k] == '-' || s[k] == '.' || s[k] == '_' || s[k] >= utf8.RuneSelf)) {
		k++
	}
	switch {
	case k == start:
		return k, fault{ErrHost, typedHostWant}
	case k < j && s[k] == ':':
		// the port: digits up to the path, query or fragment
		for k++; k < j && strings.IndexByte("/\\?#", s[k]) < 0; k++ {
			switch c := s[k]; {
			case c == '@':
				return k, fault{ErrHost, typedHostWant}
			case !is(c, cDigit) && !skip(c):
				return k, fault{ErrPort, "a port of digits (RFC 3986, Section 3.2.3)"}
			}
		}
	case k < j && strings.IndexByte("/\\?#", s[k]) < 0:
		return k, fault{ErrHost, typedHostWant}
	}
	return 0, noFault
}

// typedHostName reports whether u's host, as the URL Standard's parser
// wrote it, is an IP address or a host name of ASCII letters, digits, '-',
// '_' and '.'.
func typedHostName(u URI) bool {
	switch u.HostKind() {
	case IPv4, IPv6:
		return true
	case RegName:
		if u.HasUserinfo || u.Host == "" {
			return false
		}
		for k := 0; k < len(u.Host); k++ {
			if c := u.Host[k]; !is(c, cAlpha|cDigit) && c != '-' && c != '.' && c != '_' {
				return false
			}
		}
		return true
	}
	return false
}

const strayWant = "a '(' or '[' before this ')' or ']': pasted from text, a closer without an opener is the text's punctuation (write it as %29 or %5D to keep it)"

// strayCloser returns the offset of the first ')' or ']' in s[k:j] that
// closes no '(' or '[' after s[k], as Finder ends a URI there, with the
// sentinel of the component it stands in, or -1. auth says whether s[k:]
// starts in the authority, which ends at the first '/', '\', '?' or '#'.
func strayCloser(s string, k, j int, auth bool) (int, error) {
	paren, bracket := 0, 0
	for at := k; at < j; at++ {
		switch s[at] {
		case '(':
			paren++
		case '[':
			bracket++
		case ')', ']':
			n := &paren
			if s[at] == ']' {
				n = &bracket
			}
			if *n > 0 {
				*n--
				continue
			}
			return at, typedComponent(s, k, at, j, auth)
		}
	}
	return -1, nil
}

// typedComponent returns the sentinel of the component that s[at] stands
// in, in typed input that starts at s[k] and ends before s[j], auth
// saying whether s[k:] starts in the authority, which ends at the first
// '/', '\', '?' or '#': ErrUserinfo before the authority's last '@',
// ErrHost, ErrPath, ErrQuery or ErrFragment.
func typedComponent(s string, k, at, j int, auth bool) error {
	in := ErrPath
	if auth {
		in = ErrHost
	}
	for ; k < at; k++ {
		switch s[k] {
		case '/', '\\':
			if in == ErrHost {
				in = ErrPath
			}
		case '?':
			if in != ErrFragment {
				in = ErrQuery
			}
		case '#':
			in = ErrFragment
		}
	}
	if in == ErrHost {
		// before the last '@' of the authority: the userinfo
		end := at + strings.IndexAny(s[at:j]+"/", "/\\?#")
		if strings.IndexByte(s[at:end], '@') >= 0 {
			return ErrUserinfo
		}
	}
	return in
}

// The typos and pasted punctuation ParseUserInput names.

// typedQuotes pairs the quotes and brackets that text puts around an
// address (ASCII, typographic quotes and guillemets, CJK corner and angle
// brackets, fullwidth forms) with the closers that may end it; '[' is not
// one: it starts an IP literal.
var typedQuotes = []struct{ open, close string }{
	{"<", ">›"}, {"‹", "›>"}, {"«", "»"}, {"»", "«"}, {"›", "‹"},
	{`"`, `"”“`}, {"“", "”\"“"}, {"”", "”\""}, {"„", "“”\""},
	{"'", "'’"}, {"‘", "’'"}, {"’", "’'"}, {"‚", "‘’"}, {"`", "`'"},
	{"(", ")"}, {"（", "）)"}, {"＜", "＞>"}, {"「", "」"}, {"『", "』"}, {"〈", "〉"}, {"《", "》"},
}

// typedEnders are the closers that ParseUserInput refuses at the end of the
// input without an opener: a URL serializer percent-encodes each of them
// in a path, query or fragment, so none ends an address as typed. (A ')'
// or ']' is strayCloser's.)
const typedEnders = `>"›»”“’」』〉》）＞`

// typedPasted returns the offset in s of a quote or bracket that text put
// around the address s[i:j], and a fault naming what it saw: an opener
// at s[i], with or without its closer at the end, or one of typedEnders
// at the end. n is typedScheme's answer for s[i:j]; opener is the
// sentinel for an opener (the input has no scheme there).
func typedPasted(s string, i, j, n int, opener error) (int, fault) {
	if i == j {
		return 0, noFault
	}
	first, _ := utf8.DecodeRuneInString(s[i:j])
	last, size := utf8.DecodeLastRuneInString(s[i:j])
	for _, q := range typedQuotes {
		if !strings.HasPrefix(s[i:j], q.open) {
			continue
		}
		if j-i > len(q.open) && strings.ContainsRune(q.close, last) {
			return i, fault{opener, "an address without the " + strconv.QuoteRune(first) + " and " + strconv.QuoteRune(last) +
				" around it: pasted from text, they are its quotes or brackets, not part of the address"}
		}
		return i, fault{opener, "an address without the " + strconv.QuoteRune(first) +
			" in front of it: pasted from text, it is the text's quote or bracket, not part of the address"}
	}
	if !strings.ContainsRune(typedEnders, last) {
		return 0, noFault
	}
	at, k, auth := j-size, i, true
	if n > 0 {
		k, auth = i+n+1, false
		if strings.HasPrefix(s[k:j], "//") {
			k, auth = k+2, true
		}
	}
	return at, fault{typedComponent(s, k, at, j, auth), "an address without the " + strconv.QuoteRune(last) +
		" at its end: pasted from text, it is the text's quote or bracket, not part of the address (percent-encode it to keep it)"}
}

// typedSchemeTypo returns the offset in s of a typo in the scheme s[i:c]
// of typed input that ends before s[j], with s[c] its ':', and a fault
// naming it: a scheme one edit from "http" or "https" (RFC 3986, Section
// 3.1 registers no such scheme in DefaultSchemes or Finder's list; "htps",
// "htp", "htttps"), or an http, https, ws, wss or ftp URL whose ':' is not
// followed by exactly "//" ("http:/x", "https:example.com",
// "http:///x"), which a browser forgives (URL Standard, "special
// authority slashes state") but which is a slip of the fingers.
func typedSchemeTypo(s string, i, c, j int) (int, fault) {
	scheme := strings.ToLower(preprocess(s[i:c]))
	if special, ok := specialPort(scheme); ok && special != "" {
		k, slashes := c+1, 0
		for ; k < j && strings.IndexByte("/\\\t\n\r", s[k]) >= 0; k++ {
			if s[k] == '/' || s[k] == '\\' {
				slashes++
			}
		}
		if t := preprocess(s[c+1 : k]); t != "//" {
			return c + 1, fault{ErrScheme, "\"" + scheme + "://\" to start the address, not " + strconv.Quote(scheme+":"+t) +
				" (a browser reads it as \"" + scheme + "://\", but typed it is a typo; RFC 3986, Section 3)"}
		}
		return 0, noFault
	}
	if want := typedSchemeMeant(scheme); want != "" {
		return i, fault{ErrScheme, "a scheme a browser opens: " + strconv.Quote(scheme) + " is a typo of " + strconv.Quote(want) +
			" (RFC 3986, Section 3.1)"}
	}
	return 0, noFault
}

// typedColonTypo returns the offset in s of the missing ':' of typed input
// s[i:j] that reads as a suffix reference but starts with a scheme and no
// ':' ("https//example.com", "http;//example.com", "htps.//x"), and a
// fault naming it.
func typedColonTypo(s string, i, j int, defaultScheme string) (int, fault) {
	k := i
	for k < j && is(s[k], cAlpha) {
		k++
	}
	word := strings.ToLower(s[i:k])
	if _, special := specialPort(word); !special && word != strings.ToLower(defaultScheme) && typedSchemeMeant(word) == "" {
		return 0, noFault
	}
	m, punct := k, false
	if m < j && strings.IndexByte(";.,'", s[m]) >= 0 {
		m, punct = m+1, true
	}
	slashes := 0
	for m < j && (s[m] == '/' || s[m] == '\\') {
		m, slashes = m+1, slashes+1
	}
	if slashes == 0 || slashes == 1 && !punct {
		return 0, noFault
	}
	return k, fault{ErrScheme, "\"://\" after the scheme " + strconv.Quote(word) + ", not " + strconv.Quote(s[k:m]) +
		": " + strconv.Quote(s[i:m]) + " is \"" + word + "://\" mistyped (RFC 3986, Section 3)"}
}

// typedSchemeMeant returns "https" or "http" when scheme, in lower case,
// is one edit (an insertion, a deletion, a substitution or two letters
// swapped) from it and is not a scheme of DefaultSchemes or Finder's
// list; "" otherwise.
func typedSchemeMeant(scheme string) string {
	if _, known := DefaultPort(scheme); known || (Finder{}).numeric(scheme) {
		return ""
	}
	for _, r := range schemeRules {
		if r.name == scheme {
			return ""
		}
	}
	for _, want := range []string{"https", "http"} {
		if scheme != want && oneEdit(scheme, want) {
			return want
		}
	}
	return ""
}

// oneEdit reports whether a becomes b by one insertion, deletion or
// substitution of a byte, or by swapping two adjacent bytes.
func oneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	p := 0
	for p < len(a) && a[p] == b[p] {
		p++
	}
	if len(a) < len(b) {
		return a[p:] == b[p+1:]
	}
	return a[p+1:] == b[p+1:] ||
		p+1 < len(a) && a[p] == b[p+1] && a[p+1] == b[p] && a[p+2:] == b[p+2:]
}
