package uri

import (
	"iter"
	"strings"
	"unicode/utf8"
)

// Found is one result of Find: a URI found in text, and the byte span
// text[Start:End] it was read from. For a URI in angle brackets the span
// is what lies between them, after a "URL:" prefix, so a URI wrapped over
// lines has a span holding the line breaks (and the '>' marks of quoted
// mail) while URI holds it without them (RFC 3986, Appendix C).
type Found struct {
	URI        URI
	Start, End int
}

// Find returns the URIs in text, in order: every URI with a scheme,
// delimited as RFC 3986, Appendix C describes. It is Finder{}.Find; see
// Finder.Find for the rules.
func Find(text string) iter.Seq[Found] { return Finder{}.Find(text) }

// Finder finds URIs in running text (RFC 3986, Appendix C). The zero
// Finder finds strict RFC 3986 URIs with any scheme.
type Finder struct {
	// Suffix also finds suffix references (RFC 3986, Section 4.5): a host
	// name that starts with "www." or "ftp.", with at least one more dot,
	// followed by an optional path, query and fragment, such as
	// "www.w3.org/Addressing/". The URI found is the reference with
	// "http://" (for "www.") or "ftp://" (for "ftp.") in front; the span
	// covers the reference as written.
	Suffix bool

	// IRI also finds IRIs (RFC 3987): non-ASCII characters may stand
	// where RFC 3987 allows them, and the text is read with ParseIRI, so
	// the URI found has them percent-encoded.
	IRI bool

	// Schemes, if not empty, lists the schemes to report (compared without
	// regard to case, RFC 3986, Section 3.1); URIs with other schemes are
	// skipped. Suffix references count as their added scheme.
	Schemes []string
}

// Find returns an iterator over the URIs in text, in order of their
// position. It reads text once, in time linear in its length, and
// allocates only for a URI that it must rewrite: one wrapped in angle
// brackets, a suffix reference, an IRI. The caller can stop early.
//
// Delimiters (RFC 3986, Appendix C): text in angle brackets, "<...>", with
// an optional "URL:" prefix, is read as one URI with its whitespace
// removed, where every run of whitespace inside holds a line break, so a
// URI broken over lines is found whole, a hyphen at the end of a line
// included, and in quoted mail the '>' marks at the start of its lines go
// with the whitespace; text in double quotes, with no whitespace inside, is
// read as one URI. Either is a match only if the whole text between the
// delimiters is a URI; otherwise the text is searched as any other.
//
// Elsewhere a URI starts with a scheme at a word boundary: after the start
// of the text, a space, or a character that cannot end a URI-like word
// ("(", "[", "{", "<", quotes, "*", "_", "=", ",", ";", "!", "|", ">"),
// not after a letter, digit, "+", "-", ".", "@", "%", "~", "/", "\", ":",
// "&", "?" or "#". It extends over the characters a URI may hold (RFC 3986,
// Section 2) and stops at an unbalanced ")" or "]", so
// "https://en.wikipedia.org/wiki/Go_(language)" and
// "(see http://example.com/)" both read right, and
// "(http://one.org/)(http://two.org/)" gives two URIs. Then ".", ",", ";",
// ":", "!", "?", "'" and "*" at its end are taken as the text's punctuation
// (and Markdown emphasis), as often as they occur; "_" and "~" are kept.
// What remains must be a URI, read by Parse (or ParseIRI): text that is not
// is skipped, never repaired.
//
// Words that look like a scheme are not URIs when:
//
//   - nothing follows the ':' ("Note:", "e.g.:", "**Note:**");
//   - the ':' is followed by another ':' or by '=' ("std::vector", "a:=b");
//   - the rest is a port number, alone or before a '/', '?' or '#'
//     ("localhost:8080/x", "example.com:443"), unless the scheme is one
//     whose URIs start with digits (tel, fax, modem, sms, geo, urn);
//   - the word ends in '=' right before a quote and has no '/', '?' or
//     '#', as an XML or HTML attribute does ("xmlns:xlink=\"...\"");
//   - the word follows an '@' or a '.' ("git@github.com:u/r.git" has no
//     scheme at "github.com").
//
// A word whose rest starts with a URI with "//" ("URL:http://x",
// "Visit:https://x") is read from that inner scheme.
func (f Finder) Find(text string) iter.Seq[Found] {
	return func(yield func(Found) bool) {
		for i := 0; i < len(text); {
			c := text[i]
			switch {
			case c == '<':
				if m, end, ok := f.bracketed(text, i); ok {
					if !yield(m) {
						return
					}
					i = end
					continue
				}
				i++
			case c == '"':
				if m, end, ok := f.quoted(text, i); ok {
					if !yield(m) {
						return
					}
					i = end
					continue
				}
				i++
			case is(c, cAlpha) && f.boundary(text, i):
				m, next, ok := f.plain(text, i)
				if !ok && f.Suffix {
					m, next, ok = f.suffix(text, i, next)
				}
				if ok && !yield(m) {
					return
				}
				i = next
			default:
				i++
			}
		}
	}
}

