package uri

import (
	"errors"
	"unicode/utf8"
)

// ErrMediaType reports a string that the MIME Sniffing Standard's "parse
// a MIME type" rejects: a type or subtype that is empty or holds a
// character that is not an HTTP token code point, or no '/' between
// them. ParseMediaType returns it inside an *Error whose Offset is the
// byte at fault.
var ErrMediaType = errors.New("uri: invalid MIME type")

// Code point classes of the MIME Sniffing Standard ("Terminology"), by
// byte.
const (
	httpTokenChars      = "!#$%&'*+-.^_`|~" + digitChars + alphaChars // HTTP token code points
	httpWhitespaceChars = "\t\n\r "                                   // HTTP whitespace
)

// mimeClass has bit 1 for an HTTP token code point and bit 2 for HTTP
// whitespace.
var mimeClass = func() (t [256]uint8) {
	for i := 0; i < len(httpTokenChars); i++ {
		t[httpTokenChars[i]] |= 1
	}
	for i := 0; i < len(httpWhitespaceChars); i++ {
		t[httpWhitespaceChars[i]] |= 2
	}
	return t
}()

func isHTTPToken(c byte) bool      { return mimeClass[c]&1 != 0 }
func isHTTPWhitespace(c byte) bool { return mimeClass[c]&2 != 0 }

// ParseMediaType parses s as the MIME Sniffing Standard's "parse a MIME
// type" does and returns the MIME type record serialized ("serialize a
// MIME type"): the type and subtype and the parameter names in
// lowercase, the parameters in their order with the first of each name
// kept and those that are not valid dropped, a value quoted when it is
// empty or not all HTTP token code points. "TEXT/HTML ; Charset=\"gbk\""
// is "text/html;charset=gbk". s is UTF-8 text; a parameter value may
// hold U+0080 to U+00FF (HTTP quoted-string token code points), and a
// parameter with any other non-ASCII character is dropped.
//
// When s is already in that form it is returned without allocating. An
// error is an *Error wrapping ErrMediaType at the byte at fault.
func ParseMediaType(s string) (string, error) {
	var stack [128]byte
	t, at, want := appendMediaType(stack[:0], s)
	if want != "" {
		return "", &Error{Input: s, Offset: at, Err: ErrMediaType, Expected: want + ` (MIME Sniffing Standard, "parse a MIME type")`}
	}
	return sameOrString(s, t), nil
}

// sameOrString returns s without its leading and trailing HTTP whitespace
// when that is t, and t as a new string otherwise.
func sameOrString(s string, t []byte) string {
	i, j := httpTrim(s)
	if string(t) == s[i:j] {
		return s[i:j]
	}
	return string(t)
}

// httpTrim returns the bounds of s without its leading and trailing HTTP
// whitespace.
func httpTrim(s string) (i, j int) {
	i, j = 0, len(s)
	for i < j && isHTTPWhitespace(s[i]) {
		i++
	}
	for j > i && isHTTPWhitespace(s[j-1]) {
		j--
	}
	return i, j
}

// appendMediaType is "parse a MIME type" then "serialize a MIME type"
// (MIME Sniffing Standard), appending the serialization to b. On failure
// want says what was expected at offset at of s.
func appendMediaType(b []byte, s string) (_ []byte, at int, want string) {
	// 1. Remove any leading and trailing HTTP whitespace from input.
	i, end := httpTrim(s)
	// 2.-4. type: HTTP token code points up to '/'
	start := i
	for i < end && s[i] != '/' {
		if !isHTTPToken(s[i]) {
			return b, i, "an HTTP token code point or '/'"
		}
		i++
	}
	if i == start {
		return b, i, "a type (an HTTP token)"
	}
	if i == end {
		return b, i, "'/' and a subtype"
	}
	b = appendLower(b, s[start:i])
	b = append(b, '/')
	// 5.-8. subtype: up to ';', trailing HTTP whitespace removed
	i++
	start = i
	for i < end && s[i] != ';' {
		i++
	}
	k := i
	for k > start && isHTTPWhitespace(s[k-1]) {
		k--
	}
	if k == start {
		return b, start, "a subtype (an HTTP token)"
	}
	for j := start; j < k; j++ {
		if !isHTTPToken(s[j]) {
			return b, j, "an HTTP token code point or ';'"
		}
	}
	b = appendLower(b, s[start:k])
	return appendMIMEParams(b, s[:end], i), 0, ""
}

