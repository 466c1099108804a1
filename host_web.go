package uri

import (
	"net/netip"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The host layer, part 3: the URL Standard's host readers.
//
// Browsers, Node's URL and fetch, and every WHATWG URL parser read hosts
// with the host parser of the URL Standard (URL Standard, "host
// parsing"): percent-decoding, "domain to ASCII" (UTS #46 processing),
// then the IPv4 parser when the domain ends in a number, or the IPv6
// parser between brackets. The web parser (web.go), Check and Addrs all
// read hosts with the readers below, so that a reader fixed for one entry
// point is fixed for all of them.

// whatwgIPv4 is the IPv4 parser of the WHATWG URL Standard (URL Standard,
// "IPv4 parser"), run on the decoded host with the UTS #46 mapping of
// hostReader and ASCII case folding: parts separated by '.', one trailing
// empty part dropped, at most four parts, each a number in decimal, octal
// after a leading "0", or hexadecimal after "0x" (where "0x" alone is 0);
// every part but the last at most 255, the last filling the remaining
// bytes.
func whatwgIPv4(host string) (netip.Addr, bool) {
	var parts [4]uint64
	n := 0 // parts read
	r := hostReader{s: host}
	for {
		if n == 4 {
			return netip.Addr{}, false
		}
		// one part, up to '.' or the end
		c, ok := r.next()
		if !ok || c == '.' {
			// an empty part: only a trailing one after another part is allowed
			if ok || n == 0 {
				return netip.Addr{}, false
			}
			break
		}
		base := uint64(10)
		if c == '0' {
			if x, ok := r.peek(); ok && (x == 'x' || x == 'X') {
				r.next()
				base = 16
			} else if ok && x != '.' {
				base = 8
			}
			if base != 10 {
				c, ok = r.next()
			}
		}
		var v uint64
		for ; ok && c != '.'; c, ok = r.next() {
			d, isDigit := digitValue(c, base)
			if !isDigit {
				return netip.Addr{}, false
			}
			v = min(v*base+d, 1<<33)
		}
		parts[n] = v
		n++
		if !ok {
			break
		}
		if _, more := r.peek(); !more {
			break // one trailing dot
		}
	}
	last := parts[n-1]
	if last >= 1<<(8*(5-n)) {
		return netip.Addr{}, false
	}
	w := uint32(last)
	for k := 0; k < n-1; k++ {
		if parts[k] > 255 {
			return netip.Addr{}, false
		}
		w |= uint32(parts[k]) << (24 - 8*k)
	}
	return netip.AddrFrom4([4]byte{byte(w >> 24), byte(w >> 16), byte(w >> 8), byte(w)}), true
}

// webIPv6 parses s, the text between the brackets of an IPv6 host, as the
// URL Standard's IPv6 parser does (webIPv6Pieces), and appends its
// serialization (URL Standard, "IPv6 serializer") to b: lowercase hex
// without leading zeros, the first longest run of two or more zero pieces
// written "::", and no dotted IPv4 form.
func webIPv6(b []byte, s string) ([]byte, bool) {
	a, ok := webIPv6Pieces(s)
	if !ok {
		return b, false
	}
	best, bestLen := -1, 1
	for k := 0; k < 8; {
		if a[k] != 0 {
			k++
			continue
		}
		j := k
		for j < 8 && a[j] == 0 {
			j++
		}
		if j-k > bestLen {
			best, bestLen = k, j-k
		}
		k = j
	}
	start := len(b)
	for k := 0; k < 8; k++ {
		if k == best {
			b = append(b, "::"...)
			k += bestLen - 1
			continue
		}
		if len(b) > start && b[len(b)-1] != ':' {
			b = append(b, ':')
		}
		b = strconv.AppendUint(b, uint64(a[k]), 16)
	}
	return b, true
}

// webIPv6Pieces is the IPv6 parser of the URL Standard (URL Standard,
// "IPv6 parser"), transcribed step by step with the Standard's names: it
// returns the eight pieces of the address s, or false for failure. It
// accepts exactly the IPv6address of RFC 3986, Section 3.2.2 (as
// FuzzWebIPv6 checks): no zone, no other character, and, unlike
// netip.ParseAddr, no bare IPv4 address ("127.0.0.1" is a failure).
func webIPv6Pieces(s string) (address [8]uint16, ok bool) {
	pieceIndex := 0
	compress := -1 // null
	pointer := 0
	// c is the code point the pointer points at; -1 is EOF.
	c := func(pointer int) int {
		if pointer < len(s) {
			return int(s[pointer])
		}
		return -1
	}
	// 5. A leading "::".
	if c(pointer) == ':' {
		if pointer+1 >= len(s) || s[pointer+1] != ':' {
			return address, false // IPv6-invalid-compression
		}
		pointer += 2
		pieceIndex++
		compress = pieceIndex
	}
	// 6. While c is not the EOF code point:
	for c(pointer) != -1 {
		if pieceIndex == 8 {
			return address, false // IPv6-too-many-pieces
		}
		if c(pointer) == ':' {
			if compress != -1 {
				return address, false // IPv6-multiple-compression
			}
			pointer++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length := 0, 0
		for length < 4 && c(pointer) != -1 && is(byte(c(pointer)), cHex) {
			value = value*0x10 + int(unhex(byte(c(pointer))))
			pointer++
			length++
		}
		if c(pointer) == '.' {
			// 6.5. An IPv4 address in the last 32 bits.
			if length == 0 {
				return address, false // IPv4-in-IPv6-invalid-code-point
			}
			pointer -= length
			if pieceIndex > 6 {
				return address, false // IPv4-in-IPv6-too-many-pieces
			}
			numbersSeen := 0
			for c(pointer) != -1 {
				ipv4Piece := -1 // null
				if numbersSeen > 0 {
					if c(pointer) == '.' && numbersSeen < 4 {
						pointer++
					} else {
						return address, false // IPv4-in-IPv6-invalid-code-point
					}
				}
				if c(pointer) == -1 || !is(byte(c(pointer)), cDigit) {
					return address, false // IPv4-in-IPv6-invalid-code-point
				}
				for c(pointer) != -1 && is(byte(c(pointer)), cDigit) {
					number := c(pointer) - '0'
					switch ipv4Piece {
					case -1:
						ipv4Piece = number
					case 0:
						return address, false // IPv4-in-IPv6-invalid-code-point
					default:
						ipv4Piece = ipv4Piece*10 + number
					}
					if ipv4Piece > 255 {
						return address, false // IPv4-in-IPv6-out-of-range-part
					}
					pointer++
				}
				address[pieceIndex] = address[pieceIndex]*0x100 + uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				return address, false // IPv4-in-IPv6-too-few-parts
			}
			break
		} else if c(pointer) == ':' {
			pointer++
			if c(pointer) == -1 {
				return address, false // IPv6-invalid-code-point
			}
		} else if c(pointer) != -1 {
			return address, false // IPv6-invalid-code-point
		}
		address[pieceIndex] = uint16(value)
		pieceIndex++
	}
	// 7. Move the pieces after the compression to the end.
	if compress != -1 {
		swaps := pieceIndex - compress
		pieceIndex = 7
		for pieceIndex != 0 && swaps > 0 {
			address[pieceIndex], address[compress+swaps-1] = address[compress+swaps-1], address[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		return address, false // IPv6-too-few-pieces
	}
	return address, true
}

// isForbiddenDomain reports whether ASCII octet c is a forbidden domain
// code point (URL Standard, "forbidden domain code point"): a forbidden
// host code point, a C0 control, '%' or DEL.
func isForbiddenDomain(c byte) bool {
	return isForbiddenHost(c) || c <= 0x1f || c == '%' || c == 0x7f
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
// matter to an IPv4 address: the mapping step of UTS #46 (Section 4, step
// 1; idnaMapping) drops ignored code points and replaces mapped ones by
// their mapping; every other octet passes as it is. Normalization (NFC)
// does not matter to the IPv4 parser: it changes no digit, '.' or 'x'
// that no combining mark follows, and a mark makes the host no number.
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
		if to, ok := idnaMapping(cp); ok {
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

// hostIDNA is the URL Standard's "domain to ASCII" (URL Standard, "IDNA")
// for the host readers of Check (WebAuthority) and Addrs: a thin
// call into DomainToASCII; domain is percent-decoded UTF-8. It returns
// ascii, DomainToASCII's result; shown, the domain as a person should read
// it (DomainToUnicode of ascii, or ascii where that records an error); and
// bad, the offset in domain of the code point or label DomainToASCII
// rejects, or -1. This is the one place where Check and Addrs meet IDNA.
func hostIDNA(domain string) (ascii, shown string, bad int) {
	a, err := DomainToASCII(domain)
	if err != nil {
		if e, ok := err.(*Error); ok {
			return "", "", e.Offset
		}
		return "", "", 0
	}
	shown, err = DomainToUnicode(a)
	if err != nil {
		shown = a
	}
	return a, shown, -1
}

// hostNameFault returns the offset in name, a registered name for WithHost,
// of the first code point that no reader of a host name keeps as a
// character of the name: invalid UTF-8 or U+FFFD, a control character or
// white space (UTS #46 disallows them or maps them to a space, a
// forbidden domain code point); or -1. Other code points are WithHost's
// to percent-encode, whatever UTS #46 makes of them.
func hostNameFault(name string) int {
	for i := 0; i < len(name); {
		r, n := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError || r >= utf8.RuneSelf && (unicode.IsControl(r) || unicode.IsSpace(r)) {
			return i
		}
		i += n
	}
	return -1
}

// webPathAuthority returns the span [start, end) of u.Path that the URL
// Standard reads as u's authority when RFC 3986 reads none there:
// WebAuthority's condition, a special scheme other than file
// (webSpecialAuthority) and no host (no authority, or an empty host
// without userinfo and port). The browser skips the slashes and
// backslashes the path starts with, and the authority runs to the next
// '/', '\', '?' or '#' (URL Standard, "special authority ignore slashes
// state", "authority state"); tabs and newlines, which its preprocessing
// removes, are skipped too. ok is false for every other URI, and when the
// span is empty. The browser reads credentials in the span even where it
// rejects the rest (webHasHost).
func webPathAuthority(u URI) (start, end int, ok bool) {
	if u.HasAuthority && (u.Host != "" || u.HasUserinfo || u.HasPort) || u.Path == "" || !webSpecialAuthority(u.Scheme) {
		return 0, 0, false
	}
	p := u.Path
	for start < len(p) && strings.IndexByte("/\\\t\n\r", p[start]) >= 0 {
		start++
	}
	end = start
	for end < len(p) && strings.IndexByte("/\\?#", p[end]) < 0 {
		end++
	}
	return start, end, end > start
}

// webHasHost reports whether the authority text auth has a host after its
// credentials, before its port: without one, the URL Standard's parser
// fails (URL Standard, "authority state", "host state": host-missing).
func webHasHost(auth string) bool {
	at, _ := webCredentials(auth)
	return at+1 < len(auth) && auth[at+1] != ':'
}

// webCredentials splits the authority text auth as the URL Standard's
// authority state does: at is the offset of its last '@', or -1 without
// credentials, and colon the offset of the first ':' before it, or -1.
// The password is auth[colon+1:at], the host and port auth[at+1:].
func webCredentials(auth string) (at, colon int) {
	at = strings.LastIndexByte(auth, '@')
	if at < 0 {
		return -1, -1
	}
	return at, strings.IndexByte(auth[:at], ':')
}

// webRead reads u's text as a browser does, with the URL Standard's basic
// URL parser and hostIDNA for "domain to ASCII", for Check and Addrs.
// shown is the host as hostIDNA shows it (its Unicode form), when the host
// was not all ASCII.
func webRead(u URI) (w webURL, shown string, err error) {
	p := WebParser{IDNA: func(d string) (string, error) {
		a, s, bad := hostIDNA(d)
		if bad >= 0 {
			return "", ErrIDNA
		}
		shown = s
		return a, nil
	}}
	w, err = p.parse(u.String(), nil)
	return w, shown, err
}

// webHostAddr returns the IP address of a host the URL Standard's host
// parser serialized (URL Standard, "host serializing"), or false for a
// domain or an opaque host.
func webHostAddr(host string) (netip.Addr, bool) {
	if len(host) > 2 && host[0] == '[' && host[len(host)-1] == ']' {
		a, err := netip.ParseAddr(host[1 : len(host)-1])
		return a, err == nil
	}
	if isIPv4(host) {
		a, err := netip.ParseAddr(host)
		return a, err == nil
	}
	return netip.Addr{}, false
}
