package uri

import (
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Level is a rung of the comparison ladder of RFC 3986, Section 6.2. Each
// rung does everything the rungs below it do, so two URIs equivalent at one
// level are equivalent at every higher level. Normalize, Equivalent and Key
// take a Level; a value above SchemeBased acts as SchemeBased.
//
// The ladder's fourth rung, protocol-based normalization
// (RFC 3986, Section 6.2.4), such as treating "/data" and "/data/" alike
// after seeing a redirect, needs to access the resources and is left to the
// application.
type Level uint8

const (
	// SimpleString is simple string comparison (RFC 3986, Section 6.2.1): two
	// URIs are equivalent when their text is identical, which for URI values
	// is ==. Normalize(SimpleString) returns its receiver.
	SimpleString Level = iota

	// SyntaxBased is syntax-based normalization (RFC 3986, Section 6.2.2),
	// which holds for every scheme:
	//
	//   - case (RFC 3986, Section 6.2.2.1): the scheme and the host are
	//     lowercased, an IP literal's hex digits too, and the hex digits of
	//     every pct-encoded triplet are uppercased ("%3a" -> "%3A");
	//   - percent-encoding (RFC 3986, Section 6.2.2.2): triplets that encode
	//     an unreserved character (ALPHA, DIGIT, "-", ".", "_", "~") are
	//     decoded in every component ("%7E" -> "~"); triplets that encode
	//     anything else, reserved characters above all ("%2F", "%3F", "%40",
	//     "%3A", ...), are never decoded, since that would change what the
	//     URI means (RFC 3986, Section 2.2);
	//   - path segments (RFC 3986, Section 6.2.2.3): remove_dot_segments
	//     (RFC 3986, Section 5.2.4) is applied to the path of a URI with a
	//     scheme.
	//
	// The steps run in that order on each component, so a host "%41" decodes
	// to "A" and is then lowercased to "a", and Normalize is idempotent.
	// Percent-encoding normalization comes before dot-segment removal, so
	// "%2E" (an unreserved ".") counts as a dot: "http://a/b/%2E%2E/c"
	// normalizes to "http://a/c". That is what RFC 3986 prescribes, and it
	// matters to a proxy or cache that compares normalized URIs on behalf of
	// a back end that does not normalize: the two see different paths. An
	// access rule written for "/c" matches the request "/b/%2E%2E/c", which
	// the back end may read as a segment named "%2E%2E" under "/b" (another
	// resource) or, if it decodes before splitting, as ".." (the traversal
	// the rule was meant to stop). Forward the normalized URI, or compare raw
	// ones.
	//
	// For the same reason resolution and normalization do not commute.
	// remove_dot_segments (RFC 3986, Section 5.2.4), which Resolve applies,
	// only knows literal dots, so resolving "http://x/a/%2E%2E/../b" gives
	// "http://x/a/b" (the ".." removes the segment "%2E%2E"), whereas
	// normalizing it gives "http://x/b". Normalize after resolving.
	//
	// A relative reference (no scheme) keeps its dot segments: they are
	// meaningful until the reference is resolved (RFC 3986, Section 5.2), and
	// RFC 3986, Section 6.1 says to resolve references before comparing them.
	// The case and percent-encoding rules still apply.
	SyntaxBased

	// SchemeBased adds scheme-based normalization (RFC 3986, Section 6.2.3)
	// to SyntaxBased:
	//
	//   - an empty port and its ":" are dropped for every scheme
	//     ("http://a:/" -> "http://a/"; RFC 3986, Section 3.2.3);
	//   - a port is a decimal number (RFC 3986, Section 3.2.3), so its
	//     leading zeros are dropped for every scheme ("http://a:08080/" ->
	//     "http://a:8080/", "s://a:000/" -> "s://a:0/"), as they are before
	//     it is compared with a default port ("http://a:080/" -> "http://a/");
	//   - the rest follows the scheme's SchemeRule (see DefaultSchemes): a
	//     default port is dropped ("http://a:80/" -> "http://a/"), an empty
	//     path after an authority becomes "/" where the scheme says so, a
	//     default host becomes empty ("file://localhost/x" -> "file:///x"),
	//     and parts the scheme defines as case-insensitive are lowercased
	//     ("mailto:Joe@Example.COM" -> "mailto:Joe@example.com").
	//
	// Delimiters of empty components stay: "http://a/?" is not "http://a/",
	// and the fragment is never touched (RFC 3986, Section 6.2.3).
	SchemeBased
)

var levelNames = [...]string{"SimpleString", "SyntaxBased", "SchemeBased"}

// String returns the constant's name, such as "SyntaxBased", for the rung of
// RFC 3986, Section 6.2 it stands for.
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "Level(" + strconv.Itoa(int(l)) + ")"
}