// boundary reports whether a URI may start at text[i]: see Find.
func (f Finder) boundary(text string, i int) bool {
	if i == 0 {
		return true
	}
	p := text[i-1]
	switch {
	case p >= utf8.RuneSelf:
		return !f.IRI
	case is(p, cAlpha|cDigit):
		return false
	}
	return strings.IndexByte("+-.@%~/\\:&?#", p) < 0
}

// uriByte reports whether c may stand in a URI: unreserved, reserved or
// '%' (RFC 3986, Section 2); with IRI, also a byte of non-ASCII text.
func (f Finder) uriByte(c byte) bool {
	return is(c, cUnreserved|cGenDelim|cSubDelim) || c == '%' || f.IRI && c >= utf8.RuneSelf
}

// parse reads s as a URI (or IRI) with a scheme that f reports.
func (f Finder) parse(s string) (URI, bool) {
	var u URI
	var err error
	if f.IRI {
		u, err = ParseIRI(s)
	} else if Valid(s) { // Valid makes no error value for a candidate that fails
		u, err = Parse(s)
	} else {
		return URI{}, false
	}
	if err != nil || u.Scheme == "" {
		return URI{}, false
	}
	return u, f.allowed(u.Scheme)
}

func (f Finder) allowed(scheme string) bool {
	if len(f.Schemes) == 0 {
		return true
	}
	for _, s := range f.Schemes {
		if strings.EqualFold(s, scheme) {
			return true
		}
	}
	return false
}

// isSpace reports whether c is whitespace that Appendix C removes inside
// angle brackets.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// unwrap returns s, the text between angle brackets, without its
// whitespace, and reports whether every run of whitespace holds a line
// break: a URI wrapped over lines, which Appendix C reads without the
// whitespace, not words separated by spaces. A '>' after a line break (and
// spaces) is a mail quoting mark and goes with the whitespace.
func unwrap(s string) (string, bool) {
	clean := true
	for i := 0; i < len(s); i++ {
		if isSpace(s[i]) {
			clean = false
			break
		}
	}
	if clean {
		return s, true
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		if !isSpace(s[i]) {
			b = append(b, s[i])
			i++
			continue
		}
		brk := false
		for i < len(s) && (isSpace(s[i]) || brk && s[i] == '>') {
			brk = brk || s[i] == '\n' || s[i] == '\r'
			i++
		}
		if !brk {
			return "", false
		}
	}
	return string(b), true
}

// bracketed reads "<...>" at text[i] == '<': the match, and the offset
// after the '>'.
func (f Finder) bracketed(text string, i int) (Found, int, bool) {
	start := i + 1
	end := -1
	lineStart := false // after a line break and spaces: a '>' quotes mail
	for j := start; j < len(text); j++ {
		c := text[j]
		if c == '>' && !lineStart {
			end = j
			break
		}
		if c == '<' {
			return Found{}, 0, false // the next '<' starts again
		}
		lineStart = c == '\n' || c == '\r' || lineStart && (c == '>' || isSpace(c))
	}
	if end < 0 {
		return Found{}, 0, false
	}
	try := func(s int) (Found, bool) {
		for s < end && isSpace(text[s]) {
			s++
		}
		e := end
		for e > s && isSpace(text[e-1]) {
			e--
		}
		body, ok := unwrap(text[s:e])
		if body == "" || !ok {
			return Found{}, false
		}
		u, ok := f.parse(body)
		return Found{URI: u, Start: s, End: e}, ok
	}
	if len(text)-start >= 4 && strings.EqualFold(text[start:start+4], "URL:") {
		if m, ok := try(start + 4); ok {
			return m, end + 1, true
		}
	}
	if m, ok := try(start); ok {
		return m, end + 1, true
	}
	return Found{}, 0, false
}

// quoted reads "\"...\"" at text[i] == '"' when the text between the
// quotes is one URI without whitespace.
func (f Finder) quoted(text string, i int) (Found, int, bool) {
	start := i + 1
	for j := start; j < len(text); j++ {
		c := text[j]
		if c == '"' {
			if j == start {
				return Found{}, 0, false
			}
			u, ok := f.parse(text[start:j])
			return Found{URI: u, Start: start, End: j}, j + 1, ok
		}
		if !f.uriByte(c) {
			return Found{}, 0, false
		}
	}
	return Found{}, 0, false
}

