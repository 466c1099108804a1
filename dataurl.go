package uri

import (
	"errors"
	"strings"
)

// ErrDataURL reports a URL that the Fetch Standard's "data: URL
// processor" fails on: its scheme is not data, it has no ',' before its
// body, or its body is marked ";base64" and "forgiving-base64 decode"
// fails on it. ParseDataURL returns it inside an *Error whose Offset is
// the byte at fault in the caller's string: the start of the scheme, the
// end of the URL (before any fragment) when the ',' is missing, the
// character that is not base64 or the end of a body of a length that
// base64 cannot have. A string that is not a URL at all fails as
// ParseWeb fails, with ErrWeb.
var ErrDataURL = errors.New("uri: invalid data: URL")

// DataURL is a data: URL taken apart by the Fetch Standard's "data: URL
// processor".
type DataURL struct {
	// MediaType is the MIME type record, serialized as the MIME Sniffing
	// Standard serializes it ("serialize a MIME type"): lowercase type,
	// subtype and parameter names, "image/png",
	// "text/plain;charset=utf-8". It is "text/plain;charset=US-ASCII"
	// when the URL gives none or one that does not parse.
	MediaType string
	// Body is the body: percent-decoded, then base64-decoded when the
	// MIME type ended in ";base64".
	Body []byte
}

// defaultDataMediaType is the MIME type of a data: URL that gives none
// that parses (Fetch Standard, "data: URL processor", step 11).
const defaultDataMediaType = "text/plain;charset=US-ASCII"

// ParseDataURL parses s as a browser reads a data: URL: the basic URL
// parser with no base (URL Standard, "URL parsing"), then the Fetch
// Standard's "data: URL processor" on the URL serialized without its
// fragment. The MIME type is what the text before the first ',' gives,
// its ";base64" mark taken off ("parse a MIME type", MIME Sniffing
// Standard), and the body is the rest percent-decoded (URL Standard,
// "percent-decode"), then, with the mark, base64-decoded as
// "forgiving-base64 decode" (Infra Standard) does: ASCII whitespace is
// ignored, '=' padding is optional, and bits left over are dropped.
// "data:,A%20brief%20note" is text/plain;charset=US-ASCII and "A brief
// note"; "data:image/png;base64,iVBORw0KGgo=" is image/png and the
// eight bytes of the PNG signature.
//
// The body is made in one allocation, and the MIME type takes none when
// s spells it in its serialized form (AppendDataURLBody decodes the body
// into a buffer of the caller's). An error is an *Error wrapping
// ErrDataURL, or ErrWeb when s is not a URL.
func ParseDataURL(s string) (DataURL, error) {
	rest, offset, err := dataURLText(s)
	if err != nil {
		return DataURL{}, err
	}
	_, comma, b64, at, want := dataURLBody(nil, rest, true)
	if want != "" {
		return DataURL{}, dataURLError(s, rest, offset, at, want)
	}
	body, _, _, _, _ := dataURLBody(make([]byte, 0, len(rest)-comma-1), rest, false)
	mt := dataMediaType(rest[:comma], b64)
	return DataURL{MediaType: mt, Body: body}, nil
}

// AppendDataURLBody appends the body of the data: URL s, decoded as
// ParseDataURL decodes it, to dst, and returns the extended buffer. It
// reads no MIME type but for its ";base64" mark, and, for a URL that the
// URL parser leaves as it is (no tab or newline, no control or non-ASCII
// byte, a path that does not start with '/'), it does not allocate: a
// caller that reuses dst decodes many URLs with no garbage. On error dst is returned
// as it was, with the error ParseDataURL gives.
func AppendDataURLBody(dst []byte, s string) ([]byte, error) {
	rest, offset, err := dataURLText(s)
	if err != nil {
		return dst, err
	}
	if _, _, _, at, want := dataURLBody(nil, rest, true); want != "" {
		return dst, dataURLError(s, rest, offset, at, want)
	}
	dst, _, _, _, _ = dataURLBody(dst, rest, false)
	return dst, nil
}

