package uri

import (
	"net/netip"
	"slices"
	"strings"
)

// Addrs returns every IP address that a widely used reader of u's host
// connects to without asking the DNS, in a fixed order and without
// repeats, and nil when no reader finds one: a host that only the DNS can
// answer, an IPvFuture literal, or no host. The readers are:
//
//   - RFC 3986, Section 3.2.2: an IPv4address or IPv6address host (LiteralAddr);
//   - the percent-decoded reg-name read as an IP address, as software that
//     decodes the host before it parses it does ("%31%32%37.0.0.1",
//     "%5B%3A%3A1%5D");
//   - inet_aton(), as glibc implements it (RFC 3986, Section 7.4): one to
//     four parts in decimal, octal or hexadecimal ("0x7f.1", "2130706433");
//   - the URL Standard's IPv4 parser (URL Standard, "IPv4 parser"), after
//     percent-decoding and the UTS #46 mapping of "domain to ASCII", which
//     drops ignored code points (U+00AD SOFT HYPHEN, U+200B ZERO WIDTH
//     SPACE, U+2060, U+FEFF, variation selectors) and maps compatibility
//     digits and full stops (U+FF11 FULLWIDTH DIGIT ONE, U+00B9 SUPERSCRIPT
//     ONE, U+2460 CIRCLED DIGIT ONE, U+3002 IDEOGRAPHIC FULL STOP, ...) to
//     ASCII; the table covers every code point UTS #46 (Unicode 17.0) maps
//     to IPv4 number characters;
//   - curl 7.88.1, which percent-decodes a reg-name and, when the result
//     starts with '[', drops its first and last octet and reads an IPv6
//     address from the rest, whatever that last octet was
//     ("%5B%3A%3A1%20" is ::1, "%5B%3A%3A1%25lo%5D%40x" is ::1 on lo);
//   - the URL Standard's reading of a URI with a special scheme (http,
//     https, ws, wss, ftp) and no host, which a browser, Node's URL and
//     fetch, and for most of these forms curl read with the authority
//     that follows the slashes, or that stands in place of them
//     ("http::@127.0.0.1/", "http:///127.0.0.1/", "https:/0x7f.1/",
//     "http:127.1/"; Vet reports these URIs as WebAuthority): its host,
//     read by every reader above, and the browser's own reading of it
//     (URL Standard, "URL parsing");
//   - localhost names (RFC 6761, Section 6.3): a host that is
//     "localhost" or ends in ".localhost" gives 127.0.0.1 and ::1, as
//     curl since 7.78.0 connects to them without asking a resolver
//     (lib/hostip.c, Curl_resolv and get_localhost) and browsers do for
//     every "*.localhost" name. The name is read in every spelling a
//     reader maps there: any case ("LocalHost"), percent-encoded letters
//     ("x.%6cocalhost", "%2elocalhost", which curl and the URL Standard
//     decode), the UTS #46 mapping of "domain to ASCII" and of net/http's
//     IDNA profile (fullwidth "ｌｏｃａｌｈｏｓｔ", circled
//     "evil.ⓛⓞⓒⓐⓛⓗⓞⓢⓣ", U+3002 as a dot), and with one final dot
//     ("localhost.", the root; "localhost.." is no name);
//   - for each IPv6 address found, the IPv4 address it embeds and that
//     dual-stack hosts and translators reach: IPv4-mapped ::ffff:0:0/96 and
//     IPv4-compatible ::/96 (RFC 4291, Section 2.5.5), 6to4 2002::/16
//     (RFC 3056, Section 2), and NAT64 64:ff9b::/96 (RFC 6052, Section 2.1)
//     and 64:ff9b:1::/48 (RFC 8215), read from the last 32 bits.
//
// Each reader is one function of the package's host layer, shared with
// Vet and the web parser. An SSRF guard is one loop over the result:
// reject the URI if any address is loopback, private, link-local or
// unspecified. The result never misses an address that one of the
// readers above reaches, and may hold one that a reader would not reach
// for the whole URI (a browser rejects "http:127.0.0.1:99999/" for its
// port; Addrs still reports 127.0.0.1), which is harmless to a guard.
// Names that resolve through the DNS must still be checked after
// resolution, at connect time. Addrs is meant for valid URIs and accepts
// any value without panicking.
func (u URI) Addrs() []netip.Addr {
	var out []netip.Addr
	var add func(a netip.Addr)
	add = func(a netip.Addr) {
		a = a.WithZone("")
		if slices.Contains(out, a) {
			return
		}
		out = append(out, a)
		if a.Is6() {
			if v4, form := embeddedIPv4(a); form != "" {
				add(v4)
			}
		}
	}
	switch u.HostKind() {
	case IPv4, IPv6:
		if a, ok := u.LiteralAddr(); ok {
			add(a)
		}
	case RegName:
		regNameAddrs(u.Host, add)
	}
	if start, end, ok := webPathAuthority(u); ok && webHasHost(u.Path[start:end]) {
		// The URL Standard's authority: its host, up to the port.
		auth := u.Path[start:end]
		at, _ := webCredentials(auth)
		host := auth[at+1:]
		if i := strings.IndexByte(host, ':'); i >= 0 {
			host = host[:i]
		}
		regNameAddrs(host, add)
		if w, _, err := webRead(u); err == nil {
			if a, ok := webHostAddr(w.host); ok {
				add(a)
			}
			// the host as the browser reads it, which may differ from
			// the span's text: "http:localhost " reads "localhost", the
			// trailing space trimmed (URL Standard, "basic URL parser")
			regNameAddrs(w.host, add)
		}
	}
	return out
}

