package uri

import (
	"math"
	"slices"
	"unicode/utf8"
)

// Punycode, RFC 3492: the Bootstring encoding of a label's code points
// into the letters, digits and hyphen-minus of a host name label, which
// UTS #46 writes after "xn--" (UTS #46, Section 4, step 4, and Section
// 4.2, step 3).
//
// RFC 3492 describes encoding and decoding as loops that take time
// proportional to the length of the label times the number of distinct
// code points in it (encoding) or the square of the length (decoding,
// which inserts into the middle of the output). Labels of up to
// punyShort code points, which is every label DNS allows, run through
// those loops, transcribed step by step; domain names in URLs have no
// length limit (the URL Standard turns off UTS #46's VerifyDnsLength), so
// longer labels run in O(n log n) instead, with a Fenwick tree over the
// label's positions, and give exactly the same output (punycode_test.go
// compares the two on every length).

// Bootstring parameters for Punycode (RFC 3492, Section 5).
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 128
	punyDelimiter   = '-'
)

// punyShort is the longest label, in code points, that the RFC's loops
// always encode and decode; beyond it they do when the label has at most
// punyFew code points that are not basic, as they then take linear time.
const (
	punyShort = 64
	punyFew   = 8
)

// punyMaxInt is RFC 3492's maxint, the bound of its overflow checks
// (Section 6.4): the largest int32, as in most implementations. The
// checks compute in int64, where no product they form overflows (a value
// at most maxint times a digit or a weight factor, at most base, or a
// code point difference times a label length), so they need no division.
const punyMaxInt = math.MaxInt32

// punyAdapt is the bias adaptation function (RFC 3492, Section 6.1).
func punyAdapt(delta, numPoints int, first bool) int {
	// delta is at most maxint: the divisions run on 32 bits.
	d := uint32(delta)
	if first {
		d /= punyDamp
	} else {
		d /= 2
	}
	if numPoints <= int(d) {
		d += d / uint32(numPoints)
	}
	k := 0
	for d > (punyBase-punyTMin)*punyTMax/2 {
		d /= punyBase - punyTMin
		k += punyBase
	}
	return k + int((punyBase-punyTMin+1)*d/(d+punySkew))
}

// punyThreshold is t for position k of a variable-length integer (RFC
// 3492, Section 6.2 and 6.3).
func punyThreshold(k, bias int) int {
	switch {
	case k <= bias:
		return punyTMin
	case k >= bias+punyTMax:
		return punyTMax
	}
	return k - bias
}

// punyDigit returns the digit-value of c (RFC 3492, Section 5): "a"-"z"
// and "A"-"Z" are 0-25, "0"-"9" are 26-35.
func punyDigit(c byte) (int, bool) {
	switch {
	case 'a' <= c && c <= 'z':
		return int(c - 'a'), true
	case 'A' <= c && c <= 'Z':
		return int(c - 'A'), true
	case '0' <= c && c <= '9':
		return int(c-'0') + 26, true
	}
	return 0, false
}

// fenwick is a Fenwick (binary indexed) tree of counts over positions
// 0 to n-1, stored from index 1.
type fenwick []int32

// add adds d at position i.
func (f fenwick) add(i int, d int32) {
	for i++; i < len(f); i += i & -i {
		f[i] += d
	}
}

// prefix returns the sum over positions 0 to i-1.
func (f fenwick) prefix(i int) int {
	s := 0
	for ; i > 0; i -= i & -i {
		s += int(f[i])
	}
	return s
}

// find returns the position p whose prefix(p) is k and whose count is 1:
// the (k+1)th position counted. There must be one.
func (f fenwick) find(k int) int {
	p := 0
	for step := 1 << (bitLen(len(f)-1) - 1); step > 0; step >>= 1 {
		if q := p + step; q < len(f) && int(f[q]) <= k {
			p = q
			k -= int(f[q])
		}
	}
	return p
}

func bitLen(n int) int {
	b := 0
	for ; n > 0; n >>= 1 {
		b++
	}
	return b
}

// newFenwick returns a tree over n positions with every count 0 (ones
// false) or 1 (ones true).
func newFenwick(n int, ones bool) fenwick {
	f := make(fenwick, n+1)
	if ones {
		for i := 1; i <= n; i++ {
			f[i]++
			if j := i + i&-i; j <= n {
				f[j] += f[i]
			}
		}
	}
	return f
}

