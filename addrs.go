package uri

import (
	"net/netip"
	"slices"
	"unicode/utf8"
)

// Addrs returns every IP address that a widely used reader of u's host
// connects to without asking the DNS, in a fixed order and without
// repeats, and nil when no reader finds one: a host that only the DNS can
// answer, an IPvFuture literal, or no host. The readers are:
//
//   - RFC 3986, Section 3.2.2: an IPv4address or IPv6address host (Addr);
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
//     ASCII; the table covers every code point UTS #46 (Unicode 15.0) maps
//     to IPv4 number characters;
//   - for each IPv6 address found, the IPv4 address it embeds and that
//     dual-stack hosts and translators reach: IPv4-mapped ::ffff:0:0/96 and
//     IPv4-compatible ::/96 (RFC 4291, Section 2.5.5), 6to4 2002::/16
//     (RFC 3056, Section 2), and NAT64 64:ff9b::/96 (RFC 6052, Section 2.1)
//     and 64:ff9b:1::/48 (RFC 8215), read from the last 32 bits.
//
// An SSRF guard is one loop over the result: reject the URI if any address
// is loopback, private, link-local or unspecified. Names that resolve
// through the DNS must still be checked after resolution, at connect time.
// Addrs is meant for valid URIs and accepts any value without panicking.
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
		if a, ok := u.Addr(); ok {
			add(a)
		}
	case RegName:
		h := u.Host
		if d, err := Decode(h); err == nil && d != h {
			if len(d) > 2 && d[0] == '[' && d[len(d)-1] == ']' {
				d = d[1 : len(d)-1]
			}
			if a, err := netip.ParseAddr(d); err == nil {
				add(a)
			}
		}
		if a, ok := inetAton(h); ok {
			add(a)
		}
		if a, ok := whatwgIPv4(h); ok {
			add(a)
		}
	}
	return out
}

// idnaRange is one entry of the UTS #46 table in addrs_table.go: the code
// points lo to hi are ignored (to is "") or each mapped to to.
type idnaRange struct {
	lo, hi rune
	to     string
}

// idnaMap returns what UTS #46 maps r to, if r is in the table: "" for an
// ignored code point.
func idnaMap(r rune) (string, bool) {
	i, found := slices.BinarySearchFunc(idnaIPv4[:], r, func(e idnaRange, r rune) int {
		switch {
		case e.hi < r:
			return -1
		case e.lo > r:
			return 1
		}
		return 0
	})
	if !found {
		return "", false
	}
	return idnaIPv4[i].to, true
}

// runeAt decodes the UTF-8 sequence whose first octet, raw or
// percent-encoded, is at offset i of s, and returns the rune and the
// offset after it, or utf8.RuneError and the offset after the first octet.
func runeAt(s string, i int) (rune, int) {
	var buf [utf8.UTFMax]byte
	var ends [utf8.UTFMax]int
	n := 0
	for j := i; n < len(buf) && j < len(s); n++ {
		buf[n], j, _ = octetAt(s, j)
		ends[n] = j
		if n > 0 && buf[n]&0xC0 != 0x80 {
			break
		}
	}
	r, size := utf8.DecodeRune(buf[:n])
	if r == utf8.RuneError && size <= 1 {
		return utf8.RuneError, ends[0]
	}
	return r, ends[size-1]
}

// hostReader reads the decoded octets of a host as the URL Standard's host
// parser sees them after the UTS #46 mapping, for the characters that
// matter to an IPv4 address: code points in idnaIPv4 are dropped or
// replaced by their ASCII mapping; every other octet passes as it is.
type hostReader struct {
	s    string
	i    int
	pend string // the rest of a mapping of more than one character
}

// next returns the next mapped octet and advances.
func (r *hostReader) next() (byte, bool) {
	for {
		if r.pend != "" {
			c := r.pend[0]
			r.pend = r.pend[1:]
			return c, true
		}
		if r.i >= len(r.s) {
			return 0, false
		}
		b, j, _ := octetAt(r.s, r.i)
		if b < utf8.RuneSelf {
			r.i = j
			return b, true
		}
		cp, end := runeAt(r.s, r.i)
		if to, ok := idnaMap(cp); ok {
			r.i, r.pend = end, to
			continue
		}
		r.i = j
		return b, true
	}
}

// peek returns the next mapped octet without advancing.
func (r *hostReader) peek() (byte, bool) {
	c := *r
	return c.next()
}
