package uri

import "strings"

// Character classes of RFC 3986, one bit per ABNF rule, in one table indexed
// by byte. The classes are spelled out as strings below, exactly as the RFC
// defines them; classTable is computed from those strings and tested over
// all 256 bytes against independently written literals. Encoding sets (what
// a component may leave unencoded when building) are policy and live in
// percent.go; never edit a grammar class for convenience.
const (
	alphaChars      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" // RFC 5234, Appendix B.1
	digitChars      = "0123456789"                                           // RFC 5234, Appendix B.1
	hexdigChars     = digitChars + "ABCDEFabcdef"                            // RFC 5234, Appendix B.1 (case-insensitive)
	unreservedChars = alphaChars + digitChars + "-._~"                       // RFC 3986, Section 2.3
	genDelimChars   = ":/?#[]@"                                              // RFC 3986, Section 2.2
	subDelimChars   = "!$&'()*+,;="                                          // RFC 3986, Section 2.2
	schemeChars     = alphaChars + digitChars + "+-."                        // RFC 3986, Section 3.1
	userinfoChars   = unreservedChars + subDelimChars + ":"                  // RFC 3986, Section 3.2.1, + pct-encoded
	regNameChars    = unreservedChars + subDelimChars                        // RFC 3986, Section 3.2.2, + pct-encoded
	pcharChars      = unreservedChars + subDelimChars + ":@"                 // RFC 3986, Section 3.3, + pct-encoded
	pathChars       = pcharChars + "/"                                       // RFC 3986, Section 3.3
	queryChars      = pcharChars + "/?"                                      // RFC 3986, Sections 3.4 and 3.5 (fragment is the same)
	futureChars     = unreservedChars + subDelimChars + ":"                  // RFC 3986, Section 3.2.2, IPvFuture tail
)

// Class bits. cPct marks '%', the start of pct-encoded, which every component
// class except scheme and port admits.
const (
	cAlpha uint16 = 1 << iota
	cDigit
	cHex
	cUnreserved
	cSubDelim
	cGenDelim
	cScheme
	cUserinfo
	cRegName
	cPchar
	cPath
	cQuery
	cFuture
	cPct
)

var classTable = buildClassTable()

func buildClassTable() (t [256]uint16) {
	add := func(chars string, bit uint16) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bit
		}
	}
	add(alphaChars, cAlpha)
	add(digitChars, cDigit)
	add(hexdigChars, cHex)
	add(unreservedChars, cUnreserved)
	add(subDelimChars, cSubDelim)
	add(genDelimChars, cGenDelim)
	add(schemeChars, cScheme)
	add(userinfoChars+"%", cUserinfo)
	add(regNameChars+"%", cRegName)
	add(pcharChars+"%", cPchar)
	add(pathChars+"%", cPath)
	add(queryChars+"%", cQuery)
	add(futureChars, cFuture)
	add("%", cPct)
	return t
}

// is reports whether byte c belongs to class bit.
func is(c byte, bit uint16) bool { return classTable[c]&bit != 0 }

// Start rules of RFC 3986 that the parser can begin with.
type rule uint8

const (
	ruleReference rule = iota // URI-reference, RFC 3986, Section 4.1
	ruleURI                   // URI, RFC 3986, Section 3
	ruleAbsolute              // absolute-URI, RFC 3986, Section 4.3
	ruleRelative              // relative-ref, RFC 3986, Section 4.2
)

// Parse parses s as a URI-reference (RFC 3986, Section 4.1): either a URI
// with a scheme or a relative reference. It accepts exactly the strings that
// RFC 3986's grammar accepts and returns an *Error for any other, naming the
// first offending byte and the component it is in. It never decodes, changes
// case or otherwise alters the input: the components are substrings of s, and
// Parse(s).String() == s for every valid s. Parse does not allocate for
// valid input.
func Parse(s string) (URI, error) { return parse(s, ruleReference) }

