package uri

import (
	"errors"
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
// parser between brackets. This file holds that host parser whole
// (webHost) with the readers it is made of and the errors it reports; the
// web parser (web.go) and its setters, the site functions, Vet and
// Addrs all read hosts with it, so that a reader fixed for one entry
// point is fixed for all of them. It depends on nothing above the host
// layer: UTS #46 (idna.go), the RFC 3986 IPv6 reader (ipv6.go), the
// percent-encode sets (percent.go) and the error type (errors.go).

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
// for the host readers of Vet (WebAuthority) and Addrs: a thin
// call into DomainToASCII; domain is percent-decoded UTF-8. It returns
// ascii, DomainToASCII's result; shown, the domain as a person should read
// it (DomainToUnicode of ascii, or ascii where that records an error); and
// bad, the offset in domain of the code point or label DomainToASCII
// rejects, or -1. This is the one place where Vet and Addrs meet IDNA.
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

// webPlainDomain reports whether h is a reg-name that RFC 3986 allows
// with no percent-encoding (unreserved and sub-delims only, all of which
// a domain may hold), and the host parser reads it as a domain that it
// only lowercases: not ending in a number unless it is an IPv4 address
// the IPv4 serializer writes as it is. A label that starts "xn--" is
// lowercased like any other (see webHost). upper says whether h has an
// uppercase letter. One pass over h tells all but the number.
func webPlainDomain(h string) (upper, ok bool) {
	marks := hostMarks(h)
	if marks&(markPct|markNotRegName) != 0 {
		return false, false
	}
	if endsInNumber(h) && !isIPv4(h) {
		return false, false
	}
	return marks&markUpper != 0, true
}

// hostMarks ORs the webHostMarks of h's octets: with no branch on the
// data but the loop's own (issue #31), eight octets a round, the last
// eight read again to cover the tail (an OR does not mind an octet twice).
func hostMarks(h string) (marks uint8) {
	t := &webHostMarks
	if len(h) < 8 {
		for i := 0; i < len(h); i++ {
			marks |= t[h[i]]
		}
		return marks
	}
	for i := 0; i+8 <= len(h); i += 8 {
		w := h[i : i+8]
		marks |= t[w[0]] | t[w[1]] | t[w[2]] | t[w[3]] | t[w[4]] | t[w[5]] | t[w[6]] | t[w[7]]
	}
	w := h[len(h)-8:]
	return marks | t[w[0]] | t[w[1]] | t[w[2]] | t[w[3]] | t[w[4]] | t[w[5]] | t[w[6]] | t[w[7]]
}

// webHostMarks marks the bytes of a host that webPlainDomain and webHost
// look for: an uppercase letter (ALPHA of the class table that is not
// lowercase), '%', an octet that no domain holds (a forbidden domain code
// point, URL Standard, "host representation", or a non-ASCII octet), and
// an octet that RFC 3986's reg-name does not hold (outside cRegName).
var webHostMarks = func() (t [256]uint8) {
	for c := range t {
		if is(byte(c), cAlpha) && c < 'a' {
			t[c] |= markUpper
		}
		if isForbiddenDomain(byte(c)) || c >= utf8.RuneSelf {
			t[c] |= markNotDomain
		}
		if !is(byte(c), cRegName) {
			t[c] |= markNotRegName
		}
	}
	t['%'] |= markPct
	return t
}()

const (
	markUpper uint8 = 1 << iota
	markPct
	markNotDomain
	markNotRegName // not an octet of RFC 3986's reg-name ('%' is: markPct)
)

// webHost is the host parser (URL Standard, "host parsing"): an IPv6
// literal, an opaque host for a non-special scheme, or a domain, which may
// be an IPv4 address; it returns the serialized host. left is where h
// starts, as webFail counts; idna is the WebParser's IDNA, nil for
// DomainToASCII.
func webHost(input, h string, left int, opaque bool, idna func(string) (string, error)) (string, error) {
	if strings.HasPrefix(h, "[") {
		var buf [48]byte
		if !strings.HasSuffix(h, "]") || len(h) < 3 {
			i, want := webIPv6Fault(h)
			return "", webFail(input, left-i, want)
		}
		a, ok := webIPv6(buf[:0], h[1:len(h)-1])
		if !ok {
			i, want := webIPv6Fault(h)
			return "", webFail(input, left-i, want)
		}
		if string(a) == h[1:len(h)-1] {
			return h, nil // already as the serializer writes it
		}
		return "[" + string(a) + "]", nil
	}
	if opaque {
		for i := 0; i < len(h); i++ {
			if c := h[i]; c != '%' && isForbiddenHost(c) {
				return "", webFail(input, left-i, "an opaque host without "+strconv.QuoteRune(rune(c)))
			}
		}
		return webEncodeString(h, encC0), nil
	}
	// domain: percent-decode, UTF-8 decode (invalid sequences become
	// U+FFFD), domain to ASCII. A domain of ASCII octets that a domain
	// may hold, with no '%', is only lowercased: one pass over it tells.
	if marks := hostMarks(h); marks&markNotDomain == 0 && h != "" { // '%' is a forbidden domain code point
		d := h
		if marks&markUpper != 0 {
			d = strings.ToLower(h)
		}
		return webIPv4Host(input, left, h, d, true)
	}
	d := h
	if strings.IndexByte(h, '%') >= 0 {
		d = strings.ToValidUTF8(string(webDecodeHost(h)), "\uFFFD")
	}
	ascii := isASCII(d)
	if ascii {
		// An ASCII domain is lowercased, "xn--" labels included, with
		// no Punycode check (URL Standard, "IDNA", "domain to ASCII",
		// step 1, since 2026-06-25).
		d = strings.ToLower(d)
	} else {
		a, err := domainToASCII(d, idna)
		if err != nil || a == "" {
			return "", webIDNAFail(input, left, h, d, err)
		}
		if idna == nil {
			// DomainToASCII's result is lowercase and holds no
			// forbidden domain code point
			return webIPv4Host(input, left, h, a, false)
		}
		d = strings.ToLower(a)
	}
	if d == "" {
		return "", webFail(input, left, "a host")
	}
	for i := 0; i < len(d); i++ {
		if c := d[i]; isForbiddenDomain(c) || c >= utf8.RuneSelf {
			at := 0 // the host, when d is IDNA's output
			if ascii {
				at = octetOffset(h, i)
			}
			return "", webFail(input, left-at, "a domain without "+strconv.QuoteRune(rune(c)))
		}
	}
	return webIPv4Host(input, left, h, d, ascii)
}

// webIPv4Host ends the host parser for d, the ASCII domain that h gives
// (ascii says whether h was ASCII): a domain that ends in a number is an
// IPv4 address, serialized, and an error where it is not a valid one
// (URL Standard, "host parsing", steps 8 and 9).
func webIPv4Host(input string, left int, h, d string, ascii bool) (string, error) {
	if !endsInNumber(d) {
		return d, nil
	}
	if isIPv4(d) {
		return d, nil // dotted decimal already: the serialization
	}
	a, ok := whatwgIPv4(d)
	if !ok {
		at := 0 // the host, when d is not h's text
		if ascii && len(d) == len(h) {
			at = webIPv4Fault(d)
		}
		return "", webFail(input, left-at, "a valid IPv4 address")
	}
	return a.String(), nil
}

// domainToASCII is the URL Standard's "domain to ASCII" (URL Standard,
// "IDNA") for d, a domain that is not all ASCII: idna (a WebParser's
// IDNA) when set, else DomainToASCII.
func domainToASCII(d string, idna func(string) (string, error)) (string, error) {
	if idna != nil {
		return idna(d)
	}
	return DomainToASCII(d)
}

// webIDNAError is the Err of an *Error for a host that "domain to ASCII"
// rejects: it wraps ErrWebIDNA and the IDNA function's error (an *Error
// wrapping ErrIDNA, for DomainToASCII), so that errors.Is finds both. Its
// message is ErrWebIDNA's: the detail is in the *Error's Expected.
type webIDNAError struct{ err error }

func (e webIDNAError) Error() string   { return ErrWebIDNA.Error() }
func (e webIDNAError) Unwrap() []error { return []error{ErrWebIDNA, e.err} }

// webIDNAFail returns the error for h, a host that "domain to ASCII"
// rejects with err (nil for an empty result); d is h percent-decoded and
// made valid UTF-8. An *Error from the IDNA function (DomainToASCII's)
// gives its Expected and, through d, the offset in input of the octet at
// fault; any other error gives the host's start. left is where h starts,
// as webFail counts. It runs on the error path only.
func webIDNAFail(input string, left int, h, d string, err error) error {
	want := "a domain that \"domain to ASCII\" accepts"
	at := 0
	var e *Error
	if errors.As(err, &e) && e.Input == d && e.Offset >= 0 && e.Offset <= len(d) {
		want = e.Expected + ", for \"domain to ASCII\""
		at = octetOffset(h, validUTF8Offset(webDecodeHost(h), e.Offset))
	}
	if err == nil {
		err = ErrIDNA
	}
	return &Error{Input: input, Offset: inputOffset(input, left-at), Err: webIDNAError{err}, Expected: want + " (URL Standard, \"IDNA\")"}
}

// webDecodeHost returns the octets of h percent-decoded, as the host
// parser reads a domain (URL Standard, "host parsing").
func webDecodeHost(h string) []byte {
	b := make([]byte, 0, len(h))
	for i := 0; i < len(h); {
		o, next, _ := octetAt(h, i)
		b = append(b, o)
		i = next
	}
	return b
}

// validUTF8Offset maps offset n of strings.ToValidUTF8(string(b),
// "\uFFFD"), which writes one U+FFFD for each run of invalid octets, back
// to the offset in b of the same octet (of the run's first octet for a
// U+FFFD it wrote).
func validUTF8Offset(b []byte, n int) int {
	i, j := 0, 0 // offsets in b and in the valid text
	for i < len(b) && j < n {
		r, size := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || size > 1 {
			i, j = i+size, j+size
			continue
		}
		run := i
		for i < len(b) {
			if r, size := utf8.DecodeRune(b[i:]); r != utf8.RuneError || size > 1 {
				break
			}
			i++
		}
		j += utf8.RuneLen(utf8.RuneError)
		if j > n {
			return run // n is inside the U+FFFD: the run's first octet
		}
	}
	return i
}

// webIPv6Fault returns the offset in h, a host that starts with '[' and
// that the IPv6 parser rejects, of the octet where it fails, and what was
// expected there. The URL Standard's IPv6 parser accepts exactly the
// IPv6address of RFC 3986, so the offset is where that rule fails, or
// where ']' or the end of the host was due after it. It runs on the error
// path only.
func webIPv6Fault(h string) (int, string) {
	i, f := ipv6Address(h, 1)
	switch {
	case f.err != nil:
		return i, f.want + " (URL Standard, \"IPv6 parser\")"
	case i >= len(h) || h[i] != ']':
		return i, "']' to close the IPv6 address"
	}
	return i + 1, "the end of the host after ']'"
}

// octetOffset returns the offset in h of the octet that percent-decoding
// h makes its n-th (from 0), counting a "%XX" triplet as one octet.
func octetOffset(h string, n int) int {
	i := 0
	for ; n > 0 && i < len(h); n-- {
		_, i, _ = octetAt(h, i)
	}
	return i
}

// webIPv4Fault returns the offset in d, a domain that ends in a number
// and that the IPv4 parser rejects (URL Standard, "IPv4 parser"), of the
// part that makes it fail: the fifth part when there are more than four,
// else the first part that is not a number below 2^32 (an empty one
// included), else the first part before the last that is above 255, else
// the last part, which is then too large for the octets the others leave.
// It runs on the error path only.
func webIPv4Fault(d string) int {
	parts := strings.Split(strings.TrimSuffix(d, "."), ".")
	at := func(k int) int { // the offset of parts[k]
		n := 0
		for _, p := range parts[:k] {
			n += len(p) + 1
		}
		return n
	}
	if len(parts) > 4 {
		return at(4)
	}
	for k, p := range parts {
		if _, ok := whatwgIPv4(p); !ok {
			return at(k)
		}
	}
	for k, p := range parts[:len(parts)-1] {
		// one part n reads as the address n, which is above 255 when an
		// octet before the last is set
		if a, _ := whatwgIPv4(p); a.As4()[0]|a.As4()[1]|a.As4()[2] != 0 {
			return at(k)
		}
	}
	return at(len(parts) - 1)
}

// endsInNumber is the URL Standard's "ends in a number checker".
func endsInNumber(d string) bool {
	d = strings.TrimSuffix(d, ".")
	if d != "" && d[len(d)-1]|0x20 > 'f' && d[len(d)-1]|0x20 != 'x' {
		return false // most names: the last label ends in a letter after 'f'
	}
	if i := strings.LastIndexByte(d, '.'); i >= 0 {
		d = d[i+1:]
	}
	if d == "" || d[0]-'0' >= 10 {
		return false // both kinds of number start with a digit
	}
	all := true
	for i := 0; i < len(d); i++ {
		if !is(d[i], cDigit) {
			all = false
		}
	}
	if all {
		return true
	}
	if len(d) >= 2 && (d[:2] == "0x" || d[:2] == "0X") {
		for i := 2; i < len(d); i++ {
			if !is(d[i], cHex) {
				return false
			}
		}
		return true
	}
	return false
}
