package uri

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Configured origins: the trusted origins of a CORS policy, a CSRF check
// or a WebSocket handshake, matched against the Origin header a browser
// sends.

// ErrOrigin reports a configured origin or origin pattern that
// ParseOriginSet refuses: one that no browser ever sends in an Origin
// header as written (HTML Standard, "serialization of an origin"), or a
// wildcard that covers more than the pattern seems to say.
var ErrOrigin = errors.New("uri: not an origin as browsers send it")

// OriginSet is a set of trusted origins and origin patterns read by
// ParseOriginSet, matched against the value of an Origin header (Fetch
// Standard, "`Origin` header"; HTML Standard, "serialization of an
// origin") by Allows. It is immutable and safe for concurrent use.
type OriginSet struct {
	any   bool                // the pattern "*"
	exact map[string]struct{} // origins, as sent
	// wild maps the text that follows "*." in a pattern, port included
	// ("example.com:8443"), to the schemes it is written with
	wild map[string]schemeBits
	// exactLen and wildLen hold the lengths of the keys of exact and wild,
	// so that most misses cost no map lookup
	exactLen, wildLen lengths
}

// lengths is a set of string lengths; those of 256 and more are all in it.
type lengths [4]uint64

func (l *lengths) add(n int) {
	if n < 256 {
		l[n>>6] |= 1 << (n & 63)
	}
}

func (l *lengths) has(n int) bool { return n >= 256 || l[n>>6]&(1<<(n&63)) != 0 }

// schemeBits is a set of the schemes of origins that browsers send.
type schemeBits uint8

// originScheme returns the bit of a scheme that the Origin header may
// carry, http or https, and 0 for any other text.
func originScheme(s string) schemeBits {
	switch s {
	case "http":
		return 1
	case "https":
		return 2
	}
	return 0
}