// section is the section of RFC 3986 that defines the rung.
func (l Level) section() string {
	switch min(l, SchemeBased) {
	case SimpleString:
		return "RFC 3986, Section 6.2.1"
	case SyntaxBased:
		return "RFC 3986, Section 6.2.2"
	}
	return "RFC 3986, Section 6.2.3"
}

// SchemeRule is what scheme-based normalization (RFC 3986, Section 6.2.3)
// knows about one scheme: facts its specification states. The zero SchemeRule
// knows nothing, and then SchemeBased only drops an empty port.
type SchemeRule struct {
	// DefaultPort is the port the scheme implies when none is given; a port
	// with the same value ("80", "080") is dropped with its ":"
	// (RFC 3986, Section 3.2.3). 0 means the scheme has no default port.
	DefaultPort uint16

	// EmptyPathIsRoot says that, after an authority, an empty path means the
	// same as "/", so "http://a" becomes "http://a/" (RFC 3986, Section 6.2.3
	// calls this the general case; it applies only to schemes whose rule says
	// so).
	EmptyPathIsRoot bool

	// DefaultHost is a lowercase host that means the same as an empty host,
	// such as "localhost" for file URIs. When the host equals it and there is
	// neither userinfo nor port, the host becomes empty, as
	// RFC 3986, Section 6.2.3 says: "the reference should be normalized to an
	// empty authority". "" means the scheme has none.
	DefaultHost string

	// FoldPath, if not nil, finds the parts of the path that the scheme
	// defines as case-insensitive (RFC 3986, Section 6.2.3, such as the
	// domains of a mailto URI), one at a time: given the normalized path and
	// an offset i, it returns the next such part as the byte range [start,
	// end) with i <= start < end <= len(path), or start < 0 when there are no
	// more. Normalize lowercases the ASCII letters of each part, except the
	// hex digits of pct-encoded triplets, and asks again from end. The
	// function must be deterministic and must not retain path; the bytes
	// before i may have been lowercased since the previous call. It runs only
	// at SchemeBased, after dot-segment removal.
	FoldPath func(path string, i int) (start, end int)
}

// Normalizer normalizes and compares URIs with a given set of scheme rules
// (RFC 3986, Section 6.2.3). Its zero value knows no scheme; the methods on
// URI and the package-level functions use a Normalizer with the rules of
// DefaultSchemes. A Normalizer is a value that is never modified by this
// package; share it freely, but do not modify its map while it is in use.
type Normalizer struct {
	// Schemes maps a lowercase scheme name (RFC 3986, Section 3.1) to its
	// rule. A name that is not lowercase never matches.
	Schemes map[string]SchemeRule

	// IDNA converts an internationalized host name to its ASCII form at
	// SchemeBased, as a resolver does before it asks the DNS (RFC 3987,
	// Section 3.1; RFC 3986, Section 3.2.2): for a reg-name whose
	// percent-encoded octets decode to UTF-8 text with a non-ASCII
	// character, IDNA gets that decoded text and returns its ASCII form.
	// The result replaces the host, lowercased, when it is a valid ASCII
	// reg-name; when IDNA fails or returns anything else, the host stays
	// as SyntaxBased writes it, so two names that IDNA rejects are
	// compared by their text.
	//
	// When IDNA is nil, the built-in DomainToASCII (the URL Standard's
	// "domain to ASCII", UTS #46 ToASCII) does it for the schemes whose
	// hosts are DNS names, the URL Standard's special schemes but file:
	// http, https, ws, wss and ftp (URL Standard, "special scheme"), so
	// that "http://%E4%BE%8B.jp/" and "http://xn--fsq.jp/" are equivalent.
	// Other schemes keep their hosts as text: a file host is a name that
	// the platform resolves, not always through the DNS (RFC 8089,
	// Section 2, NetBIOS names on Windows), and for most others nothing
	// says the host is a DNS name. When IDNA is set, it applies to every
	// scheme; a function that always fails turns the conversion off.
	IDNA func(host string) (string, error)
}

