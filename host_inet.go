package uri

import "net/netip"

// The host layer, part 2: inet_aton.
//
// glibc's inet_aton(3) (resolv/inet_addr.c, as in glibc 2.36, the
// version of Debian 12) reads the legacy IPv4 number forms of 4.2BSD that
// RFC 3986, Section 7.4 warns about: "0x7f.1", "017700000001",
// "2130706433". getaddrinfo, and with it curl, wget, Python's socket
// module and most C programs, hands numeric host names to it. Vet
// (NonstandardIPv4) and Addrs read hosts with it.

// inetAton is glibc's inet_aton, run on the decoded octets of a host: one
// to four parts separated by '.', each a C integer constant as strtoul
// reads it with base 0, the last part filling the remaining bytes; a part
// above its limit, an empty part, a trailing dot and any trailing octet
// other than whitespace make it fail.
func inetAton(host string) (netip.Addr, bool) {
	var parts [3]uint32
	n := 0 // parts before the last
	i := 0
	for {
		if i >= len(host) {
			return netip.Addr{}, false
		}
		c, _, _ := octetAt(host, i)
		if c < '0' || c > '9' {
			return netip.Addr{}, false
		}
		v, j, ok := strtoul(host, i)
		if !ok {
			return netip.Addr{}, false
		}
		i = j
		if i < len(host) {
			if c, next, _ := octetAt(host, i); c == '.' {
				if n > 2 || v > 0xff {
					return netip.Addr{}, false
				}
				parts[n] = uint32(v)
				n++
				i = next
				continue
			}
		}
		// the last part: what follows must be the end or whitespace
		if i < len(host) {
			c, _, _ := octetAt(host, i)
			if c != ' ' && (c < '\t' || c > '\r') {
				return netip.Addr{}, false
			}
		}
		if v > 0xffffffff>>(8*n) {
			return netip.Addr{}, false
		}
		w := uint32(v)
		for k := 0; k < n; k++ {
			w |= parts[k] << (24 - 8*k)
		}
		return netip.AddrFrom4([4]byte{byte(w >> 24), byte(w >> 16), byte(w >> 8), byte(w)}), true
	}
}

// strtoul reads a C integer constant from the decoded octets of s at
// offset i, where a decimal digit is, as strtoul(s, &end, 0) does: "0x" or
// "0X" and hex digits, or "0" and octal digits, or decimal digits; a "0x"
// without a hex digit after it is the number 0 followed by "x". It
// returns the value, the offset after the number, and false when the
// value is above 0xffffffff. It never reads more octets than there are
// digits.
func strtoul(s string, i int) (uint64, int, bool) {
	base := uint64(10)
	c, j, _ := octetAt(s, i)
	if c == '0' {
		base = 8
		if j < len(s) {
			if x, k, _ := octetAt(s, j); (x == 'x' || x == 'X') && k < len(s) {
				if h, _, _ := octetAt(s, k); is(h, cHex) {
					base, j = 16, k
				}
			}
		}
		i = j // the leading zero (or "0x") is read; it adds nothing
	}
	var v uint64
	big := false
	for i < len(s) {
		c, next, _ := octetAt(s, i)
		d, ok := digitValue(c, base)
		if !ok {
			break
		}
		v = v*base + d
		if v > 0xffffffff {
			big, v = true, 0x100000000
		}
		i = next
	}
	return v, i, !big
}

// digitValue returns the value of c as a digit in base 8, 10 or 16.
func digitValue(c byte, base uint64) (uint64, bool) {
	var d uint64
	switch {
	case '0' <= c && c <= '9':
		d = uint64(c - '0')
	case 'a' <= c && c <= 'f':
		d = uint64(c-'a') + 10
	case 'A' <= c && c <= 'F':
		d = uint64(c-'A') + 10
	default:
		return 0, false
	}
	return d, d < base
}