// punycodeEncode appends the Punycode encoding of label to dst (RFC 3492,
// Section 6.3), without the "xn--" prefix, and reports false on overflow:
// when a delta, or the weight of a digit the decoder would have to
// multiply, exceeds maxint (Section 6.4). The second check is the
// decoder's (Section 6.2, "let w = w * (base - t), fail on overflow"):
// with it every output decodes back to label.
func punycodeEncode(dst []byte, label []rune) ([]byte, bool) {
	if len(label) > punyShort {
		few := 0
		for _, r := range label {
			if r >= 0x80 {
				few++
			}
		}
		if few > punyFew {
			return punycodeEncodeLong(dst, label)
		}
	}
	// let n = initial_n, let delta = 0, let bias = initial_bias
	n, delta, bias := punyInitialN, int64(0), punyInitialBias
	// let h = b = the number of basic code points in the input; copy them
	// to the output in order, followed by a delimiter if b > 0
	b := 0
	// (and let m = the minimum {non-basic} code point >= n in the input,
	// which each pass of the loop below finds for the next)
	m := int(utf8.MaxRune + 1)
	for _, c := range label {
		switch {
		case c < 0 || c > utf8.MaxRune:
			return dst, false
		case c < 0x80:
			dst = append(dst, byte(c))
			b++
		case int(c) < m:
			m = int(c)
		}
	}
	h := b
	if b > 0 {
		dst = append(dst, punyDelimiter)
	}
	// while h < length(input) do begin
	for h < len(label) {
		// let delta = delta + (m - n) * (h + 1), fail on overflow
		d := int64(delta) + int64(m-n)*int64(h+1)
		if d > punyMaxInt {
			return dst, false
		}
		// delta is an int64 that only grows until it is output and reset:
		// an increment that overflows maxint is caught where delta is
		// next output or added to, which is the same failure.
		delta = d
		n, m = m, int(utf8.MaxRune+1)
		for _, c := range label {
			// if c < n {or c is basic} then increment delta, fail on overflow
			if int(c) < n {
				delta++
				continue
			}
			if int(c) != n {
				m = min(m, int(c))
				continue
			}
			if delta > punyMaxInt {
				return dst, false
			}
			// let q = delta; output q as a generalized variable-length
			// integer
			var ok bool
			if dst, ok = punyAppendDelta(dst, int(delta), bias); !ok {
				return dst, false
			}
			// let bias = adapt(delta, h + 1, test h equals b?)
			bias = punyAdapt(int(delta), h+1, h == b)
			delta = 0
			h++
		}
		delta++
		n++
	}
	return dst, true
}

// punycodeEncodeLong is punycodeEncode in O(n log n), for long labels.
func punycodeEncodeLong(dst []byte, label []rune) ([]byte, bool) {
	// The basic code points, in order, then the delimiter if there are any.
	b := 0
	for _, r := range label {
		if r < 0x80 {
			dst = append(dst, byte(r))
			b++
		}
	}
	if b > 0 {
		dst = append(dst, punyDelimiter)
	}
	if b == len(label) {
		return dst, true
	}
	// The others, as value<<32 | position, in the order the encoder
	// inserts them: by value, then by position.
	keys := make([]uint64, 0, len(label)-b)
	// Room for the output: two digits for each delta is the most common;
	// more, and it grows a few times.
	dst = slices.Grow(dst, 2*(len(label)-b))
	for p, r := range label {
		if r < 0 || r > 0x10FFFF {
			return dst, false
		}
		if r >= 0x80 {
			keys = append(keys, uint64(r)<<32|uint64(p))
		}
	}
	slices.Sort(keys)
	// handled counts, by position, the code points already inserted.
	handled := newFenwick(len(label), false)
	for p, r := range label {
		if r < 0x80 {
			handled.add(p, 1)
		}
	}
	n, i, bias, h := punyInitialN, 0, punyInitialBias, b
	for _, key := range keys {
		m, p := int(key>>32), int(key&0xFFFFFFFF)
		// The decoder's state goes from (n, i) to (m, at): at is where
		// the code point goes among the h already there.
		at := handled.prefix(p)
		total := int64(m-n)*int64(h+1) + int64(at) // the decoder's i after this delta
		if total > punyMaxInt {
			return dst, false
		}
		delta := int(total) - i
		var ok bool
		if dst, ok = punyAppendDelta(dst, delta, bias); !ok {
			return dst, false
		}
		bias = punyAdapt(delta, h+1, h == b)
		handled.add(p, 1)
		h++
		n, i = m, at+1
	}
	return dst, true
}

// punyAppendDelta appends delta as a generalized variable-length integer
// with the thresholds of bias (RFC 3492, Section 3.3 and 6.3), and
// reports false if the decoder's weight w would overflow maxint on the
// way (Section 6.2, "let w = w * (base - t), fail on overflow").
func punyAppendDelta(dst []byte, delta, bias int) ([]byte, bool) {
	// delta is at most maxint: the divisions run on 32 bits.
	q, w := uint32(delta), int64(1)
	for k := punyBase; ; k += punyBase {
		t := uint32(punyThreshold(k, bias))
		if q < t {
			break
		}
		dst = append(dst, punyDigitChar(int(t+(q-t)%(punyBase-t))))
		q = (q - t) / (punyBase - t)
		if w *= int64(punyBase - t); w > punyMaxInt {
			return dst, false
		}
	}
	return append(dst, punyDigitChar(int(q))), true
}

// punyDigitChar is the lowercase letter or digit of digit-value d.
func punyDigitChar(d int) byte { return punyDigits[d] }

// punyDigits are the digits of Punycode, by value (RFC 3492, Section 5).
const punyDigits = "abcdefghijklmnopqrstuvwxyz0123456789"