// DefaultSchemes returns a new map holding the built-in scheme rules of
// RFC 3986, Section 6.2.3, each taken from the specification of its scheme.
// Change the copy to add or replace rules:
//
//	rules := uri.DefaultSchemes()
//	rules["myapp"] = uri.SchemeRule{EmptyPathIsRoot: true}
//	n := uri.Normalizer{Schemes: rules}
//
// The rules, and their sources:
//
//	http    port 80, empty path is "/"      RFC 9110, Section 4.2.1 and 4.2.3
//	https   port 443, empty path is "/"     RFC 9110, Section 4.2.2 and 4.2.3
//	ws      port 80, empty path is "/"      RFC 6455, Section 3
//	wss     port 443, empty path is "/"     RFC 6455, Section 3
//	coap    port 5683, empty path is "/"    RFC 7252, Section 6.1 and 6.3
//	coaps   port 5684, empty path is "/"    RFC 7252, Section 6.2 and 6.3
//	ldap    port 389, empty path is "/"     RFC 4516, Section 3 and 4
//	telnet  port 23, empty path is "/"      RFC 4248, Section 2
//	gopher  port 70, empty path is "/"      RFC 4266, Section 2.1; RFC 1738, Section 3.4.1
//	ftp     port 21                         RFC 1738, Section 3.2
//	file    host "localhost" is empty       RFC 1738, Section 3.10; RFC 8089, Section 2
//	mailto  domains are case-insensitive    RFC 6068, Section 2; RFC 3986, Section 6.2.3
//	urn     the NID is case-insensitive     RFC 8141, Section 3.1
//
// The rules are conservative: where a specification is silent or ambiguous,
// the URIs stay distinct. RFC 1738, Section 3.2.2 lets an ftp URL omit the
// url-path "including the "/" delimiting it", but gives "omitted" and "empty"
// no stated equivalence, so "ftp://h" and "ftp://h/" stay apart;
// RFC 4516, Section 4 also calls "ldap://h/?" equivalent to "ldap://h/", but
// dropping a delimiter is not done here.
//
// The mailto rule lowercases the domain after the last "@" of each
// comma-separated address, only when it is plain LDH text (letters, digits,
// "-", "."); local parts stay as they are (RFC 5321, Section 2.4), and a path
// with a quoted local part ("%22") is left alone. Header fields in the query
// are not touched.
//
// RFC 8141, Section 3 defines a stricter URN-equivalence than RFC 3986: it
// keeps percent-encoding as written ("urn:example:a%2D" is not
// "urn:example:a-") and ignores the r-, q- and f-components. SyntaxBased
// applies RFC 3986, Section 6.2.2.2 to every scheme, urn included, and
// SchemeBased never drops components, so use a URN library for
// URN-equivalence.
func DefaultSchemes() map[string]SchemeRule {
	m := make(map[string]SchemeRule, len(schemeRules))
	for _, r := range schemeRules {
		r.rule.DefaultPort, _ = DefaultPort(r.name)
		m[r.name] = r.rule
	}
	return m
}

// schemeRules is the table behind DefaultSchemes: the normalization rules of
// each scheme, whose default ports DefaultSchemes takes from schemeTable
// (scheme.go).
var schemeRules = [...]struct {
	name string
	rule SchemeRule
}{
	{"http", SchemeRule{EmptyPathIsRoot: true}},
	{"https", SchemeRule{EmptyPathIsRoot: true}},
	{"ws", SchemeRule{EmptyPathIsRoot: true}},
	{"wss", SchemeRule{EmptyPathIsRoot: true}},
	{"coap", SchemeRule{EmptyPathIsRoot: true}},
	{"coaps", SchemeRule{EmptyPathIsRoot: true}},
	{"ldap", SchemeRule{EmptyPathIsRoot: true}},
	{"telnet", SchemeRule{EmptyPathIsRoot: true}},
	{"gopher", SchemeRule{EmptyPathIsRoot: true}},
	{"ftp", SchemeRule{}},
	{"file", SchemeRule{DefaultHost: "localhost"}},
	{"mailto", SchemeRule{FoldPath: mailtoDomains}},
	{"urn", SchemeRule{FoldPath: urnNID}},
}

// defaultNormalizer holds the built-in rules. It is never modified.
var defaultNormalizer = Normalizer{Schemes: DefaultSchemes()}

// Normalize returns u normalized at level (RFC 3986, Section 6.2), using the
// scheme rules of DefaultSchemes; see Level for what each rung does and
// Normalizer.Normalize for the guarantees.
func (u URI) Normalize(level Level) URI {
	if defaultNormalizer.isNormal(&u, level) {
		return u
	}
	v, _ := defaultNormalizer.build(&u, level, nil)
	return v
}