// dataURLText parses s with the basic URL parser and returns the URL
// serialized without its fragment and without the leading "data:" (Fetch
// Standard, "data: URL processor", steps 2 and 3). When that text is a
// substring of s, rest is it and offset is where it starts in s;
// otherwise rest is made and offset is -1.
func dataURLText(s string) (rest string, offset int, err error) {
	w, err := WebParser{}.parse(s, nil)
	if err != nil {
		return "", 0, err
	}
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	if w.scheme != "data" {
		return "", 0, &Error{Input: s, Offset: i, Err: ErrDataURL, Expected: `the scheme "data" (Fetch Standard, "data: URL processor")`}
	}
	if w.isOpaque && equalFoldASCII(s[i:min(i+len("data:"), j)], "data:") {
		// the text after "data:" in s is, up to the fragment, the
		// serialization itself when the parser changed nothing
		t := s[i+len("data:"):]
		n := len(w.opaque)
		if w.hasQuery {
			n += 1 + len(w.query)
		}
		if n <= len(t) && t[:len(w.opaque)] == w.opaque && (!w.hasQuery || t[len(w.opaque)] == '?' && t[len(w.opaque)+1:n] == w.query) {
			return t[:n], i + len("data:"), nil
		}
		if !w.hasQuery {
			return w.opaque, -1, nil
		}
		return w.opaque + "?" + w.query, -1, nil
	}
	w.hasFragment = false
	var stack [256]byte
	return string(w.href(stack[:0])[len("data:"):]), -1, nil
}

// dataURLError is the *Error for a fault at index at of rest, the text
// dataURLText returned, which starts at offset in s, or which it made
// (offset -1).
func dataURLError(s, rest string, offset, at int, want string) error {
	off := offset + at
	if offset < 0 {
		off = dataURLOffset(s, rest, at)
	}
	return &Error{Input: s, Offset: off, Err: ErrDataURL, Expected: want + ` (Fetch Standard, "data: URL processor")`}
}

// dataURLOffset maps index at of rest, the serialization after "data:"
// that the URL parser made of s, back to an offset in s. For an opaque
// path and query the parser only removed tabs, newlines and the leading
// and trailing C0 controls and spaces, and percent-encoded single bytes,
// so the two are walked side by side; otherwise (a path starting with
// '/') the offset is that of the body, after the first ',' of s.
func dataURLOffset(s, rest string, at int) int {
	i, end := 0, len(s)
	for i < end && s[i] <= ' ' {
		i++
	}
	for end > i && s[end-1] <= ' ' {
		end--
	}
	skip := func() {
		for i < end && (s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
	}
	for n := 0; n < len("data:"); n++ {
		skip()
		i++
	}
	skip()
	if i < end && s[i] == '/' {
		return strings.IndexByte(s, ',') + 1
	}
	for k := 0; k < at && i < end; {
		if rest[k] == '%' && s[i] != '%' {
			k += 3 // a byte the parser percent-encoded
		} else {
			k++
		}
		i++
		skip()
	}
	return i
}

// dataURLBody runs the body steps of the data: URL processor on rest, the
// URL's text after "data:" (Fetch Standard, "data: URL processor", steps
// 4 to 10): it finds the ',' (comma, its index), reads the ";base64"
// mark of the text before it (b64), and appends the body to dst, which it
// returns. With
// check set it appends nothing and only reports where the body fails: at
// is then the index in rest of the byte at fault, want what was expected
// there, and want is "" when the body decodes.
func dataURLBody(dst []byte, rest string, check bool) (_ []byte, comma int, b64 bool, at int, want string) {
	comma = strings.IndexByte(rest, ',')
	if comma < 0 {
		return dst, 0, false, len(rest), "',' before the body"
	}
	b64 = base64Marked(rest[:comma])
	body := rest[comma+1:]
	if !b64 {
		if !check {
			for i := 0; i < len(body); {
				var c byte
				c, i, _ = octetAt(body, i)
				dst = append(dst, c)
			}
		}
		return dst, comma, false, 0, ""
	}
	dst, at, want = forgivingBase64(dst, body, check)
	return dst, comma, true, comma + 1 + at, want
}

// base64Marked reports whether mimeType, trimmed of ASCII whitespace,
// ends with ';', any spaces, then "base64" in any case (Fetch Standard,
// "data: URL processor", step 9).
func base64Marked(mimeType string) bool {
	t := trimASCIIWhitespace(mimeType)
	if len(t) < len(";base64") || !equalFoldASCII(t[len(t)-6:], "base64") {
		return false
	}
	t = strings.TrimRight(t[:len(t)-6], " ")
	return strings.HasSuffix(t, ";")
}

// dataMediaType returns the data: URL's MIME type, serialized, from
// mimeType, the text before the ',' (Fetch Standard, "data: URL
// processor", steps 5 and 9 to 12).
func dataMediaType(mimeType string, b64 bool) string {
	t := trimASCIIWhitespace(mimeType)
	if b64 {
		t = strings.TrimRight(t[:len(t)-6], " ")
		t = t[:len(t)-1]
	}
	var stack [128]byte
	if strings.HasPrefix(t, ";") {
		// "text/plain" prepended
		return string(appendMIMEParams(append(stack[:0], "text/plain"...), t, 0))
	}
	b, _, want := appendMediaType(stack[:0], t)
	if want != "" {
		return defaultDataMediaType
	}
	return sameOrString(t, b)
}

// trimASCIIWhitespace removes leading and trailing ASCII whitespace: tab,
// LF, FF, CR and space (Infra Standard, "ASCII whitespace").
func trimASCIIWhitespace(s string) string {
	return strings.Trim(s, "\t\n\f\r ")
}

// isASCIIWhitespace reports whether c is ASCII whitespace (Infra
// Standard).
func isASCIIWhitespace(c byte) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

// base64Value is the value of each base64 alphabet character (RFC 4648,
// Section 4), and 0xff for every other byte.
var base64Value = func() (t [256]byte) {
	const alphabet = alphaChars + digitChars + "+/" // RFC 4648, Table 1
	for i := range t {
		t[i] = 0xff
	}
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = byte(i)
	}
	return t
}()