// appendMIMEParams is step 10 of "parse a MIME type" (MIME Sniffing
// Standard) on s from i, a ';' or the end, with the serialization of the
// parameters it keeps appended to b.
func appendMIMEParams(b []byte, s string, i int) []byte {
	end := len(s)
	var names [8][2]int // where the names kept so far are in s
	var extra [][2]int  // and those after the eighth
	n := 0
	for i < end {
		// 10.1-10.2. skip ';' and HTTP whitespace
		i++
		for i < end && isHTTPWhitespace(s[i]) {
			i++
		}
		// 10.3. parameterName: up to ';' or '='
		ns := i
		for i < end && s[i] != ';' && s[i] != '=' {
			i++
		}
		ne := i
		// 10.5.
		if i < end {
			if s[i] == ';' {
				continue
			}
			i++ // '='
		}
		// 10.6.
		if i >= end {
			break
		}
		// 10.7.-10.9. parameterValue
		var v string
		quoted := s[i] == '"'
		if quoted {
			// collect an HTTP quoted string with the extract-value flag:
			// v is the text between the quotes, escapes still in it
			i++
			vs := i
			for i < end && s[i] != '"' {
				if s[i] == '\\' && i+1 < end {
					i++
				}
				i++
			}
			v = s[vs:i]
			for i < end && s[i] != ';' {
				i++
			}
		} else {
			vs := i
			for i < end && s[i] != ';' {
				i++
			}
			ve := i
			for ve > vs && isHTTPWhitespace(s[ve-1]) {
				ve--
			}
			if ve == vs {
				continue
			}
			v = s[vs:ve]
		}
		// 10.10. keep a valid parameter whose name is new
		if ne == ns || !allHTTPToken(s[ns:ne]) || !quotedStringTokens(v) {
			continue
		}
		if keptName(s, names[:min(n, len(names))], s[ns:ne]) || keptName(s, extra, s[ns:ne]) {
			continue
		}
		if n < len(names) {
			names[n] = [2]int{ns, ne}
		} else {
			extra = append(extra, [2]int{ns, ne})
		}
		n++
		b = append(b, ';')
		b = appendLower(b, s[ns:ne])
		b = append(b, '=')
		b = appendMIMEValue(b, v, quoted)
	}
	return b
}

// appendMIMEValue appends a parameter value as "serialize a MIME type"
// writes it: v (with the backslash escapes of a quoted string resolved
// when quoted) as it is when it is a non-empty run of HTTP token code
// points, and otherwise in quotes with '"' and '\' escaped.
func appendMIMEValue(b []byte, v string, quoted bool) []byte {
	token := v != ""
	forValue(v, quoted, func(c byte) {
		token = token && isHTTPToken(c)
	})
	if token {
		if !quoted {
			return append(b, v...)
		}
		forValue(v, true, func(c byte) { b = append(b, c) })
		return b
	}
	b = append(b, '"')
	forValue(v, quoted, func(c byte) {
		if c == '"' || c == '\\' {
			b = append(b, '\\')
		}
		b = append(b, c)
	})
	return append(b, '"')
}

// forValue calls f with each byte of a parameter value, v as
// appendMediaType cut it: for a quoted string, each '\' escapes the
// byte after it, and one at the end stands for itself ("collect an HTTP
// quoted string", extract-value).
func forValue(v string, quoted bool, f func(byte)) {
	for i := 0; i < len(v); i++ {
		if quoted && v[i] == '\\' && i+1 < len(v) {
			i++
		}
		f(v[i])
	}
}

// keptName reports whether name is, in ASCII case only, one of the names
// at spans of s.
func keptName(s string, spans [][2]int, name string) bool {
	for _, sp := range spans {
		if equalFoldASCII(s[sp[0]:sp[1]], name) {
			return true
		}
	}
	return false
}

// allHTTPToken reports whether s is all HTTP token code points.
func allHTTPToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHTTPToken(s[i]) {
			return false
		}
	}
	return true
}

// quotedStringTokens reports whether UTF-8 text s is all HTTP
// quoted-string token code points: U+0009, U+0020 to U+007E, U+0080 to
// U+00FF (MIME Sniffing Standard, "Terminology"). Backslash escapes need
// no care: '\' is one, and every other character of the raw text is in
// the extracted value.
func quotedStringTokens(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c != '\t' && (c < 0x20 || c == 0x7f) {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r > 0xff || r == utf8.RuneError && n == 1 {
			return false
		}
		i += n
	}
	return true
}
