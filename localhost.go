package uri

import (
	"net/netip"
	"strings"
	"unicode/utf8"
)

// Localhost names (RFC 6761, Section 6.3): "localhost" and every name
// under it ("evil.localhost") are loopback names. Name resolution APIs
// and libraries should return a loopback address for them and resolvers
// should not send them to the DNS; clients do so without a resolver:
// curl since 7.78.0 (lib/hostip.c, Curl_resolv: a host name that is
// "localhost" or ends in ".localhost", compared without ASCII case, gets
// get_localhost's 127.0.0.1 and ::1), Chromium and Firefox for every
// "*.localhost" host, and systemd-resolved. So a URI with such a host
// reaches loopback whatever the DNS says, and Addrs and Vet say so.

// localhostAddrs are the addresses a client connects to for a localhost
// name, in the order curl's get_localhost lists them.
var localhostAddrs = [2]netip.Addr{netip.AddrFrom4([4]byte{127, 0, 0, 1}), netip.IPv6Loopback()}

// localhostName reports whether host, a reg-name as a URI holds it (its
// percent-encoding and any non-ASCII text as they are), is a localhost
// name to some reader of Addrs, and returns the name that reader looks up
// then. The readings are:
//
//   - the text itself, and its percent-decoded form, when they are ASCII:
//     what curl looks up (curl decodes the host, lib/urlapi.c), compared
//     without ASCII case;
//   - the URL Standard's host parser: percent-decoding, then "domain to
//     ASCII" (DomainToASCII; UTS #46 with its mapping of case, fullwidth
//     and circled letters, ideographic full stops, ...);
//   - for a non-ASCII name, UTS #46 ToASCII as net/http's IDNA profile
//     (Hostname) and as curl's libidn2 with transitional processing.
//
// A name is a localhost name when, its ASCII letters lowercased and one
// final dot (the root, RFC 1034, Section 3.1) removed, it is "localhost"
// or ends in ".localhost". The final dot is allowed because resolvers
// and browsers look up "localhost." as "localhost" (curl 7.x strips it,
// lib/url.c strip_trailing_dot; curl 8 matches "localhost." itself);
// two final dots make an empty label, which no reader looks up.
//
// A host that is ASCII without a '%' is read without allocating.
func localhostName(host string) (string, bool) {
	ascii, plain := true, true
	for i := 0; i < len(host); i++ {
		switch c := host[i]; {
		case c >= utf8.RuneSelf:
			ascii = false
		case c == '%':
			plain = false
		}
	}
	if ascii && plain {
		return host, isLocalhostASCII(host)
	}
	d := host
	if !plain {
		if dec, err := Decode(host); err == nil {
			d = dec
		}
	}
	if !localhostLastLabel(d) {
		return "", false
	}
	if isLocalhostASCII(d) {
		return d, true
	}
	if a, err := DomainToASCII(d); err == nil && isLocalhostASCII(a) {
		return a, true
	}
	if isASCII(d) {
		return "", false
	}
	for _, p := range [...]IDNA{lookupIDNA, {Transitional: true}} {
		if a, err := p.ToASCII(d); err == nil && isLocalhostASCII(a) {
			return a, true
		}
	}
	return "", false
}

// localhostLastLabel reports whether the last label of the decoded name
// d (after one final dot, which names the root) may map to "localhost":
// a quick test that keeps the readings of the whole name for the names
// that may pass, so that a long host costs one pass. UTS #46 maps only
// U+3002, U+FF0E and U+FF61 to '.', so the labels of d are those of the
// mapped name; the most lenient profile (transitional, which drops
// U+200C and U+200D, without the bidi and joiner checks) maps to
// "localhost" every label that any reader maps there.
func localhostLastLabel(d string) bool {
	dots := [...]string{".", "\u3002", "\uff0e", "\uff61"}
	for _, dot := range dots {
		if strings.HasSuffix(d, dot) {
			d = d[:len(d)-len(dot)]
			break
		}
	}
	for _, dot := range dots {
		if i := strings.LastIndex(d, dot); i >= 0 {
			d = d[i+len(dot):]
		}
	}
	if isASCII(d) {
		return strings.EqualFold(d, "localhost")
	}
	a, err := IDNA{Transitional: true, NoCheckBidi: true, NoCheckJoiners: true}.ToASCII(d)
	return err == nil && a == "localhost"
}

// isLocalhostASCII reports whether name is "localhost" or ends in
// ".localhost", without ASCII case and with at most one final dot: curl's
// rule (lib/hostip.c, Curl_resolv, strcasecompare and tailmatch) on the
// name after strip_trailing_dot.
func isLocalhostASCII(name string) bool {
	name = strings.TrimSuffix(name, ".")
	const l = "localhost"
	if len(name) < len(l) || !strings.EqualFold(name[len(name)-len(l):], l) {
		return false
	}
	return len(name) == len(l) || name[len(name)-len(l)-1] == '.'
}