// Normalize returns u normalized at level (RFC 3986, Section 6.2) with n's
// scheme rules. For a valid u (Validate() == nil), such as one from Parse:
//
//   - the result is valid and its String parses back to the same value;
//   - Normalize is idempotent: normalizing the result again changes nothing;
//   - the data is unchanged: each component decodes (see Decode) to the same
//     bytes as before, except for case where the RFC or the scheme says case
//     does not matter, and except for dot segments and the scheme rules at
//     SchemeBased;
//   - no pct-encoded reserved character is ever decoded.
//
// Where dot-segment removal leaves a path that would read as an authority
// ("foo:/..//bar" gives "//bar"), the path is written "/.//bar", the form
// Resolve uses too, so that String does not turn it into a host; the "/." is
// a dot segment and does not change the path's meaning.
//
// Normalize makes no allocation when u is already normal, returning u itself,
// and one allocation otherwise: all components of the result are slices of
// one string, laid out as String writes them. At SchemeBased, an
// internationalized host that goes through IDNA (see Normalizer.IDNA) takes
// the allocations of percent-decoding and "domain to ASCII" besides, and
// such a URI is never returned as it is. Input that is not a valid URI
// gives an unspecified result but never a panic.
func (n Normalizer) Normalize(u URI, level Level) URI {
	if n.isNormal(&u, level) {
		return u
	}
	v, _ := n.build(&u, level, nil)
	return v
}

// NormalizeString parses s as a URI-reference (RFC 3986, Section 4.1) and
// returns the text of its normal form at level (RFC 3986, Section 6.2),
// using the scheme rules of DefaultSchemes. It is the text-to-text form of
// Normalize, for programs that hold URIs as strings: it returns s itself,
// without allocating, when s is already normal, and allocates once
// otherwise. A parse error is an *Error and the result is then "".
func NormalizeString(s string, level Level) (string, error) {
	return defaultNormalizer.NormalizeString(s, level)
}

// NormalizeString is the package-level NormalizeString with n's scheme
// rules (RFC 3986, Section 6.2.3).
func (n Normalizer) NormalizeString(s string, level Level) (string, error) {
	u, err := Parse(s)
	if err != nil {
		return "", err
	}
	if _, text, built := n.normalize(&u, level, nil); built {
		return text, nil
	}
	return s, nil
}

// Parts of a URI, as normalize traces them and Explain names them.
const (
	partScheme = iota
	partUserinfo
	partHost
	partPort
	partPath
	partQuery
	partFragment
	numParts
)

var partNames = [numParts]string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

// Normalization rules, as normalize traces them for Explain.
const (
	ruleSchemeCase uint16 = 1 << iota
	ruleHostCase
	ruleHexCase
	ruleDecode
	ruleDots
	ruleEmptyPort
	ruleDefaultPort
	ruleDefaultHost
	ruleEmptyPath
	rulePortZeros
	ruleIPv6Text
	ruleIDNA
	ruleFold
	numRules = iota
)

var ruleNames = [numRules]string{
	"scheme lowercased (RFC 3986, Section 6.2.2.1)",
	"host lowercased (RFC 3986, Section 6.2.2.1)",
	"percent-encoding hex digits uppercased (RFC 3986, Section 6.2.2.1)",
	"percent-encoded unreserved characters decoded (RFC 3986, Section 6.2.2.2)",
	"dot segments removed (RFC 3986, Section 6.2.2.3)",
	"empty port dropped (RFC 3986, Section 6.2.3)",
	"default port dropped (RFC 3986, Section 6.2.3)",
	"default host made empty (RFC 3986, Section 6.2.3)",
	"empty path made \"/\" (RFC 3986, Section 6.2.3)",
	"leading zeros of the port dropped (RFC 3986, Section 3.2.3 and Section 6.2.3)",
	"IPv6 address written in its canonical text (RFC 5952, Section 4)",
	"internationalized host name converted to ASCII by the Normalizer's IDNA function or DomainToASCII (RFC 3987, Section 3.1)",
	"case-insensitive part lowercased, as the scheme defines (RFC 3986, Section 6.2.3)",
}

// trace records, per part, the rules that changed it.
type trace [numParts]uint16

// normalize is Normalize, also returning the text of the result when it built
// one (built is false when u was already normal and is returned as it is).
// When tr is not nil it always builds and records the rules that changed each
// part.
func (n Normalizer) normalize(u *URI, level Level, tr *trace) (v URI, text string, built bool) {
	if level == SimpleString || (tr == nil && n.isNormal(u, level)) {
		return *u, "", false
	}
	v, text = n.build(u, level, tr)
	return v, text, true
}

