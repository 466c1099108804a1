package uri

import (
	"math/bits"
	"strings"
)

// stopTable is classTable turned around for parseFast's scans: bit b of
// stopTable[c] is set when byte c ends a run of class b, that is when c is
// outside class b, or is '%', which starts a pct-encoded triplet that is
// checked apart. It is computed from classTable and adds no class of its
// own; TestStopTable checks all 256 bytes for every class.
var stopTable = buildStopTable()

func buildStopTable() (t [256]uint16) {
	for c := range t {
		t[c] = ^classTable[c]
	}
	t['%'] = ^uint16(0)
	return t
}

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
func Parse(s string) (u URI, err error) { err = parseInto(s, ruleReference, &u); return }

// ParseURI parses s as a URI (RFC 3986, Section 3): the scheme is required
// and a fragment is allowed. Use it for identifiers that must stand on their
// own, such as a namespace name or a link target after resolution.
func ParseURI(s string) (u URI, err error) { err = parseInto(s, ruleURI, &u); return }

// ParseAbsolute parses s as an absolute-URI (RFC 3986, Section 4.3): the
// scheme is required and a fragment is not allowed. This is the form a base
// URI takes before resolving references against it (RFC 3986, Section 5.1).
func ParseAbsolute(s string) (u URI, err error) { err = parseInto(s, ruleAbsolute, &u); return }

// ParseRelative parses s as a relative-ref (RFC 3986, Section 4.2): a
// reference without a scheme. A colon in its first path segment is an error
// (ErrScheme), since it would read as a scheme delimiter; write "./a:b".
func ParseRelative(s string) (u URI, err error) { err = parseInto(s, ruleRelative, &u); return }

