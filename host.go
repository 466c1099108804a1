package uri

import (
	"net/netip"
	"strconv"
)

// The host layer, part 1: RFC 3986.
//
// Every reader of a host the package has lives in the host layer, one
// function per reader, so that Addrs, Vet, the web parser and the
// builders read a host the same way, and a reader fixed for one of them
// is fixed for all:
//
//   - RFC 3986, Section 3.2.2: this file and ipv6.go (IPv4address,
//     IPv6address, IPvFuture);
//   - glibc's inet_aton: host_inet.go;
//   - the URL Standard's host parser (IPv4 parser, IPv6 parser, opaque
//     hosts, and "domain to ASCII" over idna.go's UTS #46): host_web.go;
//   - curl's reading of a percent-encoded host that starts with '[':
//     host_curl.go.

// HostKind says which of the host forms of RFC 3986, Section 3.2.2 a URI's
// host takes.
type HostKind int

const (
	// NoHost: the URI has no authority, so no host.
	NoHost HostKind = iota
	// RegName: a registered name such as "example.com", possibly empty
	// (as in "file:///etc") or percent-encoded. A host that looks like an
	// IPv4 address but does not match IPv4address exactly, such as
	// "256.1.1.1" or "01.1.1.1", is a reg-name.
	RegName
	// IPv4: a dotted-decimal IPv4address, such as "192.0.2.1".
	IPv4
	// IPv6: an IP-literal holding an IPv6address, such as "[2001:db8::1]".
	IPv6
	// IPvFuture: an IP-literal holding an IPvFuture, such as "[v1.x]".
	IPvFuture
)

var hostKindNames = [...]string{"NoHost", "RegName", "IPv4", "IPv6", "IPvFuture"}

// String returns the name of the constant, such as "IPv6".
func (k HostKind) String() string {
	if k >= 0 && int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(" + strconv.Itoa(int(k)) + ")"
}

// HostKind reports the form of u's host (RFC 3986, Section 3.2.2). A host
// that matches IPv4address is IPv4, as the RFC requires, even though it also
// matches reg-name. The result is only meaningful for a valid URI.
func (u URI) HostKind() HostKind {
	switch {
	case !u.HasAuthority:
		return NoHost
	case len(u.Host) > 1 && u.Host[0] == '[':
		if u.Host[1] == 'v' || u.Host[1] == 'V' {
			return IPvFuture
		}
		return IPv6
	case isIPv4(u.Host):
		return IPv4
	}
	return RegName
}

// LiteralAddr returns the IP address that an IPv4 or IPv6 host is
// written as, and false for any other host (reg-name, IPvFuture, none).
// The result plugs into net/netip; it never has a zone, since RFC 3986 has
// no syntax for one.
//
// LiteralAddr is RFC 3986's reading only (Section 3.2.2): "http://0x7f.1/",
// "http://2130706433/" and "http://%5B%3A%3A1%5D/" have reg-name hosts and
// no literal address, though the C library, browsers and curl connect to
// 127.0.0.1 and ::1. To vet a link against server-side request forgery,
// use Addrs, which lists the address of every such reader (RFC 3986,
// Section 7.4).
func (u URI) LiteralAddr() (netip.Addr, bool) {
	switch u.HostKind() {
	case IPv4:
		var a [4]byte
		i := 0
		for k := range a {
			j, _ := decOctet(u.Host, i)
			v, _ := strconv.Atoi(u.Host[i:j])
			a[k] = byte(v)
			i = j + 1
		}
		return netip.AddrFrom4(a), true
	case IPv6:
		if u.Host[len(u.Host)-1] != ']' {
			return netip.Addr{}, false // a hand-built value
		}
		a, err := netip.ParseAddr(u.Host[1 : len(u.Host)-1])
		return a, err == nil && a.Zone() == ""
	}
	return netip.Addr{}, false
}

// PortNumber returns the port as a number (RFC 3986, Section 3.2.3). It
// reports false when there is no port, when the port is empty (as in
// "http://h:/"), and when the digits name a number above 65535: the
// grammar allows any run of digits, but no transport can use such a port,
// and the number is never wrapped or truncated. Leading zeros are allowed
// ("0080" is 80).
func (u URI) PortNumber() (uint16, bool) {
	if !u.HasPort || u.Port == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(u.Port); i++ {
		c := u.Port[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
		if n > 65535 {
			return 0, false
		}
	}
	return uint16(n), true
}

// isIPv4 reports whether host matches IPv4address exactly.
func isIPv4(host string) bool {
	if len(host) < 7 || len(host) > 15 {
		return false
	}
	i, f := ipv4Address(host, 0)
	return f.err == nil && i == len(host)
}

// ipv4Address parses the rule below from offset i and returns the offset
// just past it:
//
//	IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//
// (RFC 3986, Section 3.2.2).
func ipv4Address(s string, i int) (int, fault) {
	for k := 0; k < 4; k++ {
		if k > 0 {
			if i >= len(s) || s[i] != '.' {
				return i, fault{ErrHost, "'.' (IPv4 address: four decimal octets 0-255 without leading zeros)"}
			}
			i++
		}
		j, ok := decOctet(s, i)
		if !ok {
			return i, fault{ErrHost, "digit (IPv4 address: four decimal octets 0-255 without leading zeros)"}
		}
		i = j
	}
	return i, noFault
}

// decOctet reads the longest dec-octet at offset i and returns the offset
// just past it, or false if none starts there:
//
//	dec-octet = DIGIT                 ; 0-9
//	          / %x31-39 DIGIT         ; 10-99
//	          / "1" 2DIGIT            ; 100-199
//	          / "2" %x30-34 DIGIT     ; 200-249
//	          / "25" %x30-35          ; 250-255
//
// A leading zero ends the octet ("01" is "0" followed by "1"), and so does a
// digit that would take the value past 255 ("256" is "25" then "6").
func decOctet(s string, i int) (int, bool) {
	if i >= len(s) || !is(s[i], cDigit) {
		return i, false
	}
	if s[i] == '0' {
		return i + 1, true
	}
	v := int(s[i] - '0')
	j := i + 1
	for j < len(s) && j-i < 3 && is(s[j], cDigit) && v*10+int(s[j]-'0') <= 255 {
		v = v*10 + int(s[j]-'0')
		j++
	}
	return j, true
}

// ipvFuture parses the rule below from offset i (s[i] is 'v' or 'V') and
// returns the offset of the first byte after it:
//
//	IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
//
// (RFC 3986, Section 3.2.2).
func ipvFuture(s string, i int) (int, fault) {
	i++
	j := i
	for j < len(s) && is(s[j], cHex) {
		j++
	}
	if j == i {
		return j, fault{ErrHost, "hex digit (IPvFuture version)"}
	}
	if j >= len(s) || s[j] != '.' {
		return j, fault{ErrHost, "hex digit or '.' (IPvFuture)"}
	}
	i = j + 1
	j = i
	for j < len(s) && is(s[j], cFuture) {
		j++
	}
	if j == i {
		return j, fault{ErrHost, "unreserved, sub-delims or ':' (IPvFuture address)"}
	}
	return j, noFault
}