// isNormal reports whether normalizing u at level would leave it as it is. It
// must agree with build.
func (n Normalizer) isNormal(u *URI, level Level) bool {
	if level == SimpleString {
		return true
	}
	if hasUpper(u.Scheme) || pctWork(u.Userinfo) || hostWork(u.Host) || pctWork(u.Path) ||
		pctWork(u.Query) || pctWork(u.Fragment) {
		return false
	}
	if u.Scheme != "" {
		p := u.Path
		if !u.HasAuthority && strings.HasPrefix(p, "/.//") {
			p = p[2:] // a path guard, which dot-segment removal would write back
		}
		if hasDotSegment(p, dotsRFC) {
			return false
		}
	}
	if level < SchemeBased {
		return true
	}
	if u.HasAuthority && len(u.Host) > 2 && u.Host[0] == '[' && !ipv6Canonical(u.Host) {
		return false
	}
	if u.HasAuthority && hasNonASCIITriplet(u.Host) && n.idna(u.Scheme) != nil && u.HostKind() == RegName {
		return false
	}
	if u.HasPort && (u.Port == "" || len(u.Port) > 1 && u.Port[0] == '0') {
		return false
	}
	if u.Scheme == "" || n.Schemes == nil {
		return true
	}
	rule, ok := n.Schemes[u.Scheme]
	switch {
	case !ok:
		return true
	case u.HasPort && isPort(u.Port, rule.DefaultPort):
		return false
	case rule.DefaultHost != "" && u.HasAuthority && !u.HasUserinfo && !u.HasPort && u.Host == rule.DefaultHost:
		return false
	case rule.EmptyPathIsRoot && u.HasAuthority && u.Path == "":
		return false
	case rule.FoldPath != nil && foldWork(u.Path, rule.FoldPath):
		return false
	}
	return true
}

// build writes the normalized text of u into one buffer, in the order String
// writes it, and slices the components from it.
func (n Normalizer) build(u *URI, level Level, tr *trace) (URI, string) {
	level = min(level, SchemeBased)
	var scratch trace
	if tr == nil {
		tr = &scratch
	}
	var rule SchemeRule // looked up once the scheme is lowercase
	// Normalization never lengthens a component, except for a "/" path after
	// an authority (+1), a path guard without one (+2), and the RFC 5952
	// text of an IPv6 address.
	n0 := u.len() + 2
	if level == SchemeBased && u.HasAuthority && strings.HasPrefix(u.Host, "[") {
		n0 += 40 // RFC 5952 text can be longer than the input ("[::ffff:7f00:1]")
	}
	b := make([]byte, 0, n0)
	var v URI
	var at [2 * numParts]int // start and end of each part in b

	// scheme ":"
	if u.Scheme != "" {
		for i := 0; i < len(u.Scheme); i++ {
			b = append(b, lower(u.Scheme[i]))
		}
		if level == SchemeBased && n.Schemes != nil {
			rule = n.Schemes[string(b)] // no allocation: the conversion only keys the lookup
		}
		at[2*partScheme+1] = len(b)
		if string(b) != u.Scheme {
			tr[partScheme] |= ruleSchemeCase
		}
		b = append(b, ':')
	}

	keepPort := u.HasPort
	if u.HasAuthority {
		b = append(b, "//"...)
		// [ userinfo "@" ]
		if u.HasUserinfo {
			at[2*partUserinfo] = len(b)
			b, tr[partUserinfo] = appendPct(b, u.Userinfo, false)
			at[2*partUserinfo+1] = len(b)
			b = append(b, '@')
		}
		// host
		at[2*partHost] = len(b)
		b, tr[partHost] = n.appendHost(b, u, level)
		at[2*partHost+1] = len(b)
		// [ ":" port ]
		if level == SchemeBased && u.HasPort {
			switch {
			case u.Port == "":
				keepPort = false
				tr[partPort] |= ruleEmptyPort
			case isPort(u.Port, rule.DefaultPort):
				keepPort = false
				tr[partPort] |= ruleDefaultPort
			}
		}
		if level == SchemeBased && rule.DefaultHost != "" && !u.HasUserinfo && !keepPort &&
			string(b[at[2*partHost]:]) == rule.DefaultHost {
			b = b[:at[2*partHost]]
			at[2*partHost+1] = len(b)
			tr[partHost] |= ruleDefaultHost
		}
		if keepPort {
			b = append(b, ':')
			at[2*partPort] = len(b)
			port := u.Port
			if level == SchemeBased && len(port) > 1 && port[0] == '0' {
				port = strings.TrimLeft(port, "0")
				if port == "" {
					port = "0"
				}
				tr[partPort] |= rulePortZeros
			}
			b = append(b, port...)
			at[2*partPort+1] = len(b)
		}
	}

	// path
	at[2*partPath] = len(b)
	b, tr[partPath] = appendPath(b, u, level, rule)
	at[2*partPath+1] = len(b)

	// [ "?" query ]
	if u.HasQuery {
		b = append(b, '?')
		at[2*partQuery] = len(b)
		b, tr[partQuery] = appendPct(b, u.Query, false)
		at[2*partQuery+1] = len(b)
	}
	// [ "#" fragment ]
	if u.HasFragment {
		b = append(b, '#')
		at[2*partFragment] = len(b)
		b, tr[partFragment] = appendPct(b, u.Fragment, false)
		at[2*partFragment+1] = len(b)
	}

	s := view(b, 0) // b is never written again
	part := func(p int) string { return s[at[2*p]:at[2*p+1]] }
	v.Scheme = part(partScheme)
	v.HasAuthority = u.HasAuthority
	v.Userinfo, v.HasUserinfo = part(partUserinfo), u.HasUserinfo
	v.Host = part(partHost)
	v.Port, v.HasPort = part(partPort), keepPort
	v.Path = part(partPath)
	v.Query, v.HasQuery = part(partQuery), u.HasQuery
	v.Fragment, v.HasFragment = part(partFragment), u.HasFragment
	return v, s
}

