package uri

import (
	"iter"
	"strings"
	"unicode"
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
	// the URI found has them percent-encoded. Unicode punctuation and
	// White_Space end an IRI, and an IRI glued to the letters before it
	// holds non-ASCII text in its host only: see Finder.Find. A host of
	// http, https, ws, wss or ftp written in Unicode is read as ParseIRI
	// reads it, with "domain to ASCII" (URL Standard, "IDNA"): text whose
	// host it rejects is not an IRI and is not found.
	IRI bool

	// Schemes, if not empty, lists the schemes to report (compared without
	// regard to case, RFC 3986, Section 3.1); URIs with other schemes are
	// skipped. Suffix references count as their added scheme.
	Schemes []string
}

// Find returns an iterator over the URIs in text, in order of their
// position. It reads text once, in time linear in its length, and
// allocates only for a URI that it must rewrite: one wrapped in angle
// brackets, a suffix reference, an IRI (and, with IRI set, for a candidate
// with non-ASCII text that is not one). The caller can stop early.
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
// of the text, a space, a non-ASCII character, or an ASCII one that cannot
// end a scheme ("(", "[", "{", "<", quotes, "*", "_", "=", ",", ";", "!",
// "|", ">", ":", "&", "?", "\", "%", "~"), not after a letter, digit,
// "+", "-", ".", "@", "/" or "#". It extends over the characters a URI may
// hold (RFC 3986, Section 2) and stops at an unbalanced ")" or "]", and
// before a "[" that nothing closes ("http://example.com/a[ next"), so
// "https://en.wikipedia.org/wiki/Go_(language)" and
// "(see http://example.com/)" both read right, and
// "(http://one.org/)(http://two.org/)" gives two URIs. Then ".", ",", ";",
// ":", "!", "?", "'" and "*" at its end are taken as the text's punctuation
// (and Markdown emphasis), as often as they occur; "_" and "~" are kept.
// What remains must be a URI, read by Parse (or ParseIRI): text that is not
// is skipped, never repaired.
//
// Text in any script. A URI is ASCII, so the first non-ASCII character
// ends it: "詳細はhttps://example.com/をご覧ください" and
// "「https://example.jp/」" give the URIs in them. But when that character
// stops the URI inside its head (its authority, or the text before the
// first "/", "?" or "#" of a URI without one) and the host goes on past it,
// there is no URI, only the start of a longer name that is not one:
// "https://exаmple.com/login" with a Cyrillic "а" gives nothing, not the
// URI "https://ex", a different host. The host goes on when the ASCII text
// before the character does not end with a letter or digit
// ("https://例え.jp/") or when, past the non-ASCII letters, marks, digits
// and symbols, the text goes on with an ASCII letter, digit, "-", ".", "_",
// "~", "%" or "@", or a ":" before a digit ("https://bücher.de/"), that
// does not start the next URI's "scheme://". It goes on, too, past a full
// stop that UTS #46 (Section 2.3) maps to "." (U+3002, U+FF0E, U+FF61)
// before an ASCII letter or digit, as browsers read "https://example。com/".
// Other Unicode punctuation (categories Pi, Pf, Ps, Pe and Po) and
// White_Space end a URI there ("https://example.com。").
//
// With IRI set, non-ASCII text may stand in the IRI found, and the
// characters of Unicode's punctuation categories Pi, Pf, Ps, Pe and Po and
// of White_Space end it, as the ASCII delimiters do: an IRI in curly
// quotes, guillemets or CJK brackets (“…”, «…», 「…」, （…）) is found
// without them, and one in prose stops at U+00A0, U+3000, U+2028 and at
// "。", "，", "！", "？". The punctuation that stands inside words does not
// end it (the middle dots U+00B7, U+30FB and U+FF65, the Hebrew geresh and
// gershayim, the Tibetan tsheg, U+2027 HYPHENATION POINT and U+2019, the
// apostrophe of "l’été"), but is the text's at its end. An IRI glued to
// the letters, marks or digits before it, as in Chinese and Japanese text
// written without spaces ("詳細はhttp://example.jp/を参照"), gives no sign
// of where it ends: it is read as a URI is, non-ASCII text ending it,
// except in its head when the host goes on past it as above, so
// "詳細はhttp://例え.jp/を参照" gives "http://例え.jp/" (percent-encoded).
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
			case is(c, cAlpha):
				uni, ok := f.boundary(text, i)
				if !ok {
					i++
					continue
				}
				m, next, ok := f.plain(text, i, uni)
				if !ok && f.Suffix {
					m, next, ok = f.suffix(text, i, next, uni)
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

// uniMode says where a run of URI characters may hold non-ASCII text.
type uniMode uint8

const (
	uniNone uniMode = iota // nowhere: a URI, or an IRI glued to ASCII letters
	uniAll                 // an IRI: anywhere, up to Unicode punctuation or White_Space
	uniHead                // an IRI glued to text before it: in its head only, when the host goes on
)

// boundary reports whether a URI may start at text[i], and how non-ASCII
// text after it is read: see Find.
func (f Finder) boundary(text string, i int) (uniMode, bool) {
	uni := uniNone
	if f.IRI {
		uni = uniAll
	}
	if i == 0 {
		return uni, true
	}
	p := text[i-1]
	switch {
	case p >= utf8.RuneSelf:
		if f.IRI {
			if r, _ := utf8.DecodeLastRuneInString(text[:i]); cjkLetter(r) || unicode.In(r, unicode.L, unicode.M, unicode.N) {
				return uniHead, true
			}
		}
		return uni, true
	case is(p, cAlpha|cDigit):
		return uni, false
	}
	return uni, strings.IndexByte("+-.@/#", p) < 0
}

// textPunct reports whether r, a non-ASCII character, ends a run of URI
// characters in text: Unicode punctuation of the categories Pi, Pf, Ps,
// Pe and Po, and White_Space.
func textPunct(r rune) bool {
	switch {
	case cjkLetter(r):
		return false
	case unicode.Is(unicode.P, r):
		return !unicode.In(r, unicode.Pd, unicode.Pc)
	}
	return unicode.Is(unicode.White_Space, r)
}

// cjkLetter reports whether r is a letter of the blocks most CJK text is
// written in (kana, CJK ideographs, Hangul syllables): a quick answer
// before the Unicode tables.
func cjkLetter(r rune) bool {
	return r >= 0x3041 && r <= 0x3096 || r >= 0x30A1 && r <= 0x30FA || r >= 0x4E00 && r <= 0x9FFF || r >= 0xAC00 && r <= 0xD7A3
}

// wordPunct are the non-ASCII punctuation characters that stand inside
// words, and so inside an IRI's path, without ending it: the middle dots
// of Catalan, Chinese and Japanese names (U+00B7, U+30FB, U+FF65), the
// Hebrew geresh and gershayim, the Tibetan tsheg, the hyphenation point
// and the right single quotation mark that is also an apostrophe
// ("l’été"). At the end of a URI they are the text's.
const wordPunct = "\u00B7\u30FB\uFF65\u05F3\u05F4\u0F0B\u2027\u2019"

// uriByte reports whether c, an ASCII byte, may stand in a URI: unreserved,
// reserved or '%' (RFC 3986, Section 2).
func uriByte(c byte) bool {
	return is(c, cUnreserved|cGenDelim|cSubDelim) || c == '%'
}

// parse reads s as a URI (or IRI) with a scheme that f reports.
func (f Finder) parse(s string) (URI, bool) {
	var u URI
	var err error
	switch {
	case f.IRI && !isASCII(s):
		u, err = ParseIRI(s)
	case Valid(s): // Valid makes no error value for a candidate that fails
		u, err = Parse(s)
	default:
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
		switch {
		case c >= utf8.RuneSelf && f.IRI:
			r, size := utf8.DecodeRuneInString(text[j:])
			if unicode.Is(unicode.White_Space, r) {
				return Found{}, 0, false
			}
			j += size - 1
		case !uriByte(c):
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
func (f Finder) plain(text string, i int, uni uniMode) (Found, int, bool) {
	j := i + schemeEnd(text[i:]) // text[i] is a letter
	if j >= len(text) || text[j] != ':' {
		return Found{}, j, false
	}
	end, whole := f.runEnd(text, j+1, true, uni)
	next := max(end, j+1)
	if !whole {
		return Found{}, next, false
	}
	end = trimPunct(text, j+1, end)
	// a URI with "//" inside the rest: read from its scheme
	rest := text[j+1 : end]
	if innerScheme(rest) > 0 {
		m, n, ok := f.plain(text, j+1, uni)
		return m, max(next, n), ok
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
	if k := schemeEnd(s); k > 0 && strings.HasPrefix(s[k:], "://") {
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
func (f Finder) suffix(text string, i, next int, uni uniMode) (Found, int, bool) {
	var scheme string
	switch {
	case len(text)-i >= 4 && strings.EqualFold(text[i:i+4], "www."):
		scheme = "http://"
	case len(text)-i >= 4 && strings.EqualFold(text[i:i+4], "ftp."):
		scheme = "ftp://"
	default:
		return Found{}, next, false
	}
	end, whole := f.runEnd(text, i, false, uni)
	next = max(next, end)
	if !whole {
		return Found{}, next, false
	}
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
// suffix reference has no IP literal or userinfo). uni says where the run
// may hold non-ASCII text. whole is false when a non-ASCII character that
// is not punctuation or a space stops the run in its head while the host
// goes on past it (see hostGoesOn): then the run is not a URI, only the
// start of one.
func (f Finder) runEnd(text string, i int, literals bool, uni uniMode) (end int, whole bool) {
	start := i
	// The head: the authority after a leading "//", or the text before
	// the first '/', '?' or '#'.
	headFrom := i
	if strings.HasPrefix(text[i:], "//") {
		headFrom += 2
	}
	head, headUni := true, false
	paren, bracket := 0, 0
	open := -1 // the first '[' after the head that is still open
	defer func() {
		if open >= 0 && bracket > 0 && whole {
			// a '[' that nothing closes is the text's: the run ends there
			end = open
		}
	}()
	for i < len(text) {
		c := text[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(text[i:])
			punct := textPunct(r) && !strings.ContainsRune(wordPunct, r)
			switch {
			case head && idnaDot(r) && i+size < len(text) && is(text[i+size], cAlpha|cDigit) && innerScheme(text[i+size:]) == 0:
				// UTS #46 maps it to '.': the host goes on
				if uni == uniNone {
					return i, false
				}
			case punct && uni != uniNone:
				return i, true
			case uni == uniAll || headUni && head:
			case head && !textPunct(r) && hostGoesOn(text, start, i):
				if uni == uniNone {
					return i, false
				}
				headUni = true
			default:
				return i, true
			}
			i += size
			continue
		}
		if is(c, cUnreserved) {
			i++
			continue
		}
		if !uriByte(c) {
			return i, true
		}
		switch {
		case c == '(':
			paren++
		case c == ')':
			if paren == 0 {
				return i, true
			}
			paren--
		case !literals && (c == '[' || c == ']' || c == '@'):
			return i, true
		case c == '[':
			if bracket == 0 {
				open = -1
				if !head {
					open = i
				}
			}
			bracket++
		case c == ']':
			if bracket == 0 {
				return i, true
			}
			bracket--
		case (c == '/' || c == '?' || c == '#') && i >= headFrom:
			head = false
		}
		i++
	}
	return i, true
}

// idnaDot reports whether r is one of the full stops that UTS #46 maps to
// '.' (Section 2.3), which a browser reads as a dot in a host: U+3002
// IDEOGRAPHIC FULL STOP, U+FF0E FULLWIDTH FULL STOP and U+FF61 HALFWIDTH
// IDEOGRAPHIC FULL STOP.
func idnaDot(r rune) bool { return r == 0x3002 || r == 0xFF0E || r == 0xFF61 }

// hostGoesOn reports whether the head of a run from text[start] (its
// authority, or the text before its first '/', '?' or '#') goes on past
// text[k], a non-ASCII character that is neither punctuation nor a space:
// when the ASCII text before it does not end with a letter or digit
// ("https://例え", "https://www.例え"), or when, past the non-ASCII
// characters that are neither punctuation nor spaces, the text goes on
// with what a host holds (an ASCII letter, digit, '-', '.', '_', '~', '%'
// or '@', or ':' before a digit: "https://exаmple.com", "https://bücher.de",
// "https://例え.jp") that is not the scheme of the next URI.
func hostGoesOn(text string, start, k int) bool {
	if k == start || !is(text[k-1], cAlpha|cDigit) {
		return true
	}
	for k < len(text) && text[k] >= utf8.RuneSelf {
		r, size := utf8.DecodeRuneInString(text[k:])
		if textPunct(r) {
			return false
		}
		k += size
	}
	switch {
	case k == len(text):
		return false
	case is(text[k], cUnreserved) || text[k] == '%' || text[k] == '@':
		return innerScheme(text[k:]) == 0
	case text[k] == ':':
		return k+1 < len(text) && is(text[k+1], cDigit)
	}
	return false
}

// trimPunct gives the punctuation at the end of text[start:end] to the
// text: ".", ",", ";", ":", "!", "?", "'" and "*", and the characters of
// wordPunct, as often as they occur.
func trimPunct(text string, start, end int) int {
	for end > start {
		if c := text[end-1]; c < utf8.RuneSelf {
			if strings.IndexByte(".,;:!?'*", c) < 0 {
				break
			}
			end--
			continue
		}
		r, size := utf8.DecodeLastRuneInString(text[start:end])
		if !strings.ContainsRune(wordPunct, r) {
			break
		}
		end -= size
	}
	return end
}
