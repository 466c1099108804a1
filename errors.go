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

// ErrWeb reports input that the URL Standard's basic URL parser rejects
// (URL Standard, "URL parsing"), and ErrWebIDNA a domain that the
// parser's "domain to ASCII" (URL Standard, "IDNA") rejects: UTS #46
// processing records an error, or maps it to nothing or to a forbidden
// domain code point. With the zero WebParser's DomainToASCII, the *Error
// wraps ErrIDNA too, its Expected names the UTS #46 rule, and its Offset
// is that of the code point (or label) at fault. ParseWeb and
// WebParser return them inside an *Error, whose Offset is the octet of
// the caller's string at which the parser failed: the leading C0
// controls and spaces and the tabs and newlines that the parser removes
// first are counted (" http://h:8\ta/" fails at offset 12, the 'a').
var (
	ErrWeb     = errors.New("uri: not a URL under the URL Standard")
	ErrWebIDNA = errors.New("uri: the host is not a domain that \"domain to ASCII\" (UTS #46) accepts")
)

// fault is a failure of a grammar rule before it becomes an *Error: the
// sentinel naming the component and what the grammar expected. Rule
// functions return it by value together with the offset of the offending
// byte, so failing costs no allocation; err == nil means success.
type fault struct {
	err  error
	want string
}

// noFault is the absence of a fault.
var noFault fault

// Error describes where and why a string is not a URI under RFC 3986.
//
// Offset is the byte offset in Input of the first byte that the grammar does
// not allow; it is len(Input) when the input ends too early. Err is one of the
// sentinels (ErrScheme, ErrHost, ErrPort, ...) and names the component.
// Expected says, in words, what the grammar allows at Offset.
//
// Input holds the text exactly as given, password included; the Error and
// GoString methods mask every password that RFC 3986 or the URL Standard
// could read in it, valid or not (from the first ':' after the place where
// an authority may start to the last '@': "https://u:xxxxx@h:8a/",
// " https:admin:xxxxx@db.example:99999/"), and shorten long input, so the
// message is safe to log.
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
//	uri: invalid port at offset 10 in "http://h:8a/": expected digit, or end of authority ('/', '?', '#')
//
// A password is replaced by "xxxxx" (see Error), and input longer than
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

// redactInput masks every password that a reader could find in s, so
// that error messages never print one, and translates the offset into the
// masked text. It works on any text, valid or not.
//
// A password may hold '/', '?', '#', '@' and ':' (base64 and cloud secrets
// do), and in text that fails to parse nothing tells where it ends, nor
// does the parser's reading of valid-looking text ("u:p#w@h" reads as a
// fragment). So the mask runs from the first ':' after the place where an
// authority may start (authorityStart) to the last '@' of the whole text:
// it can hide more than the password, never less.
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

// authorityStart returns the first offset of s at which a reader may
// start to read an authority, and so credentials, or -1:
//
//   - RFC 3986 and the URL Standard (URL Standard, "URL parsing", with or
//     without a base URL): after two slashes, or, for the URL Standard,
//     any two of '/' and '\' (`\\u:p@h`, `/\u:p@h`), anywhere in s;
//   - the URL Standard: right after the scheme of a special URL other than
//     file (http, https, ws, wss, ftp), whose authority may follow any
//     number of slashes or none ("https:u:p@h", `https:/\u:p@h`), at the
//     start of s or anywhere a word starts in longer text ("dial
//     http:admin:pw@db.example/: refused"; a scheme name that follows a
//     letter or a digit, as in "xhttp:", is not one).
//
// Both are read as the URL Standard reads them after its preprocessing
// (URL Standard, "basic URL parser", steps 1 to 3): leading C0 controls and
// spaces are skipped, and tabs and newlines are skipped anywhere
// (" https:u:p@h", "ht\ttps:u:p@h", "/\t/u:p@h", "https:/\n/u:p@h").
// Of the places found, the first is returned: masking from it hides the
// most.
func authorityStart(s string) int {
	skipped := func(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }
	slashes := 0
	for j := 0; j < len(s); j++ {
		switch c := s[j]; {
		case c == '/' || c == '\\':
			if slashes++; slashes == 2 {
				return j + 1
			}
		case c == ':':
			if specialSchemeBefore(s, j) {
				return j + 1
			}
			slashes = 0
		case !skipped(c):
			slashes = 0
		}
	}
	return -1
}

// specialSchemeBefore reports whether the ':' at s[colon] ends the name of
// a special scheme with an authority (webSpecialAuthority), tabs and
// newlines inside it skipped, that starts s or a word of s: what precedes
// the name, tabs and newlines skipped, is not an ASCII letter or digit.
func specialSchemeBefore(s string, colon int) bool {
	var name [5]byte
	n, i := 0, colon-1
	for ; i >= 0; i-- {
		c := s[i]
		if c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		if !is(c, cAlpha) || n == len(name) {
			break
		}
		n++
		name[len(name)-n] = c
	}
	if n < 2 || !webSpecialAuthority(string(name[len(name)-n:])) {
		return false
	}
	return i < 0 || !is(s[i], cAlpha) && !is(s[i], cDigit)
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

// webFail is the error for input the parser rejects at the octet that
// left octets of the preprocessed input have from its end (0 for the end
// itself): the parser's states work on suffixes of that text, so this is
// len(rest) minus an index into rest. Offset is that octet's offset in
// input (inputOffset).
func webFail(input string, left int, want string) error {
	return &Error{Input: input, Offset: inputOffset(input, left), Err: ErrWeb, Expected: want + " (URL Standard, \"URL parsing\")"}
}

// inputOffset maps a position in the text that preprocess makes of input,
// given as the number of octets from it to the end of that text, back to
// a byte offset in input: it counts the leading C0 controls and spaces
// and the tabs and newlines that preprocess removed (URL Standard, "basic
// URL parser", steps 1 to 3). A position past the start of the text is
// its first octet; the end of the text is the offset just after its last
// octet, before any trailing C0 controls and spaces. It runs on the error
// path only.
func inputOffset(input string, left int) int {
	i, j := 0, len(input)
	for i < j && input[i] <= ' ' {
		i++
	}
	for j > i && input[j-1] <= ' ' {
		j--
	}
	for n := 0; n < left && j > i; {
		j--
		if c := input[j]; c != '\t' && c != '\n' && c != '\r' {
			n++
		}
	}
	return j
}