// appendHost appends u's host normalized at level, and the rules it
// applied: case (RFC 3986, Section 6.2.2.1) and percent-encoding
// (Section 6.2.2.2) normalization, and at SchemeBased the RFC 5952 text of
// an IPv6 address and UTS #46 for a percent-encoded name of a scheme
// whose hosts are DNS names (Section 6.2.3; RFC 3987, Section 3.1).
func (n Normalizer) appendHost(b []byte, u *URI, level Level) ([]byte, uint16) {
	var tr uint16
	start := len(b)
	if !strings.HasPrefix(u.Host, "[") {
		b, tr = appendPct(b, u.Host, true)
		if idna := n.idna(u.Scheme); level == SchemeBased && idna != nil && hasNonASCIITriplet(u.Host) && u.HostKind() == RegName {
			var r uint16
			b, r = appendIDNA(b, start, u.Host, idna)
			tr |= r
		}
		return b, tr
	}
	for i := 0; i < len(u.Host); i++ {
		c := lower(u.Host[i])
		if c != u.Host[i] {
			tr |= ruleHostCase
		}
		b = append(b, c)
	}
	if level == SchemeBased && u.HostKind() == IPv6 {
		if a, ok := u.LiteralAddr(); ok {
			var buf [48]byte
			if canon := a.AppendTo(buf[:0]); string(canon) != string(b[start+1:len(b)-1]) {
				b = append(append(append(b[:start], '['), canon...), ']')
				tr |= ruleIPv6Text
			}
		}
	}
	return b, tr
}

// appendPath appends u's path normalized at level, with rule the scheme's
// (SchemeBased only), and the rules it applied: percent-encoding
// normalization (RFC 3986, Section 6.2.2.2), remove_dot_segments for a
// URI with a scheme (Section 6.2.2.3), at SchemeBased an empty path as
// "/" and the scheme's case folding (Section 6.2.3), and the guard that
// keeps the path from reading as an authority or a scheme (see
// pathGuard).
func appendPath(b []byte, u *URI, level Level, rule SchemeRule) ([]byte, uint16) {
	ps := len(b)
	var tr uint16
	b, tr = appendPct(b, u.Path, false)
	if u.Scheme != "" && hasDotSegment(view(b, ps), dotsRFC) {
		// remove_dot_segments (RFC 3986, Section 5.2.4), in place: the same
		// algorithm as RemoveDotSegments, without its allocation.
		before := len(b)
		b = b[:ps+removeDotsInPlace(b[ps:], 0)]
		if len(b) != before {
			tr |= ruleDots
		}
	}
	if level == SchemeBased && rule.EmptyPathIsRoot && u.HasAuthority && len(b) == ps {
		b = append(b, '/')
		tr |= ruleEmptyPath
	}
	if level == SchemeBased && rule.FoldPath != nil && foldPath(b[ps:], rule.FoldPath) {
		tr |= ruleFold
	}
	if g := pathGuard(u.Scheme != "", u.HasAuthority, view(b, ps)); g != "" {
		b = append(b, g...)
		copy(b[ps+len(g):], b[ps:len(b)-len(g)])
		copy(b[ps:], g)
		if view(b, ps) == u.Path {
			tr &^= ruleDots // the guard wrote back what removal took
		}
	}
	return b, tr
}