// ParseURI parses s as a URI (RFC 3986, Section 3): the scheme is required
// and a fragment is allowed. Use it for identifiers that must stand on their
// own, such as a namespace name or a link target after resolution.
func ParseURI(s string) (URI, error) { return parse(s, ruleURI) }

// ParseAbsolute parses s as an absolute-URI (RFC 3986, Section 4.3): the
// scheme is required and a fragment is not allowed. This is the form a base
// URI takes before resolving references against it (RFC 3986, Section 5.1).
func ParseAbsolute(s string) (URI, error) { return parse(s, ruleAbsolute) }

// ParseRelative parses s as a relative-ref (RFC 3986, Section 4.2): a
// reference without a scheme. A colon in its first path segment is an error
// (ErrScheme), since it would read as a scheme delimiter; write "./a:b".
func ParseRelative(s string) (URI, error) { return parse(s, ruleRelative) }

// MustParse is like Parse but panics if s is not a URI-reference. It is
// meant for constants in programs and tests.
func MustParse(s string) URI {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// Valid reports whether s is a URI-reference (RFC 3986, Section 4.1). It
// accepts exactly what Parse accepts and never allocates.
func Valid(s string) bool {
	_, err := parse(s, ruleReference)
	return err == nil
}

// fail builds the error for the byte at offset i of s.
func fail(s string, i int, sentinel error, expected string) *Error {
	return &Error{Input: s, Offset: i, Err: sentinel, Expected: expected}
}

// parse is the top-level rule:
//
//	URI-reference = URI / relative-ref
//	URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//	relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
//	absolute-URI  = scheme ":" hier-part [ "?" query ]
//
// It reads forward only; every index is an absolute offset into s.
func parse(s string, r rule) (u URI, _ error) {
	// scheme ":"
	i := 0
	for i < len(s) && is(s[i], cScheme) {
		i++
	}
	if i < len(s) && s[i] == ':' {
		// Only scheme characters stand before this colon, so it is either
		// the scheme delimiter or a colon in the first segment of a
		// relative reference, which path-noscheme forbids. Either way a
		// valid input must have a well-formed scheme here.
		if i == 0 {
			return URI{}, fail(s, 0, ErrScheme, "scheme (a letter) before ':'")
		}
		if !is(s[0], cAlpha) {
			return URI{}, fail(s, 0, ErrScheme, "scheme starting with a letter (a relative reference cannot have ':' in its first segment)")
		}
		if r == ruleRelative {
			return URI{}, fail(s, i, ErrScheme, "no scheme in a relative reference (write \"./\" before a first segment with ':')")
		}
		u.Scheme = s[:i]
		i++
	} else {
		if r != ruleReference && r != ruleRelative {
			if i < len(s) && i > 0 && is(s[0], cAlpha) {
				return URI{}, fail(s, i, ErrScheme, "scheme character or ':'")
			}
			if i == len(s) && i > 0 && is(s[0], cAlpha) {
				return URI{}, fail(s, i, ErrScheme, "':' after the scheme")
			}
			return URI{}, fail(s, 0, ErrScheme, "scheme (a letter)")
		}
		i = 0
	}

	// hier-part / relative-part
	if strings.HasPrefix(s[i:], "//") {
		// "//" authority path-abempty
		var err *Error
		if i, err = parseAuthority(s, i+2, &u); err != nil {
			return URI{}, err
		}
	}
	// path-abempty / path-absolute / path-rootless / path-noscheme / path-empty
	start := i
	for i < len(s) && is(s[i], cPath) {
		if s[i] == '%' {
			if err := pctEncoded(s, i, ErrPath); err != nil {
				return URI{}, err
			}
			i += 2
		}
		i++
	}
	if i < len(s) && s[i] != '?' && s[i] != '#' {
		return URI{}, fail(s, i, ErrPath, "path character: pchar or '/'")
	}
	u.Path = s[start:i]
	if u.Scheme == "" && !u.HasAuthority {
		// path-noscheme: the first segment must not contain ':'.
		seg := u.Path
		if k := strings.IndexByte(seg, '/'); k >= 0 {
			seg = seg[:k]
		}
		if k := strings.IndexByte(seg, ':'); k >= 0 {
			return URI{}, fail(s, start+k, ErrPath, "no ':' in the first segment of a relative reference (write \"./\" before it)")
		}
	}

	// [ "?" query ]
	if i < len(s) && s[i] == '?' {
		i++
		start = i
		var err *Error
		if i, err = queryOrFragment(s, i, ErrQuery); err != nil {
			return URI{}, err
		}
		if i < len(s) && s[i] != '#' {
			return URI{}, fail(s, i, ErrQuery, "query character: pchar, '/' or '?'")
		}
		u.Query, u.HasQuery = s[start:i], true
	}

	// [ "#" fragment ]
	if i < len(s) {
		// s[i] == '#': every other byte was rejected above.
		if r == ruleAbsolute {
			return URI{}, fail(s, i, ErrFragment, "end of input (an absolute URI has no fragment)")
		}
		i++
		start = i
		var err *Error
		if i, err = queryOrFragment(s, i, ErrFragment); err != nil {
			return URI{}, err
		}
		if i < len(s) {
			return URI{}, fail(s, i, ErrFragment, "fragment character: pchar, '/' or '?'")
		}
		u.Fragment, u.HasFragment = s[start:], true
	}
	return u, nil
}

// queryOrFragment scans the rule shared by query and fragment from offset i
// and returns the offset of the first byte outside it:
//
//	query    = *( pchar / "/" / "?" )
//	fragment = *( pchar / "/" / "?" )
func queryOrFragment(s string, i int, sentinel error) (int, *Error) {
	for i < len(s) && is(s[i], cQuery) {
		if s[i] == '%' {
			if err := pctEncoded(s, i, sentinel); err != nil {
				return i, err
			}
			i += 2
		}
		i++
	}
	return i, nil
}

// pctEncoded checks the rule at offset i, where s[i] == '%':
//
//	pct-encoded = "%" HEXDIG HEXDIG
//
// The error's offset is the first byte that is not a hex digit, or len(s)
// if the input ends early.
func pctEncoded(s string, i int, sentinel error) *Error {
	const want = "two hex digits after '%' (RFC 3986, Section 2.1)"
	if i+1 >= len(s) || !is(s[i+1], cHex) {
		return fail(s, min(i+1, len(s)), sentinel, want)
	}
	if i+2 >= len(s) || !is(s[i+2], cHex) {
		return fail(s, min(i+2, len(s)), sentinel, want)
	}
	return nil
}

// parseAuthority parses the authority that starts at offset i (just after
// "//") into u and returns the offset just past it:
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//	userinfo  = *( unreserved / pct-encoded / sub-delims / ":" )
//	host      = IP-literal / IPv4address / reg-name
//
// The userinfo class contains the reg-name class and ":", so one scan reads
// either "userinfo@" or "reg-name:port"; the byte it stops at tells which.
func parseAuthority(s string, i int, u *URI) (int, *Error) {
	u.HasAuthority = true
	start := i
	for i < len(s) && is(s[i], cUserinfo) {
		if s[i] == '%' {
			if err := pctEncoded(s, i, ErrHost); err != nil {
				return i, authorityFault(s, start, i, err)
			}
			i += 2
		}
		i++
	}
	if i < len(s) && s[i] == '@' {
		// userinfo "@" host [ ":" port ]
		u.Userinfo, u.HasUserinfo = s[start:i], true
		i++
		if i < len(s) && s[i] == '[' {
			return ipLiteral(s, i, u)
		}
		start = i
		var err *Error
		if i, err = regName(s, i); err != nil {
			return i, err
		}
		u.Host = s[start:i]
		if i < len(s) && s[i] == ':' {
			return port(s, i+1, u)
		}
		return i, endOfAuthority(s, i, ErrHost, "reg-name character, ':' port, or end of authority ('/', '?', '#')")
	}
	if i == start && i < len(s) && s[i] == '[' {
		return ipLiteral(s, i, u)
	}
	if i < len(s) && s[i] != '/' && s[i] != '?' && s[i] != '#' {
		// A byte that ends neither the userinfo nor the authority.
		return i, authorityFault(s, start, i, fail(s, i, ErrHost, "reg-name character, ':' port, or end of authority ('/', '?', '#')"))
	}
	// reg-name [ ":" port ]: the scan may have read past the host into
	// the port, so split at the first ':'.
	if c := strings.IndexByte(s[start:i], ':'); c >= 0 {
		u.Host = s[start : start+c]
		return port(s, start+c+1, u)
	}
	u.Host = s[start:i]
	return i, nil
}

// regName scans a reg-name from offset i and returns the offset of the first
// byte outside it, checking its percent-encodings:
//
//	reg-name = *( unreserved / pct-encoded / sub-delims )
func regName(s string, i int) (int, *Error) {
	for i < len(s) && is(s[i], cRegName) {
		if s[i] == '%' {
			if err := pctEncoded(s, i, ErrHost); err != nil {
				return i, err
			}
			i += 2
		}
		i++
	}
	return i, nil
}

// authorityFault places a fault found at offset i of the authority that
// starts at start, before any '@', in the right component: the userinfo if
// an '@' follows, the port if a ':' came before, and the host otherwise.
// It runs only on the error path.
func authorityFault(s string, start, i int, err *Error) *Error {
	for k := i; k < len(s) && s[k] != '/' && s[k] != '?' && s[k] != '#'; k++ {
		if s[k] == '@' {
			err.Err = ErrUserinfo
			if err.Offset == i && s[i] != '%' {
				err.Expected = "userinfo character or '@'"
			}
			return err
		}
	}
	if c := strings.IndexByte(s[start:i], ':'); c >= 0 {
		var u URI
		_, perr := port(s, start+c+1, &u)
		return perr
	}
	return err
}

// endOfAuthority checks that offset i ends the authority: the end of input
// or one of '/', '?', '#'.
func endOfAuthority(s string, i int, sentinel error, expected string) *Error {
	if i < len(s) && s[i] != '/' && s[i] != '?' && s[i] != '#' {
		return fail(s, i, sentinel, expected)
	}
	return nil
}

// port parses the port that starts at offset i (just after ':'):
//
//	port = *DIGIT
func port(s string, i int, u *URI) (int, *Error) {
	start := i
	for i < len(s) && is(s[i], cDigit) {
		i++
	}
	u.Port, u.HasPort = s[start:i], true
	return i, endOfAuthority(s, i, ErrPort, "digit, or end of authority ('/', '?', '#')")
}

// ipLiteral parses the IP-literal that starts at offset i (s[i] == '[') and
// an optional port after it:
//
//	IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
func ipLiteral(s string, i int, u *URI) (int, *Error) {
	start := i
	i++
	var err *Error
	if i < len(s) && (s[i] == 'v' || s[i] == 'V') {
		i, err = ipvFuture(s, i)
	} else {
		i, err = ipv6Address(s, i)
	}
	if err != nil {
		return i, err
	}
	if i < len(s) && s[i] == '%' {
		return i, fail(s, i, ErrHost, zoneExpected)
	}
	if i >= len(s) || s[i] != ']' {
		return i, fail(s, i, ErrHost, "']' to close the IP-literal")
	}
	i++
	u.Host = s[start:i]
	if i < len(s) && s[i] == ':' {
		return port(s, i+1, u)
	}
	return i, endOfAuthority(s, i, ErrHost, "':' port, or end of authority ('/', '?', '#') after ']'")
}