// numericSchemes are schemes whose URIs may start with a digit, which Find
// does not take for a host and port.
var numericSchemes = []string{"tel", "fax", "modem", "sms", "geo", "urn"}

// plain reads a URI that starts with a scheme at text[i], and returns the
// offset to go on from.
func (f Finder) plain(text string, i int) (Found, int, bool) {
	j := i
	for j < len(text) && is(text[j], cScheme) {
		j++
	}
	if j >= len(text) || text[j] != ':' {
		return Found{}, j, false
	}
	end := f.runEnd(text, j+1, true)
	next := max(end, j+1)
	end = trimPunct(text, j+1, end)
	// a URI with "//" inside the rest: read from its scheme
	rest := text[j+1 : end]
	if innerScheme(rest) > 0 {
		if m, _, ok := f.plain(text, j+1); ok {
			return m, next, true
		}
	}
	switch {
	case rest == "" || rest[0] == ':' || rest[0] == '=':
		return Found{}, next, false
	case end < len(text) && (text[end] == '"' || text[end] == '\'') && text[end-1] == '=' && !strings.ContainsAny(rest, "/?#"):
		return Found{}, next, false
	case isPortLike(rest) && !f.numeric(text[i:j]):
		return Found{}, next, false
	}
	u, ok := f.parse(text[i:end])
	return Found{URI: u, Start: i, End: end}, next, ok
}

func (f Finder) numeric(scheme string) bool {
	for _, s := range numericSchemes {
		if strings.EqualFold(s, scheme) {
			return true
		}
	}
	return false
}

// innerScheme returns the length of a scheme followed by "://" at the
// start of s, or 0.
func innerScheme(s string) int {
	if s == "" || !is(s[0], cAlpha) {
		return 0
	}
	k := 1
	for k < len(s) && is(s[k], cScheme) {
		k++
	}
	if strings.HasPrefix(s[k:], "://") {
		return k
	}
	return 0
}

// isPortLike reports whether s is digits, alone or before '/', '?' or '#'.
func isPortLike(s string) bool {
	k := 0
	for k < len(s) && is(s[k], cDigit) {
		k++
	}
	return k > 0 && (k == len(s) || s[k] == '/' || s[k] == '?' || s[k] == '#')
}

// suffix reads a suffix reference (RFC 3986, Section 4.5) at text[i]; see
// Finder.Suffix. next is where the caller would go on without one.
func (f Finder) suffix(text string, i, next int) (Found, int, bool) {
	var scheme string
	switch {
	case len(text)-i >= 4 && strings.EqualFold(text[i:i+4], "www."):
		scheme = "http://"
	case len(text)-i >= 4 && strings.EqualFold(text[i:i+4], "ftp."):
		scheme = "ftp://"
	default:
		return Found{}, next, false
	}
	end := f.runEnd(text, i, false)
	next = max(next, end)
	end = trimPunct(text, i, end)
	ref := text[i:end]
	host := ref
	if k := strings.IndexAny(ref, ":/?#"); k >= 0 {
		host = ref[:k]
	}
	if strings.Count(host, ".") < 2 || strings.Contains(host, "..") || strings.HasSuffix(host, ".") {
		return Found{}, next, false
	}
	u, ok := f.parse(scheme + ref)
	if !ok || u.HostKind() != RegName {
		return Found{}, next, false
	}
	return Found{URI: u, Start: i, End: end}, next, true
}

// runEnd returns the end of the run of URI characters from text[i], cut at
// an unbalanced ')' or ']'; without literals, at any '[', ']' or '@' (a
// suffix reference has no IP literal or userinfo).
func (f Finder) runEnd(text string, i int, literals bool) int {
	paren, bracket := 0, 0
	for ; i < len(text) && f.uriByte(text[i]); i++ {
		switch c := text[i]; {
		case c == '(':
			paren++
		case c == ')':
			if paren == 0 {
				return i
			}
			paren--
		case !literals && (c == '[' || c == ']' || c == '@'):
			return i
		case c == '[':
			bracket++
		case c == ']':
			if bracket == 0 {
				return i
			}
			bracket--
		}
	}
	return i
}

// trimPunct gives the punctuation at the end of text[start:end] to the
// text: ".", ",", ";", ":", "!", "?", "'" and "*", as often as they occur.
func trimPunct(text string, start, end int) int {
	for end > start && strings.IndexByte(".,;:!?'*", text[end-1]) >= 0 {
		end--
	}
	return end
}