// view returns b[i:] as a string that shares b's memory; the caller must not
// use it after writing to b[i:].
func view(b []byte, i int) string {
	if i >= len(b) {
		return ""
	}
	return bytesString(b[i:])
}

// appendPct appends s with its pct-encoded triplets normalized
// (RFC 3986, Section 6.2.2.1 and RFC 3986, Section 6.2.2.2): a triplet that
// encodes an unreserved character is decoded, any other gets uppercase hex
// digits. With lowerCase, as for a reg-name, ASCII letters outside triplets,
// decoded ones included, are lowercased. It returns the rules that changed s.
func appendPct(b []byte, s string, lowerCase bool) ([]byte, uint16) {
	if !lowerCase && strings.IndexByte(s, '%') < 0 {
		return append(b, s...), 0
	}
	var rules uint16
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && is(s[i+1], cHex) && is(s[i+2], cHex) {
			d := unhex(s[i+1])<<4 | unhex(s[i+2])
			if is(d, cUnreserved) {
				rules |= ruleDecode
				if lowerCase && lower(d) != d {
					d = lower(d)
					rules |= ruleHostCase
				}
				b = append(b, d)
			} else {
				if s[i+1] >= 'a' || s[i+2] >= 'a' {
					rules |= ruleHexCase
				}
				b = append(b, '%', upperHex[d>>4], upperHex[d&15])
			}
			i += 2
			continue
		}
		if lowerCase && lower(c) != c {
			c = lower(c)
			rules |= ruleHostCase
		}
		b = append(b, c)
	}
	return b, rules
}

// pctWork reports whether appendPct(s, false) would change s: whether s has a
// triplet with a lowercase hex digit or one that encodes an unreserved
// character.
func pctWork(s string) bool {
	if s == "" {
		return false
	}
	for {
		i := strings.IndexByte(s, '%')
		if i < 0 || i+2 >= len(s) {
			return false
		}
		h, l := s[i+1], s[i+2]
		if is(h, cHex) && is(l, cHex) && (h >= 'a' || l >= 'a' || is(unhex(h)<<4|unhex(l), cUnreserved)) {
			return true
		}
		s = s[i+1:]
	}
}

// hostWork reports whether normalizing host would change it: an uppercase
// letter outside triplets, or a triplet that pctWork would change.
func hostWork(host string) bool {
	pct := false
	for i := 0; i < len(host); i++ {
		switch c := host[i]; {
		case c == '%':
			pct = true
			i += 2 // the hex digits of a triplet stay uppercase
		case c-'A' < 26:
			return true
		}
	}
	return pct && host[0] != '[' && pctWork(host)
}

// ipv6Canonical reports whether the IP-literal host, if it holds an IPv6
// address, is written in the canonical text of RFC 5952, Section 4, as
// net/netip writes it: lowercase, no leading zeros, the longest run of two
// or more zero pieces (the first of equal runs) as "::", and an
// IPv4-mapped address with its dotted tail ("::ffff:192.0.2.1").
func ipv6Canonical(host string) bool {
	inner := host[1 : len(host)-1]
	if host[len(host)-1] != ']' || inner == "" || inner[0] == 'v' || inner[0] == 'V' {
		return true // not IPv6: IPvFuture, or a hand-built value
	}
	a, err := netip.ParseAddr(inner)
	if err != nil || a.Zone() != "" {
		return true
	}
	var buf [48]byte
	return string(a.AppendTo(buf[:0])) == inner
}

// hasNonASCIITriplet reports whether s holds a pct-encoded octet above
// 0x7F.
func hasNonASCIITriplet(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && unhex(s[i+1]) >= 8 && is(s[i+1], cHex) {
			return true
		}
	}
	return false
}

// idna returns the function that converts the hosts of scheme to ASCII
// at SchemeBased, or nil: n.IDNA when set, else DomainToASCII for the
// schemes whose hosts are DNS names (see Normalizer.IDNA).
func (n Normalizer) idna(scheme string) func(string) (string, error) {
	switch {
	case n.IDNA != nil:
		return n.IDNA
	case webSpecialAuthority(scheme):
		return DomainToASCII
	}
	return nil
}