// punycodeDecode appends to dst the code points that s encodes (RFC
// 3492, Section 6.2), s without the "xn--" prefix and not overlapping
// dst, and reports false
// when s is not valid Punycode: a non-basic code point before the last
// delimiter, a character that is not a digit after it, a truncated
// integer, an overflow (Section 6.4), or a code point beyond U+10FFFF or
// a surrogate, which no Go string can hold. Letters of either case are
// digits (Section 5), and basic code points are copied as they are.
func punycodeDecode(dst, s []rune) ([]rune, bool) {
	if len(s) > punyShort {
		// Each code point it inserts takes a digit after the last
		// delimiter at least.
		b := 0
		for j := len(s) - 1; j >= 0; j-- {
			if s[j] == punyDelimiter {
				b = j
				break
			}
		}
		if len(s)-b > punyFew {
			return punycodeDecodeLong(dst, s)
		}
	}
	// consume all code points before the last delimiter (if there is one)
	// and copy them to output, fail on any non-basic code point
	start := len(dst)
	b := 0
	for j := len(s) - 1; j >= 0; j-- {
		if s[j] == punyDelimiter {
			b = j
			break
		}
	}
	for _, c := range s[:b] {
		if c >= 0x80 {
			return dst[:start], false
		}
		dst = append(dst, c)
	}
	// if more than zero code points were consumed then consume one more
	in := 0
	if b > 0 {
		in = b + 1
	}
	n, i, bias := punyInitialN, 0, punyInitialBias
	for in < len(s) {
		// let oldi = i, let w = 1; read a generalized variable-length
		// integer into i
		oldi, i64, w := i, int64(i), int64(1)
		for k := punyBase; ; k += punyBase {
			if in >= len(s) || s[in] >= utf8.RuneSelf {
				return dst[:start], false
			}
			digit, ok := punyDigit(byte(s[in]))
			in++
			if i64 += int64(digit) * w; !ok || i64 > punyMaxInt {
				return dst[:start], false
			}
			t := punyThreshold(k, bias)
			if digit < t {
				break
			}
			if w *= int64(punyBase - t); w > punyMaxInt {
				return dst[:start], false
			}
		}
		i = int(i64)
		length := len(dst) - start + 1
		bias = punyAdapt(i-oldi, length, oldi == 0)
		// let n = n + i div (length(output) + 1), fail on overflow; let
		// i = i mod (length(output) + 1)
		if i/length > utf8.MaxRune-n {
			return dst[:start], false
		}
		n += i / length
		i %= length
		if 0xD800 <= n && n <= 0xDFFF {
			return dst[:start], false
		}
		// insert n into output at position i, increment i
		dst = slices.Insert(dst, start+i, rune(n))
		i++
	}
	return dst, true
}

// punycodeDecodeLong is punycodeDecode in O(n log n), for long labels.
func punycodeDecodeLong(dst, s []rune) ([]rune, bool) {
	b := 0
	for j := len(s) - 1; j >= 0; j-- {
		if s[j] == punyDelimiter {
			b = j
			break
		}
	}
	for j := 0; j < b; j++ {
		if s[j] >= 0x80 {
			return dst, false
		}
	}
	in := 0
	if b > 0 {
		in = b + 1
	}
	// First pass: the code point and index of each insertion, in order:
	// one for each digit at most.
	pairs := make([]uint64, 0, len(s)-b)
	n, i, bias, length := punyInitialN, 0, punyInitialBias, b
	for in < len(s) {
		oldi, i64, w := i, int64(i), int64(1)
		for k := punyBase; ; k += punyBase {
			if in >= len(s) || s[in] >= utf8.RuneSelf {
				return dst, false
			}
			digit, ok := punyDigit(byte(s[in]))
			in++
			if i64 += int64(digit) * w; !ok || i64 > punyMaxInt {
				return dst, false
			}
			t := punyThreshold(k, bias)
			if digit < t {
				break
			}
			if w *= int64(punyBase - t); w > punyMaxInt {
				return dst, false
			}
		}
		i = int(i64)
		length++
		bias = punyAdapt(i-oldi, length, oldi == 0)
		if i/length > 0x10FFFF-n {
			return dst, false
		}
		n += i / length
		i %= length
		if 0xD800 <= n && n <= 0xDFFF {
			return dst, false
		}
		pairs = append(pairs, uint64(n)<<32|uint64(i))
		i++
	}
	// Second pass: place them. Going backwards, insertion k takes the
	// (index+1)th position that no later insertion took; the basic code
	// points fill the positions left, in order.
	start := len(dst)
	dst = slices.Grow(dst, length)[:start+length]
	out := dst[start:]
	for p := range out {
		out[p] = -1
	}
	free := newFenwick(length, true)
	for k := len(pairs) - 1; k >= 0; k-- {
		p := free.find(int(pairs[k] & 0xFFFFFFFF))
		out[p] = rune(pairs[k] >> 32)
		free.add(p, -1)
	}
	j := 0
	for p, r := range out {
		if r < 0 {
			out[p] = s[j]
			j++
		}
	}
	return dst, true
}