// ParseOriginSet reads patterns, the trusted origins of a configuration,
// into a set that Allows matches the Origin header against. Each pattern
// is written exactly as a browser sends the origin in an Origin header
// (HTML Standard, "serialization of an origin"; the ASCII serialization
// that WebParser.Origin returns): scheme "://" host, then ":" port when it
// is not the scheme's default, for http and https, the schemes of the
// pages that browsers send an Origin for (a WebSocket handshake carries
// the page's origin, never a ws: or wss: one). Nothing is canonicalized, since a
// pattern that differs from what browsers send never matches it and a
// silent rewrite hides the mistake; each of these is refused with an
// error wrapping ErrOrigin whose Expected gives the text to write instead
// and whose Offset is the first octet that differs from it:
//
//   - uppercase ("https://EXAMPLE.com": browsers lowercase scheme and host);
//   - a default port ("https://example.com:443") or a port with leading zeros;
//   - a path, even "/", a query or a fragment ("https://example.com/");
//   - userinfo ("https://user:pass@example.com"); the message masks the password;
//   - a Unicode or percent-encoded host ("https://bücher.example": browsers
//     send "https://xn--bcher-kva.example");
//   - an IP address in another than its serialized form ("http://127.1",
//     "http://[0:0::1]"), or an IPv6 zone;
//   - a scheme whose URLs have an opaque origin ("file:", "chrome-extension:"),
//     sent as "null", and ws:, wss: and ftp:, whose origins no page has.
//
// "null" is refused: every sandboxed document, data: URL and file: page
// sends it, so trusting it trusts any page that chooses to. "*" allows
// every origin a browser can send but "null", and must be the only
// pattern. A wildcard "*." may start the host, standing for one or more
// whole labels, so "https://*.example.com" allows "https://a.example.com"
// and "https://a.b.example.com" but not "https://example.com",
// "https://evil-example.com" or "https://a.example.com.evil.com"; a '*'
// anywhere else ("https://*example.com", "https://a.*.example.com",
// "https://example.*", "http*://example.com") is refused, though the URL
// parser allows '*' in a host, since no host a browser reaches has one
// (RFC 1123, Section 2.1) and a '*' there is a wildcard written wrongly;
// so is a
// wildcard over an IP address or a name that ends in a number. When list
// is not nil, a wildcard over a public suffix of list ("https://*.com",
// "https://*.co.uk", "https://*.github.io", and "https://*.kobe.jp",
// whose every label below is a suffix) is refused: it allows sites of
// every owner. A wildcard allows the hosts below the registrable domain
// it names, all of one site.
func ParseOriginSet(patterns []string, list SuffixList) (*OriginSet, error) {
	s := &OriginSet{exact: make(map[string]struct{}), wild: make(map[string]schemeBits)}
	for i, p := range patterns {
		if p == "*" {
			if len(patterns) != 1 {
				return nil, &Error{Input: p, Err: ErrOrigin, Expected: "\"*\" as the only pattern (it allows every origin but \"null\"), pattern " + strconv.Itoa(i) + " of " + strconv.Itoa(len(patterns))}
			}
			s.any = true
			continue
		}
		if err := s.add(p, list); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// add reads one pattern into s.
func (s *OriginSet) add(p string, list SuffixList) error {
	fail := func(at int, want string) error {
		return &Error{Input: p, Offset: at, Err: ErrOrigin, Expected: want}
	}
	if p == "null" {
		return fail(0, "an origin, not \"null\": every sandboxed page, data: URL and file: page sends \"null\", so trusting it trusts any page")
	}
	if i := strings.IndexByte(p, '*'); i >= 0 && !strings.HasPrefix(p[i:], "*.") || strings.Count(p, "*") > 1 {
		if j := strings.LastIndexByte(p, '*'); j != i {
			i = j
		}
		return fail(i, "a wildcard only as \"*.\" at the start of the host, standing for whole labels (\"https://*.example.com\")")
	}
	c, err := WebParser{}.Origin(p)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return fail(e.Offset, "an origin that the URL parser reads: "+e.Expected)
		}
		return fail(0, "an origin that the URL parser reads")
	}
	if c == "null" {
		return fail(0, "an http or https origin: the other schemes' URLs have an opaque origin, which browsers send as \"null\" (URL Standard, \"Origin\")")
	}
	if c != p {
		return fail(originDiff(p, c))
	}
	scheme, hostPort, _ := strings.Cut(c, "://")
	if originScheme(scheme) == 0 {
		return fail(0, "an http or https origin: browsers send the origin of the page that makes the request, never a "+scheme+": one (a WebSocket handshake's Origin is the page's http or https origin)")
	}
	star := strings.IndexByte(hostPort, '*')
	if star < 0 {
		s.exact[c] = struct{}{}
		s.exactLen.add(len(c))
		return nil
	}
	if star != 0 {
		return fail(len(scheme)+3+star, "a wildcard only as \"*.\" at the start of the host, standing for whole labels (\"https://*.example.com\")")
	}
	rest := hostPort[2:]
	host := rest
	if i := strings.LastIndexByte(rest, ':'); i >= 0 {
		host = rest[:i]
	}
	at := len(scheme) + 5 // the host after "*."
	name := strings.TrimSuffix(host, ".")
	if name == "" || name[0] == '.' || strings.Contains(name, "..") {
		return fail(at, "a domain after \"*.\", without an empty label")
	}
	if host[0] == '[' || endsInNumber(host) {
		return fail(at, "a domain after \"*.\": a wildcard label before an IP address or a name that ends in a number makes no domain")
	}
	if list != nil {
		// every host the wildcard matches must have rest's registrable
		// domain: "*.kobe.jp" is refused too, each "x.kobe.jp" being a
		// public suffix (the label "*" is one no rule names)
		r, err := registrable(name, name, list)
		if err == nil {
			var r2 string
			r2, err = registrable("*."+name, "*."+name, list)
			if err == nil && r2 != r {
				err = ErrSite
			}
		}
		if err != nil {
			return fail(at, "a wildcard over a registrable domain (\"https://*.example.co.uk\"), not over "+strconv.Quote(name)+", a public suffix that allows sites of every owner (HTML Standard, \"registrable domain\")")
		}
	}
	s.wild[rest] |= originScheme(scheme)
	s.wildLen.add(len(rest))
	return nil
}