// appendIDNA replaces the normalized reg-name b[start:], whose text
// before normalization is host, by what idna makes of its decoded text,
// when that text is UTF-8 with a non-ASCII character and the result is a
// valid ASCII reg-name; see Normalizer.IDNA. Normalization changes the
// decoded text of a reg-name only by the case of its ASCII letters, which
// "domain to ASCII" lowercases.
func appendIDNA(b []byte, start int, host string, idna func(string) (string, error)) ([]byte, uint16) {
	if !hasNonASCIITriplet(host) {
		return b, 0
	}
	d, err := Decode(host)
	if err != nil || !utf8.ValidString(d) {
		return b, 0
	}
	for i := 0; i < len(d); i++ {
		if 'A' <= d[i] && d[i] <= 'Z' {
			d = string(appendLower(make([]byte, 0, len(d)), d)) // as normalized
			break
		}
	}
	ascii, err := idna(d)
	if err != nil || ascii == "" {
		return b, 0
	}
	for i := 0; i < len(ascii); i++ {
		if !is(ascii[i], cUnreserved|cSubDelim) {
			return b, 0
		}
	}
	b = b[:start]
	for i := 0; i < len(ascii); i++ {
		b = append(b, lower(ascii[i]))
	}
	return b, ruleIDNA
}

// isPort reports whether the decimal port equals def (0 never matches).
// Leading zeros are allowed: "080" is 80.
func isPort(port string, def uint16) bool {
	if def == 0 || port == "" {
		return false
	}
	n := 0
	for i := 0; i < len(port); i++ {
		c := port[i]
		if c < '0' || c > '9' {
			return false
		}
		n = n*10 + int(c-'0')
		if n > 65535 {
			return false
		}
	}
	return n == int(def)
}

// foldWork reports whether foldPath would change path.
func foldWork(path string, fold func(string, int) (int, int)) bool {
	found := false
	eachFold(path, fold, func(k int) bool {
		found = true
		return false
	})
	return found
}

// foldPath lowercases, in place, the letters of the parts of p that fold
// reports, and reports whether it changed any.
func foldPath(p []byte, fold func(string, int) (int, int)) bool {
	changed := false
	eachFold(view(p, 0), fold, func(k int) bool {
		p[k] += 'a' - 'A'
		changed = true
		return true
	})
	return changed
}

// eachFold calls f with the offset of each uppercase ASCII letter of path
// inside the parts fold reports, skipping the hex digits of triplets, until f
// returns false. It guards against a fold that does not advance.
func eachFold(path string, fold func(string, int) (int, int), f func(int) bool) {
	for i := 0; i <= len(path); {
		start, end := fold(path, i)
		if start < i || end <= start || end > len(path) {
			return
		}
		for k := start; k < end; k++ {
			c := path[k]
			inTriplet := (k >= 1 && path[k-1] == '%') || (k >= 2 && path[k-2] == '%')
			if 'A' <= c && c <= 'Z' && !inTriplet && !f(k) {
				return
			}
		}
		i = end
	}
}

// mailtoDomains is the FoldPath of mailto (RFC 6068, Section 2): the domain
// of each address in the comma-separated list of the path, after its last
// "@", when it is plain LDH text. A path with a quoted local part, which may
// hold "," and "@" of its own, has none.
func mailtoDomains(path string, i int) (int, int) {
	if i == 0 && (strings.Contains(path, "%22") || strings.Contains(path, "\"")) {
		return -1, -1
	}
	for i < len(path) {
		if path[i] == ',' {
			i++
			continue
		}
		end := strings.IndexByte(path[i:], ',')
		if end < 0 {
			end = len(path)
		} else {
			end += i
		}
		addr := path[i:end]
		if at := strings.LastIndexByte(addr, '@'); at >= 0 && at+1 < len(addr) && isLDH(addr[at+1:]) {
			return i + at + 1, end
		}
		i = end
	}
	return -1, -1
}

// isLDH reports whether s holds only letters, digits, '-' and '.'.
func isLDH(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !is(c, cAlpha|cDigit) && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// urnNID is the FoldPath of urn (RFC 8141, Section 3.1): the namespace
// identifier before the first ':' of the path, when it is one:
//
//	NID = (alphanum) 0*30(ldh) (alphanum)
func urnNID(path string, i int) (int, int) {
	if i > 0 {
		return -1, -1
	}
	k := strings.IndexByte(path, ':')
	if k < 2 || k > 32 || path[k-1] == '-' || path[0] == '-' {
		return -1, -1
	}
	for j := 0; j < k; j++ {
		if c := path[j]; !is(c, cAlpha|cDigit) && c != '-' {
			return -1, -1
		}
	}
	return 0, k
}

// hasUpper reports whether s has an uppercase ASCII letter.
func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i]-'A' < 26 {
			return true
		}
	}
	return false
}
