package uri

import (
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrTemplate reports a URI Template that does not match the grammar of
// RFC 6570, Section 2, or a value that cannot be expanded (a prefix
// modifier on a list, RFC 6570, Section 2.4.1; a value of a type Expand
// does not take). ParseTemplate and Expand return it inside an *Error.
var ErrTemplate = errors.New("uri: invalid URI template")

// Template is a URI Template (RFC 6570): a URI-reference with expressions
// in braces, such as "/users/{id}{?fields*}", parsed once by ParseTemplate.
//
// A Template is an immutable, comparable value: two templates parsed from
// the same text are ==, and a Template can be a map key. It holds its text
// and its parsed form as strings, so Expand and Match never parse it again.
// The zero Template is the empty template, which expands to "".
//
// Expand and AppendExpand follow RFC 6570 to the letter; ExpandURI builds
// a URI from values you do not control. Match is the inverse of Expand,
// and Route is Match with a router's rules (see "Routing with templates"
// in Route's doc).
type Template struct {
	src  string // the template text
	prog string // the parsed form: see ParseTemplate
}

// The parsed form is a sequence of parts:
//
//	literal:    0, uvarint length (padded to five bytes), the literal already
//	            encoded (RFC 6570, Section 3.1)
//	expression: operator byte (opSimple, '+', '#', '.', '/', ';', '?', '&'),
//	            uvarint offset of its '{' in src, uvarint variable count,
//	            then per variable: uvarint name length, name,
//	            uvarint prefix length (0 for none), explode byte (0 or 1)
const (
	partLiteral = 0
	opSimple    = 1
)

// opInfo is the table of RFC 6570, Appendix A: per operator, the string
// written before the first defined value, the separator between values,
// whether values are named ("name=value"), what follows a name whose
// value is empty, and whether reserved characters are allowed.
type opInfo struct {
	first, sep byte // 0 for none
	named      bool
	ifemp      byte // 0 for none, or '='
	reserved   bool
}

func templateOp(op byte) opInfo {
	switch op {
	case '+':
		return opInfo{sep: ',', reserved: true}
	case '#':
		return opInfo{first: '#', sep: ',', reserved: true}
	case '.':
		return opInfo{first: '.', sep: '.'}
	case '/':
		return opInfo{first: '/', sep: '/'}
	case ';':
		return opInfo{first: ';', sep: ';', named: true}
	case '?':
		return opInfo{first: '?', sep: '&', named: true, ifemp: '='}
	case '&':
		return opInfo{first: '&', sep: '&', named: true, ifemp: '='}
	}
	return opInfo{sep: ','}
}

// ParseTemplate parses s as a URI Template, RFC 6570, Section 2, at level
// 4: literals (Section 2.1) and expressions (Section 2.2) with every
// operator ("+", "#", ".", "/", ";", "?", "&"), variable names of
// Section 2.3 (ALPHA, DIGIT, "_", pct-encoded, and "." inside), and the
// prefix (":n", 1 to 9999) and explode ("*") modifiers of Section 2.4.
//
// A failure is an *Error wrapping ErrTemplate whose Offset is the first
// byte (for a character beyond ASCII, the first byte of the character)
// that no template continues with, as Parse's errors are: s[:Offset]
// begins a valid template and no valid template begins with s[:Offset]
// and that character. Offset is len(s) when s ends too early. The error
// kinds, each with an example and its Offset:
//
//	a byte that is not a literal character (Section 2.1): space,
//	  '"', '<', '>', '\\', '^', '`', '|', '}' or a control   "a b"        1
//	a '%' in a literal not followed by two hex digits     "a%2z"       3
//	invalid UTF-8, or a character outside ucschar and
//	  iprivate (RFC 3987, Section 2.2)                    "a\xffb"     1
//	an operator reserved for future extensions
//	  ("=", ",", "!", "@", "|"; Section 2.2)               "{=x}"       1
//	no variable name where one must start (Section 2.3)   "{}", "{x,}" 1, 3
//	a '.' in a name not followed by a name character      "{x.}"       3
//	a '%' in a name not followed by two hex digits        "{%zz}"      2
//	a prefix length that is not 1 to 9999 (Section 2.4.1) "{x:0}"     3
//	  (Offset is the first digit too many)                "{x:10000}"  7
//	no ',', modifier or '}' after a variable              "{x y}"      2
//	an expression not closed                              "{x"         2
//
// A template of 32 GB or more is refused at its first literal (a limit of
// this package, not of RFC 6570).
func ParseTemplate(s string) (Template, error) {
	p := make([]byte, 0, len(s)+16)
	lit := -1 // start of the pending literal's text in p, or -1
	flush := func() {
		if lit < 0 {
			return
		}
		// patch the length in the five bytes reserved before the text, as
		// a uvarint padded with continuation bits
		n := len(p) - lit
		for k := range 5 {
			c := byte(n>>(7*k)) & 0x7f
			if k < 4 {
				c |= 0x80
			}
			p[lit-5+k] = c
		}
		lit = -1
	}
	fail := func(at int, want string) (Template, error) {
		return Template{}, &Error{Input: s, Offset: at, Err: ErrTemplate, Expected: want}
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c == '{' {
			flush()
			var err error
			if p, i, err = parseExpression(s, i, p); err != nil {
				return Template{}, err
			}
			continue
		}
		if lit < 0 {
			if uint64(len(s)) >= 1<<35 {
				return fail(i, "a template shorter than 32 GB (a limit of this package)")
			}
			p = append(p, partLiteral, 0, 0, 0, 0, 0)
			lit = len(p)
		}
		switch {
		case c == '%':
			if bad := badTriplet(s, i); bad >= 0 {
				return fail(bad, "two hex digits after '%' (RFC 3986, Section 2.1)")
			}
			p = append(p, s[i:i+3]...)
			i += 3
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 || !isUCSChar(r) && !isIPrivate(r) {
				return fail(i, "a literal character: valid UTF-8 of ucschar or iprivate (RFC 6570, Section 2.1)")
			}
			p = appendEncoded(p, s[i:i+n], false)
			i += n
		case is(c, cUnreserved|cGenDelim|cSubDelim):
			p = append(p, c)
			i++
		default:
			return fail(i, "a literal character, or '{' to start an expression (RFC 6570, Section 2.1)")
		}
	}
	flush()
	return Template{src: s, prog: string(p)}, nil
}

// MustParseTemplate is like ParseTemplate but panics if s is not a URI
// Template (RFC 6570, Section 2). It is meant for constants, such as the
// templates of a program's routes.
func MustParseTemplate(s string) Template {
	t, err := ParseTemplate(s)
	if err != nil {
		panic(err)
	}
	return t
}

// parseExpression parses the expression starting at s[i] == '{', appends
// its parsed form to p, and returns the offset after its '}'.
func parseExpression(s string, i int, p []byte) ([]byte, int, error) {
	start := i
	fail := func(at int, want string) ([]byte, int, error) {
		return nil, 0, &Error{Input: s, Offset: at, Err: ErrTemplate, Expected: want}
	}
	i++
	op := byte(opSimple)
	if i < len(s) {
		switch s[i] {
		case '+', '#', '.', '/', ';', '?', '&':
			op = s[i]
			i++
		case '=', ',', '!', '@', '|':
			return fail(i, "a variable name: the operator "+strconv.Quote(s[i:i+1])+" is reserved for future extensions (RFC 6570, Section 2.2)")
		}
	}
	p = append(p, op)
	p = appendUvarint(p, uint64(start))
	countAt := len(p)
	p = append(p, 0) // variable count, patched at the '}'
	n := 0
	for {
		// varname = varchar *( ["."] varchar )
		nameStart := i
		for i < len(s) {
			c := s[i]
			switch {
			case is(c, cAlpha|cDigit) || c == '_':
				i++
			case c == '%':
				if bad := badTriplet(s, i); bad >= 0 {
					return fail(bad, "two hex digits after '%' in a variable name (RFC 6570, Section 2.3)")
				}
				i += 3
			case c == '.' && i > nameStart:
				// "." stands only between two varchars
				if i+1 < len(s) && (is(s[i+1], cAlpha|cDigit) || s[i+1] == '_' || s[i+1] == '%') {
					i++
					continue
				}
				return fail(i+1, "a variable name character after '.' (RFC 6570, Section 2.3)")
			default:
				goto nameEnd
			}
		}
	nameEnd:
		if i == nameStart {
			if i >= len(s) {
				return fail(i, "a variable name and '}' to close the expression (RFC 6570, Section 2.2)")
			}
			return fail(i, "a variable name: ALPHA, DIGIT, '_' or pct-encoded (RFC 6570, Section 2.3)")
		}
		if i >= len(s) {
			return fail(i, "'}' to close the expression (RFC 6570, Section 2.2)")
		}
		name := s[nameStart:i]
		prefix, explode := 0, byte(0)
		switch s[i] {
		case ':':
			i++
			// max-length = %x31-39 0*3DIGIT
			d := i
			for i < len(s) && is(s[i], cDigit) {
				if i == d && s[i] == '0' || i-d == 4 {
					return fail(i, "a prefix length from 1 to 9999 (RFC 6570, Section 2.4.1)")
				}
				i++
			}
			if i == d {
				return fail(i, "a prefix length from 1 to 9999 (RFC 6570, Section 2.4.1)")
			}
			prefix, _ = strconv.Atoi(s[d:i])
		case '*':
			explode = 1
			i++
		}
		p = appendUvarint(p, uint64(len(name)))
		p = append(p, name...)
		p = appendUvarint(p, uint64(prefix))
		p = append(p, explode)
		n++
		if i >= len(s) {
			return fail(i, "'}' to close the expression (RFC 6570, Section 2.2)")
		}
		switch s[i] {
		case ',':
			i++
			continue
		case '}':
			// the count as a uvarint: its first byte in the one reserved,
			// the rest (more than 127 variables) inserted after it
			if n < 0x80 {
				p[countAt] = byte(n)
				return p, i + 1, nil
			}
			var buf [binary.MaxVarintLen64]byte
			c := appendUvarint(buf[:0], uint64(n))
			p[countAt] = c[0]
			return slices.Insert(p, countAt+1, c[1:]...), i + 1, nil
		}
		return fail(i, "',', a modifier (':' or '*') or '}' (RFC 6570, Section 2.2)")
	}
}

func appendUvarint(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// progReader reads the parsed form of a Template.
type progReader struct {
	s string
	i int
}

func (r *progReader) done() bool { return r.i >= len(r.s) }

func (r *progReader) byte() byte {
	c := r.s[r.i]
	r.i++
	return c
}

func (r *progReader) uvarint() int {
	v, shift := 0, 0
	for {
		c := r.s[r.i]
		r.i++
		v |= int(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
		shift += 7
	}
}

func (r *progReader) str() string {
	n := r.uvarint()
	s := r.s[r.i : r.i+n]
	r.i += n
	return s
}

// templateVar is one varspec of an expression.
type templateVar struct {
	name    string
	prefix  int
	explode bool
}

func (r *progReader) varspec() templateVar {
	name := r.str()
	prefix := r.uvarint()
	return templateVar{name: name, prefix: prefix, explode: r.byte() == 1}
}

// String returns the template's text, as given to ParseTemplate.
func (t Template) String() string { return t.src }

// Variables returns the names of the template's variables, in the order of
// their first appearance, each once (RFC 6570, Section 2.3).
func (t Template) Variables() []string {
	var names []string
	for _, v := range t.varspecs() {
		if !slices.Contains(names, v.name) {
			names = append(names, v.name)
		}
	}
	return names
}

// varspecs yields every variable of the template, in order, with the
// operator of its expression.
func (t Template) varspecs() iter.Seq2[byte, templateVar] {
	return func(yield func(byte, templateVar) bool) {
		r := progReader{s: t.prog}
		for !r.done() {
			op := r.byte()
			if op == partLiteral {
				r.str()
				continue
			}
			r.uvarint()
			for n := r.uvarint(); n > 0; n-- {
				if !yield(op, r.varspec()) {
					return
				}
			}
		}
	}
}

// Expand expands the template with the values in vars, as RFC 6570,
// Section 3 defines. A value is a string; a []string, a list; a
// [][2]string, an associative array of (name, value) pairs in their order;
// or a map[string]string, an associative array in the order of its sorted
// keys. A variable that is absent from vars or nil, a list without members
// and an associative array without pairs are undefined and expand to
// nothing (RFC 6570, Section 2.3); an empty string is defined
// (RFC 6570, Section 3.2.1). Values are percent-encoded as UTF-8 with the
// operator's allowed set: unreserved characters only, or for "+" and "#"
// reserved characters and pct-encoded triplets too (RFC 6570, Section
// 3.2.1).
//
// Expand follows the letter of RFC 6570: it writes whatever text the
// values make, even text that means something else as a URI. A value
// "..", which is unreserved, makes "/public/{dir}/{file}" a path whose
// dot segment climbs out of "/public" (RFC 3986, Section 5.2.4); a "+"
// value writes its '/', '?' and '#' as delimiters; an empty value between
// two '/' can make "//", which opens an authority at the start of a
// reference. To build a URI from values you do not control, use
// ExpandURI, which refuses such expansions.
//
// An error is an *Error wrapping ErrTemplate whose Offset is the name of
// the variable at fault: a prefix modifier on a list or associative array
// (RFC 6570, Section 2.4.1), or a value of another type.
func (t Template) Expand(vars map[string]any) (string, error) {
	var stack [192]byte // most expansions fit: then one allocation, the string
	b, err := t.AppendExpand(stack[:0], vars)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// ExpandURI expands the template as Expand does and parses the expansion
// as a URI-reference (RFC 3986, Section 4.1), making sure that the values
// stay data: the URI means what the template's literals say, whatever the
// values hold. It returns an *Error whose Input is the template text and
// whose Offset is the name of the variable at fault (the literal's byte
// where the template's own text is at fault; len(Input) when the
// expansion ends too early), wrapping ErrTemplate, when
//
//   - the expansion would have a dot segment, "." or ".." or either
//     written with "%2E" (which normalization decodes, RFC 3986, Section
//     6.2.2.2), in its path, and a value or an operator's '.' or '/' wrote
//     any of it: resolution and servers would remove it with the segment
//     before it (RFC 3986, Section 5.2.4). Every operator that reaches the
//     path is covered: "{dir}" and "{/path*}" with a value "..", "{+path}"
//     with "../../etc", "/{.ext}" with "" or ".", "{x}" alone with "..".
//     A dot segment the template's literals write ("../{file}") is kept;
//   - a value would make a segment that some back end reads as a dot
//     segment though RFC 3986 does not, which Vet reports as an
//     EncodedDotSegment: "/files/{name}" with name = "..;" (Java servlet
//     containers cut the ';' parameter), "．．" or "‥" (which NFKC
//     normalization maps to ".."), "..\\admin" ("..%5Cadmin");
//   - a value would leave an empty path segment, undefined or empty:
//     "/users/{id}/delete" with id = "" or absent makes "/users//delete",
//     which a back end that merges slashes reads as "/users/delete", and
//     "/users/{id}" makes "/users/" (ExpandURIWith and
//     ExpandOptions.AllowEmpty keep them). A "+" value that is "/" makes
//     the root path, which is no empty segment;
//   - a segment that a value wrote part of is one that RoutePath's zero
//     PathPolicy refuses or routes as another: "%2F" or "%5C" from a
//     value "a/b" or "a\\b" (EncodedSlash), "%00" and other controls,
//     overlong UTF-8 and "%252e" (DoubleEncoding) copied or made from
//     '%', and a "+" value's triplet in lowercase hex or of an unreserved
//     octet ("%2e", "%41"), which routing normalizes (RFC 3986, Section
//     6.2.2); and whatever else that policy refuses, such as a path
//     parameter (a ';', from a "+" value or a "{;x}" expression in the
//     path) where it refuses those. The error then wraps RoutePath's
//     sentinel, ErrPath, too. So the path of a URI that ExpandURI returns
//     is, where values wrote it, the route RoutePath(u, PathPolicy{})
//     gives: a router, an access rule and the upstream read one path. A
//     segment that only literals wrote is the template's and is kept;
//   - the expansion would start its authority with a "//" that no literal
//     wrote and that is not inside one "+" value: "/{org}/{repo}" with an
//     empty org would make "//repo", a reference to the host "repo". A
//     "+" value that holds a whole URI ("{+base}" with
//     "http://example.com/") is allowed, as RFC 6570, Section 3.2.3 means
//     it to be;
//   - the expansion is not a URI-reference: "+" and "#" copy reserved
//     characters from values, which can make text Parse rejects ("{+x}"
//     with x = "a#b#c"). The error then wraps Parse's sentinel too
//     (ErrFragment here), so errors.Is finds both.
//
// ExpandURI never changes a value to make it fit; a dot segment has no
// spelling as data in a path (see WithPath), so a value that is one is an
// error, not a different URI.
func (t Template) ExpandURI(vars map[string]any) (URI, error) {
	return t.expandURI(vars, ExpandOptions{})
}

func (t Template) expandURI(vars map[string]any, o ExpandOptions) (URI, error) {
	var stack [192]byte
	var spanBuf [8]expansionSpan
	var s string
	var spans []expansionSpan
	var err error
	if n := t.maxExpansion(vars); n <= len(stack) {
		var b []byte
		b, spans, err = t.expandRecording(stack[:0], vars, spanBuf[:0])
		s = string(b)
	} else {
		// one buffer of the size the expansion can reach at most, which
		// the URI then holds, rather than a doubling one and a copy
		var b []byte
		b, spans, err = t.expandRecording(make([]byte, 0, n), vars, spanBuf[:0])
		s = bytesString(b)
	}
	if err != nil {
		return URI{}, err
	}
	u, err := Parse(s)
	if err != nil {
		e := err.(*Error)
		return URI{}, &Error{Input: t.src, Offset: t.sourceOffset(spans, e.Offset), Err: fmt.Errorf("%w: %w", ErrTemplate, e.Err),
			Expected: e.Expected + ", in the expansion"}
	}
	if u.HasAuthority {
		at := u.offsets().authority
		for k := range spansIn(spans, at, at+2) {
			if sp := spans[k]; sp.op != '+' || sp.start > at || sp.end < at+2 {
				return URI{}, &Error{Input: t.src, Offset: sp.name, Err: ErrTemplate,
					Expected: "a value that does not start an authority: the expansion would begin with a \"//\" that no literal wrote (RFC 3986, Section 3.2)"}
			}
		}
	}
	// the path is what Parse left between the authority and the query
	end := len(s)
	if u.HasFragment {
		end -= len(u.Fragment) + 1
	}
	if u.HasQuery {
		end -= len(u.Query) + 1
	}
	off := end - len(u.Path)
	if k, like := dataDotSegment(spans, u.Path, off); k >= 0 {
		want := "a value that does not make a dot segment, \".\" or \"..\", in the path (RFC 3986, Section 3.3); Expand writes it"
		if like {
			want = "a value that does not make a segment that some back end reads as a dot segment (\"..;\", \"..%2F\", \"%EF%BC%8E%EF%BC%8E\"): " +
				EncodedDotSegment.String() + ", " + EncodedDotSegment.Section()
		}
		return URI{}, &Error{Input: t.src, Offset: spans[k].name, Err: ErrTemplate, Expected: want}
	}
	if !o.AllowEmpty {
		if k := emptySegment(spans, u.Path, off); k >= 0 {
			return URI{}, &Error{Input: t.src, Offset: spans[k].name, Err: ErrTemplate,
				Expected: "a value that leaves no empty path segment, which back ends that merge slashes remove (ExpandOptions.AllowEmpty keeps it)"}
		}
	}
	if k, e := routeFault(spans, u.Path, off); k >= 0 {
		return URI{}, &Error{Input: t.src, Offset: spans[k].name, Err: fmt.Errorf("%w: %w", ErrTemplate, e.Err),
			Expected: e.Expected + ", in the expansion (RoutePath's zero PathPolicy)"}
	}
	return u, nil
}

// ExpandOptions relaxes ExpandURIWith's rules for expansions (RFC 6570,
// Section 3.2). The zero value is ExpandURI's.
type ExpandOptions struct {
	// AllowEmpty lets an undefined or empty value leave an empty path
	// segment: "/users/{id}/delete" with id = "" then expands to
	// "/users//delete", and "/users/{id}" to "/users/". RFC 3986 reads
	// an empty segment as data (Section 3.3), but nginx (merge_slashes,
	// on by default), Apache, Tomcat and Go's path.Clean read
	// "/users//delete" as "/users/delete", another resource; by default
	// ExpandURI refuses it, as Route refuses an empty value.
	AllowEmpty bool
}

// ExpandURIWith is ExpandURI (RFC 6570, Section 3; RFC 3986, Section 3.3)
// with the rules that o relaxes; with the zero ExpandOptions it is
// ExpandURI.
func (t Template) ExpandURIWith(vars map[string]any, o ExpandOptions) (URI, error) {
	return t.expandURI(vars, o)
}

// emptySegment returns the index of a span that had a part in an empty
// segment of path, which starts at offset off of the expansion, or -1: a
// span that wrote the '/' before or after it, or that wrote nothing where
// it is ("/users/{id}/delete" and "/users/{id}" with id = "", "{/path*}"
// with a member ""). The root path "/" has an empty segment to no reader,
// unless a value left it empty ("/{x}" and "{/x}" with x = ""). A "?" or "#"
// expression writes no path.
func emptySegment(spans []expansionSpan, path string, off int) int {
	for a := 1; a <= len(path); a++ {
		if path[a-1] != '/' || a < len(path) && path[a] != '/' {
			continue
		}
		for k := range spansIn(spans, off+a-1, off+a+1) {
			sp := spans[k]
			switch {
			case sp.op == '?' || sp.op == '#':
			case sp.start < sp.end && sp.start == off+a && a == len(path):
				// it writes what follows the path
			case sp.start < sp.end && len(path) == 1 && sp.op == '+':
				// the root path, which a value wrote ("{+path}" with "/")
			default:
				return k
			}
		}
	}
	return -1
}

// routeFault returns the index of a span that wrote a byte of a segment
// of path (which starts at offset off of the expansion) that RoutePath's
// zero PathPolicy refuses or reads as another segment, with the fault;
// or -1. A segment that only literals wrote is the template's and is
// kept, as its dot segments are. Only a segment with a '%' or a ';' can
// be one (its dot segments are dataDotSegment's).
func routeFault(spans []expansionSpan, path string, off int) (int, *Error) {
	for a := 0; a < len(path); {
		z := segmentEnd(path, a)
		seg := path[a:z]
		if strings.IndexByte(seg, '%') < 0 && strings.IndexByte(seg, ';') < 0 {
			a = z + 1
			continue
		}
		first := -1 // the first span that wrote a byte of the segment
		for k := range spansIn(spans, off+a, off+z) {
			if spans[k].start < spans[k].end {
				first = k
				break
			}
		}
		if first < 0 {
			a = z + 1
			continue
		}
		// the segment alone, as an absolute path: with its '/', or with
		// one before the first segment of a relative path
		abs, shift := "", a-1
		if a > 0 {
			abs = path[a-1 : z]
		} else {
			abs, shift = "/"+seg, -1
		}
		route, _, err := RoutePath(URI{Path: abs}, PathPolicy{})
		if err != nil {
			e := err.(*Error)
			if k := spanAt(spans, off+shift+e.Offset); k >= 0 && spans[k].start < spans[k].end {
				return k, e
			}
			return first, e
		}
		if route != abs {
			// normalization changed it: a "+" value copied a triplet in
			// lowercase hex or of an unreserved octet
			for x := strings.IndexByte(seg, '%'); x >= 0 && x < len(seg); x++ {
				if seg[x] == '%' {
					if k := spanAt(spans, off+a+x); k >= 0 {
						first = k
						break
					}
				}
			}
			return first, &Error{Err: ErrPath, Expected: "a value whose triplets are in normal form, uppercase and of no unreserved octet (RFC 3986, Section 6.2.2), so that the route is the path"}
		}
		a = z + 1
	}
	return -1, nil
}

// maxExpansion returns a length that the expansion of t with vars does not
// exceed: the parsed form (literals, and more than the operators'
// characters), and per value three bytes per byte (each may be
// pct-encoded) with its name and two separators.
func (t Template) maxExpansion(vars map[string]any) int {
	n := len(t.prog)
	for _, v := range t.varspecs() {
		item := func(s string) { n += 3*len(s) + len(v.name) + 2 }
		switch x := vars[v.name].(type) {
		case string:
			item(x)
		case []string:
			for _, m := range x {
				item(m)
			}
		case [][2]string:
			for _, kv := range x {
				item(kv[0])
				item(kv[1])
			}
		case map[string]string:
			for k, m := range x {
				item(k)
				item(m)
			}
		}
	}
	return n
}

// expansionSpan records the text that one variable of an expression
// wrote in an expansion, with the operator's first and separator
// characters it wrote: s[start:end], for ExpandURI.
type expansionSpan struct {
	start, end int
	name       int  // offset of the variable's name in the template
	op         byte // the expression's operator
}

// spanAt returns the index of the span that holds offset i of the
// expansion, or -1 when a literal wrote it.
func spanAt(spans []expansionSpan, i int) int {
	// spans are in order and do not overlap: the first that ends after i
	k := sort.Search(len(spans), func(k int) bool { return spans[k].end > i })
	if k < len(spans) && spans[k].start <= i {
		return k
	}
	return -1
}

// spansIn yields, in order, the index of each span that wrote a byte of
// the expansion's s[a:b], or that wrote nothing at an offset p with
// a < p < b: an expression between two bytes that literals wrote.
// Nothing is yielded when one literal wrote s[a:b].
func spansIn(spans []expansionSpan, a, b int) iter.Seq[int] {
	return func(yield func(int) bool) {
		// ends are in order too: the first span that ends after a
		for k := sort.Search(len(spans), func(k int) bool { return spans[k].end > a }); k < len(spans) && spans[k].start < b; k++ {
			if sp := spans[k]; (sp.start < sp.end || sp.start > a) && !yield(k) {
				return
			}
		}
	}
}

// dataDotSegment returns the index of a span that had a part in a dot
// segment of path ("." or "..", either spelled with "%2E" too) or in a
// segment that Vet reports as an EncodedDotSegment (like is then set),
// which
// starts at offset off of the expansion, or -1. A span has a part when it
// wrote a byte of the segment or of the '/' on either side, or wrote
// nothing inside them, where a value would have made another segment
// ("/a/.{x}." and "{x}.." with x = ""); an expression right after the
// segment whose expansion starts with '/', '?' or '#' has none, since it
// ends the segment whatever its values ("/a/..{?q}").
func dataDotSegment(spans []expansionSpan, path string, off int) (k int, like bool) {
	if len(spans) == 0 {
		return -1, false
	}
	for a := 0; a <= len(path); {
		z := segmentEnd(path, a)
		if dot := dotSegment(path[a:z], dotsURL) != 0; dot || dotLike(path[a:z]) {
			empty := -1
			for k := range spansIn(spans, off+a-1, off+z+1) {
				switch sp := spans[k]; {
				case sp.start == off+z && strings.IndexByte("/?#", sp.op) >= 0:
				case sp.start < sp.end:
					return k, !dot // a variable that wrote part of it
				case empty < 0:
					empty = k
				}
			}
			if empty >= 0 {
				return empty, !dot
			}
		}
		a = z + 1
	}
	return -1, false
}

// sourceOffset maps offset i of an expansion to the template text: the
// name of the variable that wrote it, or the byte of the literal that did
// (a character beyond ASCII, which the expansion writes as triplets, maps
// to its first byte), or len(t.src) past the end.
func (t Template) sourceOffset(spans []expansionSpan, i int) int {
	if k := spanAt(spans, i); k >= 0 {
		return spans[k].name
	}
	r := progReader{s: t.prog}
	e, src := 0, 0 // offsets in the expansion and in the template text
	next := 0      // the first span of the next expression
	for !r.done() {
		if r.byte() == partLiteral {
			lit := r.str()
			if i < e+len(lit) {
				for ; src < len(t.src); src++ {
					w := 1
					if t.src[src] >= utf8.RuneSelf {
						w = 3
					}
					if i < e+w {
						break
					}
					e += w
				}
				for src > 0 && !utf8.RuneStart(t.src[src]) {
					src--
				}
				return src
			}
			e += len(lit)
			if j := strings.IndexByte(t.src[src:], '{'); j >= 0 {
				src += j
			}
			continue
		}
		at := r.uvarint()
		for n := r.uvarint(); n > 0; n-- {
			r.varspec()
		}
		src = at + strings.IndexByte(t.src[at:], '}') + 1
		for ; next < len(spans) && spans[next].name < src; next++ {
			e = spans[next].end
		}
	}
	return len(t.src)
}

// AppendExpand appends the expansion of the template (see Expand) to dst
// and returns the extended buffer. It allocates only when dst lacks the
// capacity, and to sort the keys of a map[string]string of more than
// eight pairs; on error it returns dst as it was.
func (t Template) AppendExpand(dst []byte, vars map[string]any) ([]byte, error) {
	b := dst
	r := progReader{s: t.prog}
	for !r.done() {
		op := r.byte()
		if op == partLiteral {
			b = append(b, r.str()...)
			continue
		}
		at := r.uvarint()
		info := templateOp(op)
		first := true
		count := r.uvarint()
		for n := count; n > 0; n-- {
			v := r.varspec()
			var err error
			if b, err = expandVar(b, info, v, vars[v.name], &first); err != nil {
				return dst, &Error{Input: t.src, Offset: varspecOffset(t.src, at, count-n), Err: ErrTemplate, Expected: err.Error()}
			}
		}
	}
	return b, nil
}

// expandRecording is AppendExpand for ExpandURI: it also records the
// span of the expansion that each variable wrote. It walks the decoded
// parts rather than sharing AppendExpand's loop, whose speed is the
// accepted target: the bookkeeping there cost Expand 3% (measured).
func (t Template) expandRecording(b []byte, vars map[string]any, spans []expansionSpan) ([]byte, []expansionSpan, error) {
	var pbuf [16]templatePart
	var vbuf [32]templateVar
	ps, vs := t.parts(pbuf[:0], vbuf[:0])
	for _, p := range ps {
		if p.op == partLiteral {
			b = append(b, p.lit...)
			continue
		}
		info, first := templateOp(p.op), true
		name := varspecOffset(t.src, p.at, 0)
		for k, v := range p.varsIn(vs) {
			start := len(b)
			var err error
			if b, err = expandVar(b, info, v, vars[v.name], &first); err != nil {
				return nil, nil, &Error{Input: t.src, Offset: name, Err: ErrTemplate, Expected: err.Error()}
			}
			spans = append(spans, expansionSpan{start, len(b), name, p.op})
			if k+1 < p.vn {
				name += strings.IndexByte(t.src[name:], ',') + 1
			}
		}
	}
	return b, spans, nil
}

// varspecOffset returns the offset in src of variable k of the expression
// whose '{' is at offset at.
func varspecOffset(src string, at, k int) int {
	i := at + 1
	if strings.IndexByte("+#./;?&", src[i]) >= 0 {
		i++
	}
	for ; k > 0; k-- {
		i += strings.IndexByte(src[i:], ',') + 1
	}
	return i
}

// expandVar appends the expansion of one varspec, RFC 6570, Appendix A.
func expandVar(b []byte, op opInfo, v templateVar, val any, first *bool) ([]byte, error) {
	start := func() {
		if *first {
			if op.first != 0 {
				b = append(b, op.first)
			}
			*first = false
		} else {
			b = append(b, op.sep)
		}
	}
	name := func() {
		b = append(b, v.name...)
	}
	switch x := val.(type) {
	case nil:
		return b, nil
	case string:
		start()
		if op.named {
			name()
			if x == "" {
				if op.ifemp != 0 {
					b = append(b, op.ifemp)
				}
				return b, nil
			}
			b = append(b, '=')
		}
		if v.prefix > 0 {
			x = prefixRunes(x, v.prefix)
		}
		return appendEncoded(b, x, op.reserved), nil
	case []string:
		if len(x) == 0 {
			return b, nil
		}
		if v.prefix > 0 {
			return b, errPrefixComposite
		}
		start()
		if !v.explode {
			if op.named {
				name()
				b = append(b, '=') // a list is never empty here
			}
			for i, item := range x {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendEncoded(b, item, op.reserved)
			}
			return b, nil
		}
		for i, item := range x {
			if i > 0 {
				b = append(b, op.sep)
			}
			if op.named {
				name()
				if item == "" {
					if op.ifemp != 0 {
						b = append(b, op.ifemp)
					}
					continue
				}
				b = append(b, '=')
			}
			b = appendEncoded(b, item, op.reserved)
		}
		return b, nil
	case [][2]string:
		if len(x) == 0 {
			return b, nil
		}
		if v.prefix > 0 {
			return b, errPrefixComposite
		}
		start()
		for i, kv := range x {
			b = appendPair(b, op, v, i, kv[0], kv[1])
		}
		return b, nil
	case map[string]string:
		if len(x) == 0 {
			return b, nil
		}
		if v.prefix > 0 {
			return b, errPrefixComposite
		}
		start()
		if len(x) > 8 {
			for i, k := range slices.Sorted(maps.Keys(x)) {
				b = appendPair(b, op, v, i, k, x[k])
			}
			return b, nil
		}
		// Few keys: pick them in order without sorting into a slice.
		prev, have := "", false
		for i := range len(x) {
			next, found := "", false
			for k := range x {
				if (!have || k > prev) && (!found || k < next) {
					next, found = k, true
				}
			}
			b = appendPair(b, op, v, i, next, x[next])
			prev, have = next, true
		}
		return b, nil
	}
	return b, errValueType
}

var (
	errPrefixComposite = errors.New("a string value: a prefix modifier does not apply to a list or an associative array (RFC 6570, Section 2.4.1)")
	errValueType       = errors.New("a value of type string, []string, [][2]string or map[string]string")
)

// appendPair appends pair i of an associative array.
func appendPair(b []byte, op opInfo, v templateVar, i int, k, val string) []byte {
	if !v.explode {
		if i == 0 && op.named {
			b = append(b, v.name...)
			b = append(b, '=')
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = appendEncoded(b, k, op.reserved)
		b = append(b, ',')
		return appendEncoded(b, val, op.reserved)
	}
	if i > 0 {
		b = append(b, op.sep)
	}
	b = appendEncoded(b, k, op.reserved)
	if val == "" && op.named {
		if op.ifemp != 0 {
			b = append(b, op.ifemp)
		}
		return b
	}
	b = append(b, '=')
	return appendEncoded(b, val, op.reserved)
}

// prefixRunes returns the first n characters of s (RFC 6570, Section
// 2.4.1 counts characters, not octets).
func prefixRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// Matching: the inverse of Expand.

// templatePart is one part of a Template, for Match.
type templatePart struct {
	lit    string // a literal, when op is partLiteral
	op     byte
	at     int // offset of the expression's '{'
	v0, vn int // its variables: vs[v0 : v0+vn] of parts' vs
}

// varsIn returns the part's variables from the slice parts filled.
func (p templatePart) varsIn(vs []templateVar) []templateVar { return vs[p.v0 : p.v0+p.vn] }

// parts decodes the parsed form into ps and vs, which callers give with
// room on the stack, and returns them extended.
func (t Template) parts(ps []templatePart, vs []templateVar) ([]templatePart, []templateVar) {
	r := progReader{s: t.prog}
	for !r.done() {
		op := r.byte()
		if op == partLiteral {
			ps = append(ps, templatePart{lit: r.str()})
			continue
		}
		p := templatePart{op: op, at: r.uvarint()}
		n := r.uvarint()
		p.v0, p.vn = len(vs), n
		for range n {
			vs = append(vs, r.varspec())
		}
		ps = append(ps, p)
	}
	return ps, vs
}

// producer tells which characters the expansion of an expression, or of
// a group of named expressions that Match reads as one, can hold.
type producer struct {
	info     opInfo
	several  bool // more than one variable: separators between them
	list     bool // a variable without prefix or explode: a list's ','
	exploded bool // an exploded variable: separators, and '=' in pairs
	anyQuery bool // Route's ExtraParams: parameters of any query characters
	raw      bool // Route: data characters a client leaves unencoded
	query    bool // Route: the expression is in the query, where '/' and '?' are data
}

func newProducer(op byte, vars []templateVar) producer {
	p := producer{info: templateOp(op), several: len(vars) > 1}
	for _, v := range vars {
		p.list = p.list || !v.explode && v.prefix == 0
		p.exploded = p.exploded || v.explode
	}
	return p
}

// can reports whether c can appear in the expansion, at its start or
// after it: unreserved characters and '%' (values), the operator's first
// character at the start, and for
// "+" and "#" every reserved character (RFC 6570, Section 3.2.1); the
// separator between variables or exploded items; ',' between the members
// of a list; '=' after a name or inside an exploded pair (RFC 6570,
// Appendix A).
func (p producer) can(c byte, atStart bool) bool {
	switch {
	case p.anyQuery:
		return c != '#'
	case is(c, cUnreserved) || c == '%' || c == p.info.first && atStart:
		return true
	case p.info.reserved && is(c, cGenDelim|cSubDelim):
		return true
	case c == p.info.sep && (p.several || p.exploded):
		return true
	case c == ',' && p.list:
		return true
	case c == '=' && (p.info.named || p.exploded):
		return true
	}
	// Route reads what clients send: sub-delims, ':' and '@' (and in the
	// query '/' and '?') unencoded are data too, where they are not this
	// expression's own delimiters (RFC 3986, Sections 3.3 and 3.4), nor
	// the '&' that separates query parameters
	return p.raw && (is(c, cSubDelim) || c == ':' || c == '@' || p.query && (c == '/' || c == '?')) &&
		c != p.info.sep && !(p.query && c == '&')
}

// groupEnd returns the end of the group of expressions that Match reads
// as one, starting at part i: a "?" or "&" expression and the "&" ones
// right after it, a ";" expression and the ";" ones right after it, or
// the one expression.
func groupEnd(ps []templatePart, i int) int {
	j := i + 1
	switch ps[i].op {
	case '?', '&':
		for j < len(ps) && ps[j].op == '&' {
			j++
		}
	case ';':
		for j < len(ps) && ps[j].op == ';' {
			j++
		}
	}
	return j
}

// Matchable reports whether Match inverts every expansion of t: nil when,
// for any values Expand takes, Match(Expand(values)) succeeds and gives
// back for each variable a value that expands as the one given did in
// every expression that names it (a one-member list and its member, an
// absent variable and an empty list, are told apart only where the text
// tells them apart). Otherwise it returns an *Error wrapping ErrTemplate
// whose Offset is the first expression that makes matching ambiguous
// (RFC 6570, Section 1.4 notes that templates are not designed for
// matching):
//
//   - an expression followed by another expression that does not start
//     with a character the first cannot produce ("{x}{y}", "{/a}{/b}"; but
//     "{/path}{?q}" is matchable, since '?' ends the path expression, and
//     so are "{?a}{&b}" and "{;a}{;b}", which Match reads as one, and
//     "{/x}{/x}", whose second is empty when the first is); since an
//     expression may expand to nothing, this holds for each expression up
//     to the next literal ("{;a}{&b}{;c}" is ambiguous);
//   - an expression followed by a literal (directly or after expressions)
//     whose first character the expression can produce ("{name}.html",
//     since a value may hold '.');
//   - an expression without a name (no ";", "?" or "&") that has several
//     variables ("{x,y}", "{/a,b}"): when one is undefined, its
//     neighbour's value comes back under its name, and list members and
//     values with the separator ("{.x,y}" with x = "a.b") make more items
//     than variables;
//   - an exploded variable among several in named expressions read as one
//     ("{?q,params*}", "{?a}{&b*}"): a key of the associative array may be
//     the name of another variable;
//   - a variable named twice where Match, which keeps the value of the
//     last, would lose what the first told or decode it differently: an
//     explode modifier on one only ("{x*}/{x}"); a prefix on the last that
//     the first lacks or has longer ("{x}/{x:2}"); "+" or "#" on one only,
//     unless a prefix of one or two characters leaves no room for a
//     triplet ("{x}/{+x}", which read "%20" differently); ";" first, whose
//     "x=" tells [""] from "", then an operator that writes the same
//     text for both ("{;x}/{/x}").
//
// Match still answers for such templates, by the rules its doc gives, but
// the values it returns may not be the values that made the text, nor
// expand to it. TestTemplateMatchableExact checks on every template of a
// small grammar (operators, variable lists, literal separators, a second
// expression) and every combination of a set of values that Matchable is
// nil exactly when every expansion matches back.
func (t Template) Matchable() error {
	ps, vs := t.parts(nil, nil)
	// per variable, its operator and whether that is "+" or "#"
	ops, reserved := make([]byte, len(vs)), make([]bool, len(vs))
	lastOf := map[string]int{} // per name, its last variable so far
	for _, p := range ps {
		for k := range p.vn {
			ops[p.v0+k], reserved[p.v0+k] = p.op, templateOp(p.op).reserved
		}
	}
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		if p.op == partLiteral {
			continue
		}
		fail := func(why string) error {
			return &Error{Input: t.src, Offset: p.at, Err: ErrTemplate, Expected: "an expression that Match can invert: " + why}
		}
		j := groupEnd(ps, i)
		group := vs[p.v0 : ps[j-1].v0+ps[j-1].vn]
		info := templateOp(p.op)
		switch {
		case !info.named && p.vn > 1:
			return fail("several variables without names are ambiguous")
		case info.named && len(group) > 1 && slices.ContainsFunc(group, func(v templateVar) bool { return v.explode }):
			return fail("an exploded variable among several named ones is ambiguous: its keys may be their names")
		}
		for k := p.v0; k < ps[j-1].v0+ps[j-1].vn; k++ {
			v := vs[k]
			m, seen := lastOf[v.name]
			lastOf[v.name] = k
			if !seen {
				continue
			}
			// Match keeps the value of the last: it must tell as much,
			// and decode as the one before. "+" and "#" copy a triplet that
			// the others encode ("%20"), unless a prefix of one or two
			// characters leaves no room for one. Only ";" tells "" ("x")
			// from [""] ("x="), and an operator with a first character
			// writes it for both.
			w := vs[m]
			copies := func(k int) bool { return reserved[k] && (vs[k].prefix == 0 || vs[k].prefix >= 3) }
			if w.explode != v.explode || reserved[m] != reserved[k] && (copies(m) || copies(k)) ||
				v.prefix != 0 && (w.prefix == 0 || w.prefix > v.prefix) ||
				ops[m] == ';' && w.prefix == 0 && ops[k] != ';' && templateOp(ops[k]).first != 0 {
				return fail("the variable " + strconv.Quote(v.name) + " appears twice, and its value here tells less than before or decodes differently")
			}
		}
		i = j - 1
		// what follows, up to the next literal: any of the expressions
		// may be empty, so each may come right after this one
		pr := newProducer(p.op, group)
		for k := j; k < len(ps); k++ {
			if next := ps[k]; next.op == partLiteral {
				if pr.can(next.lit[0], true) {
					return fail("the literal after it starts with " + strconv.Quote(next.lit[:1]) + ", which its values can hold")
				}
				break
			}
			// its first character starts this one too, but only where this
			// one is not empty, unless all its variables are in this one:
			// then it is empty when this one is ("{/x}{/x}")
			f := templateOp(ps[k].op).first
			within := !slices.ContainsFunc(ps[k].varsIn(vs), func(v templateVar) bool {
				return !slices.ContainsFunc(group, func(w templateVar) bool { return w.name == v.name })
			})
			if f == 0 || pr.can(f, false) || pr.can(f, true) && !within {
				return fail("an expression after it starts with no character that ends this one")
			}
		}
	}
	return nil
}

// Match returns the variable values that Expand would turn into s, and
// whether s matches t at all: the inverse of Expand (RFC 6570, Section 3).
//
// Values come back decoded, as Expand takes them: a string, or a
// []string for an exploded variable and for a list (members separated by
// ','); an exploded associative array of a named expression ("{?params*}")
// comes back as [][2]string holding the pairs no other variable of the
// expression claims; a non-exploded one comes back as the list of its keys
// and values. A variable that s leaves out is absent from the map. With a
// prefix modifier ("{var:3}") the value is the prefix. For "+" and "#",
// whose values keep reserved characters and pct-encoded triplets, only the
// triplets that Expand makes itself (of octets that are neither unreserved
// nor reserved, such as "%20" or UTF-8, with uppercase hex digits; and
// "%25" before what is no triplet) are decoded: "{+path}" matches "a%2Fb"
// with path = "a%2Fb", which Expand gives back as "a%2Fb", and "%c3%a9"
// with "%c3%a9", which a value must have held as it is. In a
// ";" expression, "x=" (which Expand writes for the list [""] only, since
// it writes "x" for "") comes back as []string{""}.
//
// Named expressions (";", "?" and "&", with a "?" or "&" followed by "&"
// expressions and a ";" followed by ";" expressions read as one) match
// their parameters in any order, and each parameter may be absent. A
// parameter that no variable is named after goes to the first exploded
// variable, as a pair of its associative array, and so does one that
// repeats a variable that is not exploded; without an exploded variable
// to take it, s does not match.
// Literals must match exactly. Where a template is ambiguous (see
// Matchable), an expression followed by a literal extends to the first
// place where that literal matches, and one followed by an expression
// extends as far as the characters it can produce go; a variable that
// appears in two expressions takes the value of the last. In an
// expression without names and with several variables ("{x,y,z}"), the
// items are given to the variables in order, so when a variable before the
// last was undefined in the expansion, its neighbour's value comes back
// under its name.
//
// Match follows the letter of RFC 6570 and gives back any value, ".." and
// "" included: "/users/.." matches "/users/{id}" with id = "..". To route
// requests, use Route.
func (t Template) Match(s string) (map[string]any, bool) {
	return t.match(s, nil)
}

// RouteOptions relaxes Route's rules. The zero value is the strict
// reading, which a router should start from: every path variable present
// and non-empty, and every query parameter named by the template
// (RFC 6570, Sections 2.3 and 3.2.8; RFC 3986, Section 3.4).
type RouteOptions struct {
	// AllowEmpty lets a variable of an expression without names (simple,
	// "+", "#", ".", "/") be absent or empty, as RFC 6570, Section 2.3
	// allows and Match reads it: "/users/" then matches "/users/{id}" with
	// no id.
	AllowEmpty bool
	// ExtraParams ignores query parameters that no variable names, as
	// links with tracking parameters ("?utm_source=...") need: a name that
	// no variable of the template's "?" and "&" expressions claims is
	// skipped, and a query is ignored when the template has neither such
	// an expression nor a '?' in its literals ("/users/42?x" then matches
	// "/users/{id}"). A literal query ("?fixed=yes{&x}") must still come
	// first, as written.
	ExtraParams bool
}

// Route matches s, a URI-reference such as the path and query of an HTTP
// request target (RFC 9112, Section 3.2), against the template for
// routing: Match (which see) with the rules a router needs, so that a
// handler can use the values it gets as they are. s must be a valid
// URI-reference (RFC 3986, Section 4.1): in a server, the origin-form
// target as the client sent it (r.RequestURI), or RoutePath's route with
// the query after it when an access rule and the upstream must read the
// same path. By default (the zero RouteOptions):
//
//   - every variable of an expression without names (simple, "+", "#",
//     ".", "/") must be present and non-empty: a string "", a list
//     without members or with an empty member, an associative array
//     without pairs or with an empty key do not match. Variables of
//     ";", "?" and "&" expressions are parameters, each optional (a value
//     "" is allowed); to require one, look it up in the result;
//   - no value is or holds a dot segment: no value, list member, key or
//     pair value has a piece, between '/' and '\\' once its triplets are
//     decoded, that is "." or "..", written with "%2E" or not
//     ("/users/..", "/users/%2e%2e" and "/files/a/../b" for
//     "/files/{+path}" do not match; nor do "/files/..%5C..%5Cwin.ini"
//     for "/files/{name}", whose name would be "..\\..\\win.ini", and
//     "/files/..%2F..%2Fetc" for "/files/{+path}", whose path would keep
//     "..%2F..%2Fetc"), since a handler that joins it to a directory would
//     climb out of it (RFC 3986, Section 5.2.4; Windows splits at '\\').
//     Nor is a piece one that some back end reads as a dot segment
//     (Vet's EncodedDotSegment: "..;", and characters that NFKC maps to
//     full stops, "．．", "‥", U+FE52 SMALL FULL STOP), nor does a value
//     hold overlong UTF-8 ("%C0%AE") or a NUL, where a C string ends
//     ("/files/..%00" would give "..\x00", which is ".." to a C file
//     API). Match gives such values back;
//   - a query parameter that the template does not name, a parameter
//     repeated for a variable that is not exploded, or a query where the
//     template has none makes s not match (see RouteOptions.ExtraParams);
//   - a "+" expression of the path stops at the '?' that starts the query
//     and at the '#' that starts the fragment.
//
// Route reads what clients send, which is not always what Expand writes:
// sub-delims, ':' and '@' (and in the query '/' and '?') left unencoded
// are data where they are no delimiter of the expression
// ("/users/me@example.com" gives id = "me@example.com", which Match does
// not match), and values come back decoded ("/users/%34%32" gives
// id = "42"). Route does not normalize s otherwise: "/Users/42" does not
// match "/users/{id}".
//
// # Routing with templates
//
// The rest of a path: "{+path}" takes it as one string, '/' included, as
// Go's ServeMux pattern "{path...}" does, but with "%2F" left encoded (so
// that a slash of data stays apart from the delimiters; so do the other
// triplets of reserved and unreserved characters, while "%20" and UTF-8
// in uppercase hex are decoded: see Match);
// "{/path*}" takes it as the list of its segments, each decoded. "{path*}" is not the rest of a
// path: the simple operator encodes '/', so it is a comma-separated list
// of one segment. With the default options, "/files/{+path}" does not
// match "/files/" and "/files{/path*}" does not match "/files/a//b" or
// "/files/a/" (an empty member); set AllowEmpty, or add a route for the
// directory itself.
//
// Extra parameters: "{?q,page}" takes q and page in any order, each
// optional; "{?q,rest*}" collects every other parameter in rest (as
// [][2]string); ExtraParams ignores unnamed ones instead.
//
// What is ambiguous: a template for which Matchable returns an error has
// texts that more than one set of values expands to ("{name}.{ext}" for
// "a.b.c", "{?q,params*}" for "?q=1" where params may hold q), and Route
// then answers by Match's rules. Call Matchable when you register a
// route. Where routes overlap, the first one tried that matches wins: order
// them from the most specific.
func (t Template) Route(s string, o RouteOptions) (map[string]any, bool) {
	u, err := Parse(s)
	if err != nil {
		return nil, false
	}
	r := routing{RouteOptions: o, query: -1, fragment: -1}
	end := len(s) // the end of the query
	if u.HasFragment {
		end -= len(u.Fragment) + 1
		r.fragment = end
	}
	if u.HasQuery {
		r.query = end - len(u.Query) - 1
		if o.ExtraParams && !t.hasQuery() {
			s = s[:r.query] + s[end:]
			if r.fragment >= 0 {
				r.fragment = r.query
			}
			r.query = -1
		}
	}
	vals, ok := t.match(s, &r)
	if !ok {
		return nil, false
	}
	for _, v := range vals {
		if !dotFree(v) {
			return nil, false
		}
	}
	return vals, true
}

// hasQuery reports whether the template can write a query: a literal
// holds '?', or an expression is "?" or "&".
func (t Template) hasQuery() bool {
	var pbuf [16]templatePart
	var vbuf [32]templateVar
	ps, _ := t.parts(pbuf[:0], vbuf[:0])
	return slices.ContainsFunc(ps, func(p templatePart) bool {
		return p.op == '?' || p.op == '&' || p.op == partLiteral && strings.IndexByte(p.lit, '?') >= 0
	})
}

// nonEmpty reports whether a value Match gave is defined and has no empty
// string where Route requires one: the value, a member, a key.
func nonEmpty(v any) bool {
	switch x := v.(type) {
	case string:
		return x != ""
	case []string:
		return len(x) > 0 && !slices.Contains(x, "")
	case [][2]string:
		return len(x) > 0 && !slices.ContainsFunc(x, func(kv [2]string) bool { return kv[0] == "" })
	}
	return false
}

// dotFree reports whether no string of a value Match gave climbs (see
// climbs).
func dotFree(v any) bool {
	switch x := v.(type) {
	case string:
		return !climbs(x)
	case []string:
		return !slices.ContainsFunc(x, climbs)
	case [][2]string:
		return !slices.ContainsFunc(x, func(kv [2]string) bool { return climbs(kv[0]) || climbs(kv[1]) })
	}
	return true
}

// climbs reports whether s, a value that Route would give back, can climb
// out of a directory that a handler joins it to, once the handler decodes
// its triplets (Route gives "+" values back with "%2F" and the like still
// encoded) and splits it at '/' and at '\' (as Windows does): a piece is
// "." or "..", written with "%2E" or not (RFC 3986, Section 5.2.4), or is
// one that Vet reports as an EncodedDotSegment: dots before a ';'
// ("..;", which Java servlet containers read as ".."), or characters that
// NFKC normalization maps to full stops or separators ("．．", "‥",
// U+FE52 SMALL FULL STOP, "..／"); or s holds overlong UTF-8, which a
// lenient decoder reads as ASCII ("%C0%AE" as '.'), or a NUL, where a C
// string ends ("..\x00" is ".." to a C file API).
func climbs(s string) bool {
	special := false // a '%', ';', NUL or non-ASCII octet: a slow reading
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '%' || c == ';' || c == 0 || c >= utf8.RuneSelf {
			special = true
			break
		}
	}
	if !special && strings.IndexByte(s, '.') < 0 {
		return false
	}
	for len(s) > 0 {
		k := strings.IndexAny(s, "/\\")
		piece := s
		if k >= 0 {
			piece, s = s[:k], s[k+1:]
		} else {
			s = ""
		}
		if dotSegment(piece, dotsURL) != 0 {
			return true
		}
		if special && piece != "" {
			// the piece as a segment: its non-ASCII text and NUL encoded,
			// so that Vet's reading finds NFKC's full stops, overlong
			// forms and "%00", its triplets kept, so that it decodes them
			enc := bytesString(appendEncoded(make([]byte, 0, 3*len(piece)), piece, true))
			if dotLike(enc) {
				return true
			}
			var c checker
			c.octets(enc, 0, false, false, lineBreaksNone)
			if c.set&(1<<OverlongUTF8|1<<EncodedNUL) != 0 {
				return true
			}
		}
	}
	return false
}

// routing holds Route's rules for match: its options and where the query
// and the fragment of the URI being matched start (-1 for none).
type routing struct {
	RouteOptions
	query, fragment int
}

// limit returns where the text of an expression with operator op that
// starts at pos must end: a "+" expression of the path does not take the
// '?' that starts the query nor the '#' that starts the fragment, which
// Expand would write from a value but a request's URI has as delimiters.
func (r *routing) limit(op byte, pos, n int) int {
	if r == nil || op != '+' {
		return n
	}
	if r.query >= pos {
		return r.query
	}
	if r.fragment >= pos {
		return r.fragment
	}
	return n
}

func (t Template) match(s string, r *routing) (map[string]any, bool) {
	var pbuf [16]templatePart
	var vbuf [32]templateVar
	ps, vs := t.parts(pbuf[:0], vbuf[:0])
	vals := map[string]any{}
	pos := 0
	for i := 0; i < len(ps); i++ {
		p := ps[i]
		if p.op == partLiteral {
			if !strings.HasPrefix(s[pos:], p.lit) {
				return nil, false
			}
			pos += len(p.lit)
			continue
		}
		j := groupEnd(ps, i)
		group := ps[i:j]
		i = j - 1
		limit := r.limit(p.op, pos, len(s))
		pr := newProducer(p.op, vs[p.v0:ps[j-1].v0+ps[j-1].vn])
		if r != nil {
			pr.anyQuery = r.ExtraParams && (p.op == '?' || p.op == '&')
			pr.raw, pr.query = true, p.op == '?' || p.op == '&' || r.query >= 0 && pos > r.query
		}
		end := pos
		if j < len(ps) && ps[j].op == partLiteral {
			k := strings.Index(s[pos:], ps[j].lit)
			if k < 0 || pos+k > limit {
				return nil, false
			}
			end = pos + k
			for x := pos; x < end; x++ {
				if !pr.can(s[x], x == pos) {
					return nil, false
				}
			}
		} else {
			// the first characters that end the expression: the next
			// expression's, and for Route, which reads characters that
			// Expand would have encoded, those of the expressions after it
			// up to the next literal, since the ones between may be empty
			var stops [4]uint64 // a set of octets
			written := pr       // what Expand writes for the expression
			written.raw, written.anyQuery = false, false
			for k := j; k < len(ps) && ps[k].op != partLiteral && (k == j || r != nil); k++ {
				f := templateOp(ps[k].op).first
				if f == 0 {
					break
				}
				if k == j || !written.can(f, false) {
					stops[f>>6] |= 1 << (f & 63)
				}
			}
			// the expression's own first character at its start is its own
			// even where a later expression starts with it too
			if f := templateOp(p.op).first; f != 0 && end < limit && s[end] == f {
				end++
			}
			for end < limit && stops[s[end]>>6]&(1<<(s[end]&63)) == 0 && pr.can(s[end], false) {
				end++
			}
			if j == len(ps) && end != len(s) {
				return nil, false
			}
		}
		if !matchExpression(group, vs, s[pos:end], vals, r) {
			return nil, false
		}
		pos = end
	}
	if pos != len(s) {
		return nil, false
	}
	if r != nil && !r.AllowEmpty {
		// Route: every variable of an expression without names
		for _, p := range ps {
			if p.op == partLiteral || templateOp(p.op).named {
				continue
			}
			for _, v := range p.varsIn(vs) {
				if !nonEmpty(vals[v.name]) {
					return nil, false
				}
			}
		}
	}
	return vals, true
}

// matchExpression reads the text of one expression (or a group of named
// expressions) into vals.
func matchExpression(group []templatePart, vs []templateVar, text string, vals map[string]any, r *routing) bool {
	if text == "" {
		return true // every variable undefined
	}
	op := group[0].op
	info := templateOp(op)
	if info.first != 0 {
		// a group whose first expression is undefined starts with the
		// first character of a later one ("{?a}{&b}" gives "&b=1")
		if text[0] != info.first && (len(group) == 1 || text[0] != templateOp(group[len(group)-1].op).first) {
			return false
		}
		text = text[1:]
	}
	if info.named {
		sep := info.sep
		if op == '?' {
			sep = '&' // "{?a}{&b}": '?' and '&' write the same items
		}
		last := group[len(group)-1]
		return matchNamed(vs[group[0].v0:last.v0+last.vn], info, sep, text, vals, r)
	}
	vars := group[0].varsIn(vs)
	if len(vars) == 1 {
		v := vars[0]
		if v.explode {
			var list []string
			var pairs [][2]string
			for item := range strings.SplitSeq(text, string(info.sep)) {
				if k, val, ok := strings.Cut(item, "="); ok && !info.reserved {
					dk, ok1 := decodeTemplateValue(k, info.reserved)
					dv, ok2 := decodeTemplateValue(val, info.reserved)
					if !ok1 || !ok2 {
						return false
					}
					pairs = append(pairs, [2]string{dk, dv})
					continue
				}
				d, ok := decodeTemplateValue(item, info.reserved)
				if !ok {
					return false
				}
				list = append(list, d)
			}
			switch {
			case pairs != nil && list != nil:
				return false
			case pairs != nil:
				vals[v.name] = pairs
			default:
				vals[v.name] = list
			}
			return true
		}
		return matchValue(v, text, info, vals)
	}
	// Several variables: one item each, in order.
	items := strings.Split(text, string(info.sep))
	if len(items) > len(vars) {
		return false
	}
	for k, item := range items {
		if !matchValue(vars[k], item, info, vals) {
			return false
		}
	}
	return true
}

// matchValue stores the value of a non-exploded variable: a list when the
// text has a ',' that Expand wrote as a separator.
func matchValue(v templateVar, text string, info opInfo, vals map[string]any) bool {
	if !info.reserved && v.prefix == 0 && strings.IndexByte(text, ',') >= 0 {
		var list []string
		for item := range strings.SplitSeq(text, ",") {
			d, ok := decodeTemplateValue(item, info.reserved)
			if !ok {
				return false
			}
			list = append(list, d)
		}
		vals[v.name] = list
		return true
	}
	d, ok := decodeTemplateValue(text, info.reserved)
	if ok {
		vals[v.name] = d
	}
	return ok
}

// explodedItems collects the items of an exploded variable of a named
// expression: its own name's items make a list; once another name comes,
// every item is a (name, value) pair of an associative array.
type explodedItems struct {
	v     int // the variable's index in the group
	list  []string
	pairs [][2]string
	used  bool
}

func (e *explodedItems) add(own, name, val string, self bool) {
	e.used = true
	if self && e.pairs == nil {
		e.list = append(e.list, val)
		return
	}
	if e.pairs == nil {
		for _, m := range e.list {
			e.pairs = append(e.pairs, [2]string{own, m})
		}
		e.list = nil
	}
	e.pairs = append(e.pairs, [2]string{name, val})
}

// matchNamed reads the "name=value" items of ";", "?" and "&"
// expressions, in any order: each goes to the first variable of that name
// not yet given a value, or to an exploded variable of that name, or to the
// first exploded variable as a pair of an associative array.
func matchNamed(vars []templateVar, info opInfo, sep byte, text string, vals map[string]any, r *routing) bool {
	var doneBuf [16]bool
	var done []bool
	if len(vars) <= len(doneBuf) {
		done = doneBuf[:len(vars)]
	} else {
		done = make([]bool, len(vars))
	}
	var expBuf [2]explodedItems
	exploded := expBuf[:0]
	for k, v := range vars {
		if v.explode {
			exploded = append(exploded, explodedItems{v: k})
		}
	}
	for item := range strings.SplitSeq(text, string(sep)) {
		name, val, hasEq := strings.Cut(item, "=")
		// the variable of that name not yet given a value, and whether
		// there is one of that name at all
		k, named := -1, false
		for x, v := range vars {
			if v.name == name && !v.explode {
				named = true
				if !done[x] {
					k = x
					break
				}
			}
		}
		if info.ifemp == '=' && !hasEq {
			// "?x" is what Expand never writes ("?x=" for x = "")
			if k >= 0 || r == nil || !r.ExtraParams {
				return false
			}
			continue
		}
		if k >= 0 {
			done[k] = true
			if !hasEq || val != "" || info.ifemp != 0 || vars[k].prefix != 0 {
				if !matchValue(vars[k], val, info, vals) {
					return false
				}
				continue
			}
			vals[name] = []string{""} // ";x=": the list [""], since "" is ";x"
			continue
		}
		if named && (r != nil || len(exploded) == 0) {
			return false // a variable that is not exploded, given twice
		}
		var e *explodedItems
		for x := range exploded {
			if vars[exploded[x].v].name == name {
				e = &exploded[x]
				break
			}
		}
		self := e != nil
		if e == nil && len(exploded) > 0 {
			e = &exploded[0]
		}
		if e == nil {
			if r != nil && r.ExtraParams && info.ifemp == '=' { // "?" and "&" only
				continue
			}
			return false
		}
		dv, ok := decodeTemplateValue(val, info.reserved)
		if !ok {
			return false
		}
		if !self {
			if name, ok = decodeTemplateValue(name, info.reserved); !ok {
				return false
			}
		}
		e.add(vars[e.v].name, name, dv, self)
	}
	for _, e := range exploded {
		switch {
		case !e.used:
		case e.pairs != nil:
			vals[vars[e.v].name] = e.pairs
		default:
			vals[vars[e.v].name] = e.list
		}
	}
	return true
}

// decodeTemplateValue decodes the pct-encoded triplets of an expanded
// value: all of them for the unreserved-only operators, and for "+" and
// "#" only those that Expand makes itself (RFC 6570, Section 3.2.1): of
// octets that are neither unreserved nor reserved, in uppercase hex
// digits (RFC 3986, Section 2.1), and "%25" where no triplet follows (a
// '%' of the value that started none). It reports false for a '%' that
// starts no triplet.
func decodeTemplateValue(s string, reserved bool) (string, bool) {
	if strings.IndexByte(s, '%') < 0 {
		return s, true
	}
	if !reserved {
		d, err := Decode(s)
		return d, err == nil
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			b = append(b, c)
			continue
		}
		if i+2 >= len(s) || !is(s[i+1], cHex) || !is(s[i+2], cHex) {
			return "", false
		}
		o := unhex(s[i+1])<<4 | unhex(s[i+2])
		// "%25" is a '%' that Expand encoded when no triplet follows it,
		// and a triplet it copied when one does; Expand writes uppercase
		// hex digits, so a triplet with a lowercase one was copied
		if o == '%' && i+4 < len(s) && is(s[i+3], cHex) && is(s[i+4], cHex) || o != '%' && is(o, cUnreserved|cGenDelim|cSubDelim) ||
			s[i+1] >= 'a' || s[i+2] >= 'a' {
			b = append(b, s[i:i+3]...)
		} else {
			b = append(b, o)
		}
		i += 2
	}
	return bytesString(b), true
}
