package uri

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Sentinel errors, one per component in which RFC 3986's grammar can fail.
// Every error returned by a parsing function is an *Error whose Err field is
// one of these, so callers test for the fault kind with errors.Is:
//
//	if errors.Is(err, uri.ErrPort) { ... }
var (
	// ErrScheme reports a missing or malformed scheme (RFC 3986, Section 3.1),
	// a scheme where none is allowed (a relative reference, RFC 3986, Section 4.2),
	// or a colon in the first segment of a relative reference, which would
	// read as a scheme delimiter.
	ErrScheme = errors.New("uri: invalid scheme")
	// ErrUserinfo reports a malformed userinfo (RFC 3986, Section 3.2.1).
	ErrUserinfo = errors.New("uri: invalid userinfo")
	// ErrHost reports a malformed host: reg-name, IPv4address or IP-literal
	// (RFC 3986, Section 3.2.2).
	ErrHost = errors.New("uri: invalid host")
	// ErrPort reports a port that is not all digits (RFC 3986, Section 3.2.3).
	ErrPort = errors.New("uri: invalid port")
	// ErrPath reports a malformed path (RFC 3986, Section 3.3).
	ErrPath = errors.New("uri: invalid path")
	// ErrQuery reports a malformed query (RFC 3986, Section 3.4).
	ErrQuery = errors.New("uri: invalid query")
	// ErrFragment reports a malformed fragment (RFC 3986, Section 3.5), or a
	// fragment where none is allowed (an absolute URI, RFC 3986, Section 4.3).
	ErrFragment = errors.New("uri: invalid fragment")
)

// Error describes where and why a string is not a URI under RFC 3986.
//
// Offset is the byte offset in Input of the first byte that the grammar does
// not allow; it is len(Input) when the input ends too early. Err is one of the
// sentinels (ErrScheme, ErrHost, ErrPort, ...) and names the component.
// Expected says, in words, what the grammar allows at Offset.
//
// Input holds the text exactly as given, password included; the Error method
// masks a password in the userinfo and shortens long input, so the message
// is safe to log.
type Error struct {
	Input    string // the text that failed to parse
	Offset   int    // byte offset in Input of the first offending byte
	Err      error  // the sentinel naming the component: ErrScheme, ErrHost, ...
	Expected string // what RFC 3986's grammar allows at Offset

	// authority says that Input is an authority alone, without "//" (a
	// Host field value, a CONNECT request-target), so that its userinfo,
	// which the mask must hide, starts at offset 0.
	authority bool
}

// Unwrap returns the sentinel, so that errors.Is(err, ErrPort) works.
func (e *Error) Unwrap() error { return e.Err }

// GoString implements fmt.GoStringer, so that %#v, which would print the
// fields, prints Input with its password masked as Error does.
func (e *Error) GoString() string {
	r := e.redact()
	return "&uri.Error{Input:" + strconv.Quote(r.s) + ", Offset:" + strconv.Itoa(e.Offset) +
		", Err:" + fmt.Sprintf("%#v", e.Err) + ", Expected:" + strconv.Quote(e.Expected) + "}"
}

// maxQuoted is how many bytes of input Error quotes before shortening it.
const maxQuoted = 64

// Error formats the fault as
//
//	uri: invalid port at offset 9 in "http://h:8a/": expected digit
//
// A password in the userinfo is replaced by "xxxxx", and input longer than
// 64 bytes is cut to a window around Offset with "..." marking the cuts.
func (e *Error) Error() string {
	var b strings.Builder
	msg := "uri: invalid URI"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	b.WriteString(msg)
	b.WriteString(" at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	b.WriteString(" in ")
	b.WriteString(strconv.Quote(quoteWindow(e.redact())))
	if e.Expected != "" {
		b.WriteString(": expected ")
		b.WriteString(e.Expected)
	}
	return b.String()
}

// redactedInput is the input with any password masked, and the offset
// translated into it.
type redactedInput struct {
	s   string
	off int
}

// redactInput masks the password of the userinfo (RFC 3986, Section
// 3.2.1) in s, so that error messages never print it, and translates the
// offset into the masked text. It works on any text, valid or not.
//
// A password may hold '/', '?', '#', '@' and ':' (base64 and cloud secrets
// do), and in text that fails to parse nothing tells where it ends, nor
// does the parser's reading of valid-looking text ("u:p#w@h" reads as a
// fragment). So the mask runs from the first ':' after the first "//" to
// the last '@' of the whole text: it can hide more than the password,
// never less.
//
// The authority starts where the URL Standard may start it too
// (ParseWeb's errors quote such text): after a scheme, after any run of
// two or more '/' and '\', and for the special schemes http, https, ws,
// wss and ftp after any run at all ("https:\\u:p@h", "https:u:p@h");
// otherwise after the first two slashes or backslashes ("//", "\\").
func redactInput(s string, off int) redactedInput {
	return redactFrom(s, off, authorityStart(s))
}

// redact is redactInput for e.Input, which for an authority alone starts
// its userinfo at offset 0.
func (e *Error) redact() redactedInput {
	if e.authority {
		return redactFrom(e.Input, e.Offset, 0)
	}
	return redactInput(e.Input, e.Offset)
}

// redactFrom is redactInput for an authority that starts at offset start
// of s (none if start < 0).
func redactFrom(s string, off, start int) redactedInput {
	if start < 0 {
		return redactedInput{s, off}
	}
	at := strings.LastIndexByte(s[start:], '@')
	if at < 0 {
		return redactedInput{s, off}
	}
	at += start
	colon := strings.IndexByte(s[start:at], ':')
	if colon < 0 {
		return redactedInput{s, off}
	}
	colon += start
	const mask = "xxxxx"
	r := s[:colon+1] + mask + s[at:]
	switch {
	case off >= at:
		off += len(mask) - (at - colon - 1)
	case off > colon:
		off = colon + 1
	}
	return redactedInput{r, off}
}

// authorityStart returns the offset where redactInput takes the authority
// to start, or -1.
func authorityStart(s string) int {
	if s != "" && is(s[0], cAlpha) {
		i := 1
		for i < len(s) && is(s[i], cScheme) {
			i++
		}
		if i < len(s) && s[i] == ':' {
			j := i + 1
			for j < len(s) && (s[j] == '/' || s[j] == '\\') {
				j++
			}
			if _, special := specialPort(strings.ToLower(s[:i])); j-i-1 >= 2 || special && !strings.EqualFold(s[:i], "file") {
				return j
			}
		}
	}
	slash := func(c byte) bool { return c == '/' || c == '\\' }
	for i := 0; i+1 < len(s); i++ {
		if slash(s[i]) && slash(s[i+1]) {
			return i + 2 // "//", or a web reader's "\\\\", "/\\" or "\\/"
		}
	}
	return -1
}

// quoteWindow shortens long input to a window of maxQuoted bytes around the
// offset, marking cut ends with "...".
func quoteWindow(r redactedInput) string {
	s, off := r.s, r.off
	if len(s) <= maxQuoted {
		return s
	}
	lo := off - maxQuoted/2
	if lo < 0 {
		lo = 0
	}
	hi := lo + maxQuoted
	if hi > len(s) {
		hi = len(s)
		lo = hi - maxQuoted
	}
	out := s[lo:hi]
	if lo > 0 {
		out = "..." + out
	}
	if hi < len(s) {
		out += "..."
	}
	return out
}