// forgivingBase64 is the Infra Standard's "forgiving-base64 decode" of the
// percent-decoding of body (URL Standard, "percent-decode"), read in one
// pass for the checks and one for the output, with no copy: with check
// set it only reports the failure (at, the index in body of the byte at
// fault, and want, "" when there is none); otherwise it appends the bytes
// to dst, which it returns.
func forgivingBase64(dst []byte, body string, check bool) (_ []byte, at int, want string) {
	if check {
		// 1. Remove all ASCII whitespace. 2. Take off one or two '=' at
		// the end when the length is a multiple of 4. 3. A length of 1
		// modulo 4 is a failure. 4. Every other code point must be in
		// the base64 alphabet.
		n := 0               // characters but whitespace
		lastC, prevC := 0, 0 // the last two of them
		for i := 0; i < len(body); {
			c, next, _ := octetAt(body, i)
			if !isASCIIWhitespace(c) {
				n++
				prevC, lastC = lastC, int(c)
			}
			i = next
		}
		pad := 0
		if n%4 == 0 && lastC == '=' {
			pad = 1
			if prevC == '=' {
				pad = 2
			}
		}
		k := 0
		for i := 0; i < len(body) && k < n-pad; {
			c, next, _ := octetAt(body, i)
			if !isASCIIWhitespace(c) {
				if base64Value[c] == 0xff {
					return dst, i, "a base64 character (A-Z, a-z, 0-9, '+', '/'), or '=' padding at the end"
				}
				k++
			}
			i = next
		}
		if (n-pad)%4 == 1 {
			return dst, len(body), "a base64 body of a length other than 1 modulo 4"
		}
		return dst, 0, ""
	}
	n := 0
	for i := 0; i < len(body); {
		c, next, _ := octetAt(body, i)
		if !isASCIIWhitespace(c) {
			n++
		}
		i = next
	}
	var acc uint32
	bits := 0
	for i, k := 0, 0; i < len(body) && k < n; {
		c, next, _ := octetAt(body, i)
		i = next
		if isASCIIWhitespace(c) {
			continue
		}
		k++
		v := base64Value[c]
		if v == 0xff {
			break // the '=' padding, which check let through at the end
		}
		acc = acc<<6 | uint32(v)
		bits += 6
		if bits >= 8 {
			bits -= 8
			dst = append(dst, byte(acc>>bits))
		}
	}
	return dst, 0, ""
}
