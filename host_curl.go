package uri

import "net/netip"

// The host layer, part 4: curl's reading of a percent-encoded host.
//
// curl 7.88.1 (lib/urlapi.c, parse_authority; the version of Debian 12,
// and behind PHP's curl extension, pycurl and many fetchers of that
// time) splits the authority at the first '@' and the port at the first
// ':', reads a host made of digits and dots as IPv4 numbers first, then
// percent-decodes any other host (urldecode_host, rejecting decoded
// control characters) and, when the decoded name starts with '[', takes
// it for an IPv6 literal without checking that it ends with ']'
// (ipv6_parse): the first and the last octet are dropped, and the address
// is the run of hex digits, ':' and '.' in between, which must end right
// before the last octet, whatever that octet is, or at a '%' that starts a
// zone, which must end with ']' within 15 octets. So
// "%5B%3A%3A1%20" connects to ::1, and "%5B%3A%3A1%25lo%5D%40x" to ::1 on
// the interface lo. The address itself is read by the C library's
// inet_pton (glibc on Linux), which accepts what net/netip accepts for an
// IPv6 address without a zone.

// curlHost returns the IPv6 address that curl 7.88.1 connects to for the
// reg-name host (RFC 3986, Section 3.2.2) when its percent-decoding
// starts with '[', and false for every other host. curl reads the other
// numeric hosts as inet_aton does (see inetAton).
func curlHost(host string) (netip.Addr, bool) {
	// A reg-name has no raw '[': the decoded text starts with one only
	// when the host starts with "%5B".
	if len(host) < 3 || host[0] != '%' || host[1] != '5' || host[2] != 'B' && host[2] != 'b' {
		return netip.Addr{}, false
	}
	var buf [64]byte
	d := buf[:0]
	if len(host) > len(buf) {
		d = make([]byte, 0, len(host))
	}
	for i := 0; i < len(host); {
		c, next, _ := octetAt(host, i)
		if c < 0x20 {
			return netip.Addr{}, false // REJECT_CTRL
		}
		d = append(d, c)
		i = next
	}
	if len(d) < 4 {
		return netip.Addr{}, false // "[::]" is the shortest
	}
	// The address: the run of hex digits, ':' and '.' after the '[',
	// which must end right before the last octet (dropped unread), or at
	// a '%' that starts a zone.
	rest := d[1:]
	n := 0
	for n < len(rest) && (is(rest[n], cHex) || rest[n] == ':' || rest[n] == '.') {
		n++
	}
	if n != len(rest)-1 {
		// a zone: '%', an optional "25", then 1 to 15 octets and ']',
		// which may be the last octet
		if n == len(rest) || rest[n] != '%' {
			return netip.Addr{}, false
		}
		z := rest[n+1:]
		if len(z) > 2 && z[0] == '2' && z[1] == '5' && z[2] != ']' {
			z = z[2:]
		}
		k := 0
		for k < len(z) && z[k] != ']' && k < 15 {
			k++
		}
		if k == 0 || k == len(z) || z[k] != ']' {
			return netip.Addr{}, false
		}
	}
	if n > len("ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255") {
		return netip.Addr{}, false // longer than any address
	}
	a, err := netip.ParseAddr(string(rest[:n]))
	if err != nil || !a.Is6() {
		return netip.Addr{}, false
	}
	return a, true
}