// originDiff returns where p, an origin pattern, first differs from c,
// its serialization, and what to write instead.
func originDiff(p, c string) (int, string) {
	i := 0
	for i < len(p) && i < len(c) && p[i] == c[i] {
		i++
	}
	why := ""
	sep := strings.Index(p, "://")
	auth := p
	if sep >= 0 {
		auth = p[sep+3:]
	}
	if k := strings.IndexAny(auth, "/?#\\"); k >= 0 {
		auth = auth[:k]
	}
	switch at := strings.LastIndexByte(auth, '@'); {
	case at >= 0 && sep >= 0:
		i, why = sep+3, "no userinfo: browsers never send one"
	case i < len(p) && p[i] <= ' ':
		why = "no space or control character: browsers send none"
	case i < len(p) && 'A' <= p[i] && p[i] <= 'Z':
		why = "lowercase: browsers lowercase the scheme and the host"
	case i == len(c) && i < len(p) && p[i] == ':':
		why = "no port: browsers leave out the scheme's default port"
	case i >= len(c) || i < len(p) && (p[i] == '/' || p[i] == '?' || p[i] == '#' || p[i] == '\\'):
		why = "no path, query or fragment: an origin is scheme, host and port"
	case strings.ContainsRune(auth, utf8.RuneError) || !isASCII(auth) || strings.Contains(auth, "%"):
		why = "the host's ASCII form, which browsers send (URL Standard, \"IDNA\")"
	case i > 0 && c[i-1] == ':' || i < len(p) && p[i] == ':':
		why = "the port in its shortest form"
	default:
		why = "the host as the host serializer writes it"
	}
	return i, strconv.Quote(c) + " (HTML Standard, \"serialization of an origin\"): " + why
}

// Allows reports whether origin, the value of an Origin header as sent,
// is in the set: equal to one of its origins, or matching one of its
// wildcard patterns, "*." standing for one or more labels that the host
// parser leaves as they are (no uppercase, no percent-encoding, no
// non-ASCII, not empty). Only text that is exactly a browser's
// serialization of an origin can match (HTML Standard, "serialization of
// an origin"): "https://Example.com", "https://example.com/",
// "https://example.com:443", " https://example.com" and
// "https://example.com." do not match "https://example.com"; "null"
// matches nothing. It does not allocate, except for the set "*", which
// reads origin with the URL parser.
func (s *OriginSet) Allows(origin string) bool {
	if s.any {
		c, err := WebParser{}.Origin(origin)
		return err == nil && c == origin && c != "null"
	}
	if s.exactLen.has(len(origin)) {
		if _, ok := s.exact[origin]; ok {
			return true
		}
	}
	if len(s.wild) == 0 {
		return false
	}
	i := strings.Index(origin, "://")
	if i < 0 {
		return false
	}
	bit := originScheme(origin[:i])
	if bit == 0 {
		return false
	}
	host := origin[i+3:]
	for k := 0; ; {
		d := strings.IndexByte(host[k:], '.')
		if d < 0 {
			return false
		}
		j := k + d
		if rest := host[j+1:]; s.wildLen.has(len(rest)) {
			if b, ok := s.wild[rest]; ok && b&bit != 0 {
				// a longer prefix, for a shorter rest, holds this one
				return wildLabels(host[:j])
			}
		}
		k = j + 1
	}
}

// wildLabels reports whether s, the text that "*" stands for in a
// wildcard pattern, is one or more labels that the host parser leaves as
// they are: not empty, and without uppercase letters, '%', non-ASCII,
// controls, spaces or forbidden host code points (URL Standard, "host
// parsing").
func wildLabels(s string) bool {
	label := 0
	for j := 0; j < len(s); j++ {
		c := s[j]
		if c == '.' {
			if j == label {
				return false
			}
			label = j + 1
			continue
		}
		if c <= ' ' || c >= 0x7f || 'A' <= c && c <= 'Z' || c == '%' || isForbiddenHost(c) {
			return false
		}
	}
	return label < len(s)
}