// MustParse is like Parse but panics if s is not a URI-reference (RFC 3986,
// Section 4.1). It is meant for constants in programs and tests.
func MustParse(s string) URI {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// Valid reports whether s is a URI-reference (RFC 3986, Section 4.1). It
// accepts exactly what Parse accepts and never allocates, not even for
// invalid input: it runs only Parse's fast path, which decides without
// building an error.
func Valid(s string) bool {
	var u URI
	return parseFast(s, ruleReference, &u)
}

// parseInto runs the start rule r on s into u, which must be zero, and
// turns a fault into an *Error, leaving u zero. The entry points above
// stay small enough to be inlined, so that the URI is built once, in the
// caller's variable, rather than built here and copied out.
func parseInto(s string, r rule, u *URI) error {
	if parseFast(s, r, u) {
		return nil
	}
	return parseError(s, r, u)
}

// parseError is parseInto once the fast path has failed: parseRules reads
// s again from the start, to find the offending byte and say what the
// grammar expected there.
func parseError(s string, r rule, u *URI) error {
	*u = URI{}
	if at, f := parseRules(s, r, u); f.err != nil {
		*u = URI{}
		return &Error{Input: s, Offset: at, Err: f.err, Expected: f.want}
	}
	return nil
}

// schemeEnd returns the length of the longest prefix of s that the scheme
// rule matches (RFC 3986, Section 3.1): 0 unless s starts with a letter,
// else the offset of the first byte after it that is not a scheme
// character. Every reader that looks for a scheme asks it.
//
//	scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
func schemeEnd(s string) int {
	if s == "" || !is(s[0], cAlpha) {
		return 0
	}
	j := 1
	for j < len(s) && is(s[j], cScheme) {
		j++
	}
	return j
}

// schemeFault reports the first byte of s that cannot continue a scheme
// (RFC 3986, Section 3.1): offset 0 unless s starts with a letter, else the
// first byte after it that is not a scheme character.
//
//	scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
func schemeFault(s, note string) (int, fault) {
	j := schemeEnd(s)
	want := "scheme: a letter, then letters, digits, '+', '-' or '.', then ':'"
	if j == 0 {
		want = "scheme: a letter"
	}
	return j, fault{ErrScheme, want + note}
}

// parse runs the start rule r on s into u, which must be zero: parseFast
// decides, and when it rejects s, parseRules reads s again to find the
// offending byte. On failure it returns that offset and the fault, and u
// holds garbage.
func parse(s string, r rule, u *URI) (at int, f fault) {
	if parseFast(s, r, u) {
		return 0, noFault
	}
	*u = URI{}
	return parseRules(s, r, u)
}

// parseFast is the fast path of parse: the grammar of parseRules below,
//
//	URI-reference = URI / relative-ref
//	URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//	relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
//	absolute-URI  = scheme ":" hier-part [ "?" query ]
//
// read forward once, with each component scanned by runOf, a loop that
// tests eight bytes per step against the class table and does not branch
// on which byte ended the run. It decides but does not explain: it returns
// true and fills u when s matches rule r, and false when it does not,
// leaving parseRules to find the offending byte and say what the grammar
// expected there. It accepts exactly what parseRules accepts, with the
// same u: FuzzParseFast checks both on every input.
func parseFast(s string, r rule, u *URI) bool {
	// [ scheme ":" ]
	i := 0
	n := runOf(s, 0, cScheme) // s[:n] holds no ':'
	if n > 0 && n < len(s) && s[n] == ':' && is(s[0], cAlpha) {
		if r == ruleRelative {
			return false
		}
		u.Scheme = s[:n]
		i = n + 1
	} else if r == ruleURI || r == ruleAbsolute {
		return false
	}

	// [ "//" authority ], authority = [ userinfo "@" ] host [ ":" port ]
	if i+1 < len(s) && s[i] == '/' && s[i+1] == '/' {
		i += 2
		u.HasAuthority = true
		h := runOf(s, i, cRegName)
		if h < len(s) && s[h] == '%' {
			if h = runPct(s, h, cRegName); h < 0 {
				return false
			}
		}
		if h < len(s) && (s[h] == '@' || s[h] == ':') {
			// userinfo "@": the userinfo class is the reg-name class and ':'.
			e := runOf(s, h, cUserinfo)
			if e < len(s) && s[e] == '%' {
				if e = runPct(s, e, cUserinfo); e < 0 {
					return false
				}
			}
			if e < len(s) && s[e] == '@' {
				u.Userinfo, u.HasUserinfo = s[i:e], true
				i = e + 1
				h = runOf(s, i, cRegName)
				if h < len(s) && s[h] == '%' {
					if h = runPct(s, h, cRegName); h < 0 {
						return false
					}
				}
			}
		}
		if h == i && h < len(s) && s[h] == '[' {
			// IP-literal. Neither form admits '%': a zone identifier
			// fails here, before ipLiteralHost would build the text
			// that explains it, so that Valid never allocates.
			for k := h + 1; k < len(s) && s[k] != ']'; k++ {
				if s[k] == '%' {
					return false
				}
			}
			e, f := ipLiteralHost(s, h)
			if f.err != nil {
				return false
			}
			h = e
		}
		u.Host = s[i:h]
		if h < len(s) && s[h] == ':' {
			p := runOf(s, h+1, cDigit)
			u.Port, u.HasPort = s[h+1:p], true
			h = p
		}
		if h < len(s) && s[h] != '/' && s[h] != '?' && s[h] != '#' {
			return false
		}
		i = h
	}

	// path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
	start := i
	i = runOf(s, i, cPath)
	if i < len(s) && s[i] == '%' {
		if i = runPct(s, i, cPath); i < 0 {
			return false
		}
	}
	u.Path = s[start:i]
	if !u.HasAuthority && u.Scheme == "" {
		// path-noscheme: no ':' in the first segment.
		for k := n; k < i && s[k] != '/'; k++ {
			if s[k] == ':' {
				return false
			}
		}
	}
	if i == len(s) {
		return true
	}

	// [ "?" query ]
	if s[i] == '?' {
		start = i + 1
		if i = queryEnd(s, start); i < 0 {
			return false
		}
		u.Query, u.HasQuery = s[start:i], true
		if i == len(s) {
			return true
		}
	}

	// [ "#" fragment ]
	if s[i] != '#' || r == ruleAbsolute {
		return false
	}
	start = i + 1
	if queryEnd(s, start) != len(s) {
		return false
	}
	u.Fragment, u.HasFragment = s[start:], true
	return true
}

// queryEnd returns the offset where the query or fragment that starts at
// offset i of s ends, or -1 if a '%' in it does not start a triplet:
//
//	query    = *( pchar / "/" / "?" )
//	fragment = *( pchar / "/" / "?" )
//
// (RFC 3986, Sections 3.4 and 3.5). It is a call of its own, not inlined
// as the runs of the host and path are: most URIs have neither.
func queryEnd(s string, i int) int {
	return runPct(s, runOf(s, i, cQuery), cQuery)
}

// runOf returns the offset of the first byte at or after offset i of s
// (0 <= i <= len(s)) that ends a run of class bit: a byte outside the
// class, or '%', or len(s) if there is none. It reads s eight bytes at a
// time through runStop as a word of eight lanes, one per byte, lane k
// being 1 when byte k ends the run, with one branch per block: the first
// set lane of the first nonzero word is the end of the run. The last
// block, which ends at the end of s and may overlap the one before, is
// read the same way with the bytes already read shifted out: no loop over
// the last bytes, whose count depends on the data. Fewer branches that
// depend on the data are fewer mispredicted ones on traffic, where the
// CPU has not seen the URL before (issue #31). Strings shorter than eight
// bytes are read one byte at a time.
func runOf(s string, i int, bit uint16) int {
	r := &runStop[bits.TrailingZeros16(bit)&15]
	o := len(s) - 8
	if o < 0 {
		for ; uint(i) < uint(len(s)) && r[s[i]] == 0; i++ {
		}
		return i
	}
	for ; uint(i) <= uint(o); i += 8 {
		w := s[i : i+8]
		m := uint64(r[w[0]]) | uint64(r[w[1]])<<8 | uint64(r[w[2]])<<16 | uint64(r[w[3]])<<24 |
			uint64(r[w[4]])<<32 | uint64(r[w[5]])<<40 | uint64(r[w[6]])<<48 | uint64(r[w[7]])<<56
		if m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	w := s[o : o+8]
	m := uint64(r[w[0]]) | uint64(r[w[1]])<<8 | uint64(r[w[2]])<<16 | uint64(r[w[3]])<<24 |
		uint64(r[w[4]])<<32 | uint64(r[w[5]])<<40 | uint64(r[w[6]])<<48 | uint64(r[w[7]])<<56
	m >>= 8 * uint(i-o)
	return min(i+bits.TrailingZeros64(m)>>3, len(s))
}

// runStop is stopTable by class, one byte per entry for runOf's word of
// lanes: runStop[b][c] is 1 when byte c ends a run of class 1<<b (when
// stopTable[c] has bit 1<<b), else 0. It is computed from stopTable and
// adds no class of its own; TestStopTable checks it.
var runStop = buildRunStop()

func buildRunStop() (t [16][256]uint8) {
	for b := range t {
		for c := range t[b] {
			t[b][c] = uint8(stopTable[c] >> b & 1)
		}
	}
	return t
}

// runPct continues a run of class bit, a class that admits pct-encoded,
// from offset i, where runOf stopped: past each '%' that starts a triplet
// (RFC 3986, Section 2.1), and the run after it. It returns the offset
// where the run ends, or -1 if a '%' does not start a triplet.
func runPct(s string, i int, bit uint16) int {
	for i < len(s) && s[i] == '%' {
		if badTriplet(s, i) >= 0 {
			return -1
		}
		i = runOf(s, i+3, bit)
	}
	return i
}

// allOf reports whether s is all of class bit, a class that admits
// pct-encoded, with each '%' the start of a triplet: runOf and runPct
// over the whole string.
func allOf(s string, bit uint16) bool {
	return runPct(s, runOf(s, 0, bit), bit) == len(s)
}

// parseRules is the top-level rule:
//
//	URI-reference = URI / relative-ref
//	URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//	relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
//	absolute-URI  = scheme ":" hier-part [ "?" query ]
//
// It fills u, which must be zero, and reads forward only; every index is an
// absolute offset into s. On failure it returns the offset of the offending
// byte and the fault, and u holds garbage.
func parseRules(s string, r rule, u *URI) (at int, f fault) {
	// scheme ":"
	i := schemeEnd(s)
	if i > 0 && i < len(s) && s[i] == ':' {
		if r == ruleRelative {
			return i, fault{ErrScheme, "no scheme in a relative reference (write \"./\" before a first segment with ':')"}
		}
		u.Scheme = s[:i]
		i++
	} else {
		if r == ruleURI || r == ruleAbsolute {
			at, f = schemeFault(s, "")
			return at, f
		}
		i = 0
	}

	// hier-part / relative-part
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		// "//" authority path-abempty
		if i, f = parseAuthority(s, i+2, u); f.err != nil {
			return i, f
		}
	}

	// path-abempty / path-absolute / path-rootless / path-noscheme / path-empty
	start := i
	if i, f = span(s, i, cPath, ErrPath); f.err != nil {
		return i, f
	}
	if i < len(s) && s[i] != '?' && s[i] != '#' {
		return i, fault{ErrPath, "path character: pchar or '/'"}
	}
	u.Path = s[start:i]
	if u.Scheme == "" && !u.HasAuthority {
		// path-noscheme: a ':' in the first segment would read as the end
		// of a scheme, so the writer most likely meant one: report the
		// first byte that cannot be part of it.
		for k := 0; k < i && s[k] != '/'; k++ {
			if s[k] == ':' {
				at, f = schemeFault(s, " (a relative reference cannot have ':' in its first segment; write \"./\" before it)")
				return at, f
			}
		}
	}

	// [ "?" query ]
	if i < len(s) && s[i] == '?' {
		start = i + 1
		if i, f = span(s, start, cQuery, ErrQuery); f.err != nil {
			return i, f
		}
		if i < len(s) && s[i] != '#' {
			return i, fault{ErrQuery, "query character: pchar, '/' or '?'"}
		}
		u.Query, u.HasQuery = s[start:i], true
	}

	// [ "#" fragment ]
	if i < len(s) {
		// s[i] == '#': every other byte was rejected above.
		if r == ruleAbsolute {
			return i, fault{ErrFragment, "end of input (an absolute URI has no fragment)"}
		}
		start = i + 1
		if i, f = span(s, start, cQuery, ErrFragment); f.err != nil {
			return i, f
		}
		if i < len(s) {
			return i, fault{ErrFragment, "fragment character: pchar, '/' or '?'"}
		}
		u.Fragment, u.HasFragment = s[start:], true
	}
	return 0, noFault
}

// span scans from offset i the bytes of class bit, a class that admits
// pct-encoded, and returns the offset of the first byte outside it. It
// serves the rules that are a repetition of characters and pct-encoded:
//
//	userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
//	reg-name = *( unreserved / pct-encoded / sub-delims )
//	path     = *( pchar / "/" )  (the characters of every path rule)
//	query    = *( pchar / "/" / "?" )
//	fragment = *( pchar / "/" / "?" )
//
// A malformed pct-encoded fails with the sentinel.
func span(s string, i int, bit uint16, sentinel error) (int, fault) {
	// The tight loop stops at '%' as well as at bytes outside the class,
	// as runOf's lanes do: one byte of runStop per octet, and one branch
	// for four of them.
	r := &runStop[bits.TrailingZeros16(bit)&15]
	for {
		// Four bytes per round while they last, then one at a time.
		for i+4 <= len(s) && r[s[i]]|r[s[i+1]]|r[s[i+2]]|r[s[i+3]] == 0 {
			i += 4
		}
		for i < len(s) && r[s[i]] == 0 {
			i++
		}
		if i >= len(s) || s[i] != '%' {
			return i, noFault
		}
		if j := badTriplet(s, i); j >= 0 {
			return j, fault{sentinel, wantTriplet}
		}
		i += 3
	}
}

// wantTriplet is what the grammar expects after a '%'.
const wantTriplet = "two hex digits after '%' (RFC 3986, Section 2.1)"

// badTriplet checks the rule at offset i of s, where s[i] == '%':
//
//	pct-encoded = "%" HEXDIG HEXDIG
//
// It returns -1, or the offset of the first byte that is not a hex digit
// (len(s) if s ends first), which is where errors point (RFC 3986,
// Section 2.1).
func badTriplet(s string, i int) int {
	switch {
	case i+1 >= len(s) || !is(s[i+1], cHex):
		return min(i+1, len(s))
	case i+2 >= len(s) || !is(s[i+2], cHex):
		return min(i+2, len(s))
	}
	return -1
}

// endOfAuthority is the fault, if any, at offset i, which must end the
// authority: the end of input or one of '/', '?', '#'.
func endOfAuthority(s string, i int, sentinel error, want string) (int, fault) {
	if i < len(s) && s[i] != '/' && s[i] != '?' && s[i] != '#' {
		return i, fault{sentinel, want}
	}
	return i, noFault
}

const wantHostEnd = "reg-name character, ':' port, or end of authority ('/', '?', '#')"

// parseAuthority parses the authority that starts at offset i (just after
// "//") into u and returns the offset just past it:
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//	host      = IP-literal / IPv4address / reg-name
//
// The userinfo class contains the reg-name class and ":", so one scan reads
// either "userinfo@" or "reg-name:port"; the byte it stops at tells which.
func parseAuthority(s string, i int, u *URI) (int, fault) {
	u.HasAuthority = true
	start := i
	i, f := span(s, i, cUserinfo, ErrHost)
	if f.err != nil {
		return authorityFault(s, start, i, f)
	}
	if i < len(s) && s[i] == '@' {
		// userinfo "@" host [ ":" port ]
		u.Userinfo, u.HasUserinfo = s[start:i], true
		i++
		if i < len(s) && s[i] == '[' {
			return ipLiteral(s, i, u)
		}
		start = i
		if i, f = span(s, i, cRegName, ErrHost); f.err != nil {
			return i, f
		}
		u.Host = s[start:i]
		if i < len(s) && s[i] == ':' {
			return port(s, i+1, u)
		}
		return endOfAuthority(s, i, ErrHost, wantHostEnd)
	}
	if i == start && i < len(s) && s[i] == '[' {
		return ipLiteral(s, i, u)
	}
	if i < len(s) && s[i] != '/' && s[i] != '?' && s[i] != '#' {
		// A byte that ends neither the userinfo nor the authority.
		return authorityFault(s, start, i, fault{ErrHost, wantHostEnd})
	}
	// reg-name [ ":" port ]: the scan may have read past the host into
	// the port, so split at the first ':'.
	if c := strings.IndexByte(s[start:i], ':'); c >= 0 {
		u.Host = s[start : start+c]
		return port(s, start+c+1, u)
	}
	u.Host = s[start:i]
	return i, noFault
}

// authorityFault places a fault found at offset i of the authority that
// starts at start, before any '@', in the right component: the userinfo if
// an '@' follows, the port if a ':' came before, and the host otherwise.
// It runs only on the error path.
func authorityFault(s string, start, i int, f fault) (int, fault) {
	for k := i; k < len(s) && s[k] != '/' && s[k] != '?' && s[k] != '#'; k++ {
		if s[k] == '@' {
			f.err = ErrUserinfo
			if f.want == wantHostEnd {
				f.want = "userinfo character or '@'"
			}
			return i, f
		}
	}
	if c := strings.IndexByte(s[start:i], ':'); c >= 0 {
		var u URI
		return port(s, start+c+1, &u)
	}
	return i, f
}

// port parses the port that starts at offset i (just after ':'):
//
//	port = *DIGIT
func port(s string, i int, u *URI) (int, fault) {
	start := i
	for i < len(s) && is(s[i], cDigit) {
		i++
	}
	u.Port, u.HasPort = s[start:i], true
	return endOfAuthority(s, i, ErrPort, "digit, or end of authority ('/', '?', '#')")
}

// ipLiteral parses the IP-literal that starts at offset i (s[i] == '[') and
// an optional port after it, as the end of an authority.
func ipLiteral(s string, i int, u *URI) (int, fault) {
	start := i
	i, f := ipLiteralHost(s, i)
	if f.err != nil {
		return i, f
	}
	u.Host = s[start:i]
	if i < len(s) && s[i] == ':' {
		return port(s, i+1, u)
	}
	return endOfAuthority(s, i, ErrHost, "':' port, or end of authority ('/', '?', '#') after ']'")
}

// ipLiteralHost parses the rule below from offset i (s[i] == '[') and
// returns the offset just past its ']':
//
//	IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
func ipLiteralHost(s string, i int) (int, fault) {
	i++
	var f fault
	if i < len(s) && (s[i] == 'v' || s[i] == 'V') {
		i, f = ipvFuture(s, i)
	} else if i, f = ipv6Address(s, i); f.err == nil && i < len(s) && s[i] == '%' {
		f = zoneFault(s, i)
	}
	if f.err != nil {
		return i, f
	}
	if i >= len(s) || s[i] != ']' {
		return i, fault{ErrHost, "']' to close the IP-literal"}
	}
	return i + 1, noFault
}