// regNameAddrs calls add with each address that a reader of Addrs finds
// in the reg-name host.
func regNameAddrs(host string, add func(netip.Addr)) {
	if host == "" {
		return
	}
	if d, err := Decode(host); err == nil && d != host {
		if len(d) > 2 && d[0] == '[' && d[len(d)-1] == ']' {
			d = d[1 : len(d)-1]
		}
		if a, err := netip.ParseAddr(d); err == nil {
			add(a)
		}
	}
	if a, ok := curlHost(host); ok {
		add(a)
	}
	if a, ok := inetAton(host); ok {
		add(a)
	}
	if a, ok := whatwgIPv4(host); ok {
		add(a)
	}
	if _, ok := localhostName(host); ok {
		add(localhostAddrs[0])
		add(localhostAddrs[1])
	}
}

// embeddedIPv4 returns the IPv4 address that IPv6 address a embeds and
// the form that embeds it, or "" (RFC 4291, Section 2.5.5; RFC 6052,
// Section 2.1; RFC 8215, read from the last 32 bits as with a /96 prefix;
// RFC 3056, Section 2, from bits 16 to 47).
func embeddedIPv4(a netip.Addr) (netip.Addr, string) {
	b := a.As16()
	v4 := netip.AddrFrom4([4]byte(b[12:]))
	var prefix [12]byte
	copy(prefix[:], b[:12])
	switch {
	case a.Is4In6():
		return v4, "an IPv4-mapped address (RFC 4291, Section 2.5.5.2)"
	case prefix == [12]byte{} && a != netip.IPv6Unspecified() && a != netip.IPv6Loopback():
		return v4, "an IPv4-compatible address (deprecated by RFC 4291, Section 2.5.5.1)"
	case prefix == [12]byte{0x00, 0x64, 0xff, 0x9b}:
		return v4, "a NAT64 address of the well-known prefix 64:ff9b::/96 (RFC 6052, Section 2.1)"
	case [6]byte(b[:6]) == [6]byte{0x00, 0x64, 0xff, 0x9b, 0x00, 0x01}:
		return v4, "a NAT64 address of the local-use prefix 64:ff9b:1::/48 (RFC 8215)"
	case b[0] == 0x20 && b[1] == 0x02:
		return netip.AddrFrom4([4]byte(b[2:6])), "a 6to4 address of 2002::/16 (RFC 3056, Section 2)"
	}
	return netip.Addr{}, ""
}

// numericIPv4 returns the address that inet_aton or a WHATWG URL parser
// reads in reg-name host, and a phrase naming the readers that do, or ""
// when neither does; see NonstandardIPv4.
func numericIPv4(host string) (netip.Addr, string) {
	if host == "" || isIPv4(host) {
		return netip.Addr{}, ""
	}
	a1, ok1 := inetAton(host)
	a2, ok2 := whatwgIPv4(host)
	switch {
	case ok1 && ok2 && a1 == a2:
		return a1, "inet_aton() and WHATWG URL parsers read"
	case ok1:
		return a1, "inet_aton() reads"
	case ok2:
		return a2, "WHATWG URL parsers read"
	}
	return netip.Addr{}, ""
}
