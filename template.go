package uri

import (
	"errors"
	"maps"
	"slices"
	"strconv"
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
type Template struct {
	src  string // the template text
	prog string // the parsed form: see ParseTemplate
}

// The parsed form is a sequence of parts:
//
//	literal:    0, uvarint length, the literal already encoded (RFC 6570, Section 3.1)
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
// A failure is an *Error wrapping ErrTemplate with the byte offset of the
// first byte the grammar does not allow: a character outside the literal
// set (space, '"', '<', '>', '\\', '^', '`', '|', '}', a '%' that starts
// no triplet, invalid UTF-8), an operator reserved for future extensions
// ("=", ",", "!", "@", "|"), a malformed name or modifier, or an
// expression that is not closed (Offset is then len(s)).
func ParseTemplate(s string) (Template, error) {
	var p []byte
	lit := -1 // start of the pending literal in p, or -1
	flush := func() {
		if lit < 0 {
			return
		}
		// rewrite the pending literal with its length in front
		text := string(p[lit:])
		p = p[:lit]
		p = append(p, partLiteral)
		p = appendUvarint(p, uint64(len(text)))
		p = append(p, text...)
		lit = -1
	}
	fail := func(at int, want string) (Template, error) {
		return Template{}, &Error{Input: s, Offset: at, Err: ErrTemplate, Expected: want + " (RFC 6570, Section 2)"}
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
			lit = len(p)
		}
		switch {
		case c == '%':
			if i+2 >= len(s) || !is(s[i+1], cHex) || !is(s[i+2], cHex) {
				return fail(min(i+1, len(s)), "two hex digits after '%'")
			}
			p = append(p, s[i:i+3]...)
			i += 3
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 || !isUCSChar(r) && !isIPrivate(r) {
				return fail(i, "a literal character: ucschar or iprivate (RFC 6570, Section 2.1)")
			}
			p = appendEncoded(p, s[i:i+n], false)
			i += n
		case is(c, cUnreserved|cGenDelim|cSubDelim):
			p = append(p, c)
			i++
		default:
			return fail(i, "a literal character, or '{' to start an expression")
		}
	}
	flush()
	return Template{src: s, prog: string(p)}, nil
}

// parseExpression parses the expression starting at s[i] == '{', appends
// its parsed form to p, and returns the offset after its '}'.
func parseExpression(s string, i int, p []byte) ([]byte, int, error) {
	start := i
	fail := func(at int, want string) ([]byte, int, error) {
		return nil, 0, &Error{Input: s, Offset: at, Err: ErrTemplate, Expected: want + " (RFC 6570, Section 2.2)"}
	}
	i++
	op := byte(opSimple)
	if i < len(s) {
		switch s[i] {
		case '+', '#', '.', '/', ';', '?', '&':
			op = s[i]
			i++
		case '=', ',', '!', '@', '|':
			return fail(i, "a variable name: the operator "+strconv.Quote(s[i:i+1])+" is reserved for future extensions")
		}
	}
	p = append(p, op)
	p = appendUvarint(p, uint64(start))
	countAt := len(p)
	p = append(p, 0) // variable count, patched below (at most 127 is one byte)
	n := 0
	for {
		// varname = varchar *( ["."] varchar )
		nameStart := i
		for i < len(s) {
			c := s[i]
			switch {
			case is(c, cAlpha|cDigit) || c == '_':
				i++
			case c == '%' && i+2 < len(s) && is(s[i+1], cHex) && is(s[i+2], cHex):
				i += 3
			case c == '.' && i > nameStart && i+1 < len(s) && s[i-1] != '.' && (is(s[i+1], cAlpha|cDigit) || s[i+1] == '_' || s[i+1] == '%'):
				i++
			default:
				goto nameEnd
			}
		}
	nameEnd:
		if i == nameStart {
			if i >= len(s) {
				return fail(i, "a variable name and '}' to close the expression")
			}
			return fail(i, "a variable name: ALPHA, DIGIT, '_' or pct-encoded")
		}
		if i >= len(s) {
			return fail(i, "'}' to close the expression")
		}
		name := s[nameStart:i]
		prefix, explode := 0, byte(0)
		switch s[i] {
		case ':':
			i++
			d := i
			for i < len(s) && is(s[i], cDigit) && i-d < 5 {
				i++
			}
			if i == d || s[d] == '0' || i-d > 4 {
				return fail(d, "a prefix length from 1 to 9999")
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
		if n > 127 {
			return fail(nameStart, "at most 127 variables in one expression")
		}
		if i >= len(s) {
			return fail(i, "'}' to close the expression")
		}
		switch s[i] {
		case ',':
			i++
			continue
		case '}':
			p[countAt] = byte(n)
			return p, i + 1, nil
		}
		return fail(i, "',', a modifier (':' or '*') or '}'")
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
	r := progReader{s: t.prog}
	for !r.done() {
		if r.byte() == partLiteral {
			r.str()
			continue
		}
		r.uvarint()
		for n := r.uvarint(); n > 0; n-- {
			if v := r.varspec(); !slices.Contains(names, v.name) {
				names = append(names, v.name)
			}
		}
	}
	return names
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
// An error is an *Error wrapping ErrTemplate whose Offset is the '{' of
// the expression at fault: a prefix modifier on a list or associative
// array (RFC 6570, Section 2.4.1), or a value of another type.
func (t Template) Expand(vars map[string]any) (string, error) {
	b, err := t.AppendExpand(make([]byte, 0, len(t.src)+16*len(vars)), vars)
	if err != nil {
		return "", err
	}
	return bytesString(b), nil
}

// ExpandURI is Expand followed by Parse: the expansion as a URI-reference
// (RFC 3986, Section 4.1). An expansion is always made of URI characters,
// but "+" and "#" copy reserved characters from values, which can make
// text that is not a URI-reference ("{+x}" with x = "a#b#c").
func (t Template) ExpandURI(vars map[string]any) (URI, error) {
	s, err := t.Expand(vars)
	if err != nil {
		return URI{}, err
	}
	return Parse(s)
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
		for n := r.uvarint(); n > 0; n-- {
			v := r.varspec()
			var err error
			if b, err = expandVar(b, info, v, vars[v.name], &first); err != nil {
				return dst, &Error{Input: t.src, Offset: at, Err: ErrTemplate, Expected: err.Error()}
			}
		}
	}
	return b, nil
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
