package uri

import (
	"errors"
	"maps"
	"slices"
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
// A failure is an *Error wrapping ErrTemplate with the byte offset of the
// first byte the grammar does not allow: a character outside the literal
// set (space, '"', '<', '>', '\\', '^', '`', '|', '}', a '%' that starts
// no triplet, invalid UTF-8), an operator reserved for future extensions
// ("=", ",", "!", "@", "|"), a malformed name or modifier, or an
// expression that is not closed (Offset is then len(s)).
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
			if uint64(len(s)) >= 1<<35 {
				return fail(i, "a template shorter than 32 GB")
			}
			p = append(p, partLiteral, 0, 0, 0, 0, 0)
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
			case c == '.' && i > nameStart:
				// "." stands only between two varchars
				if i+1 < len(s) && (is(s[i+1], cAlpha|cDigit) || s[i+1] == '_' || s[i+1] == '%') {
					i++
					continue
				}
				return fail(i+1, "a variable name character after '.'")
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
	var stack [192]byte // most expansions fit: then one allocation, the string
	b, err := t.AppendExpand(stack[:0], vars)
	if err != nil {
		return "", err
	}
	return string(b), nil
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

// inExpansion reports whether c can appear in the expansion of an
// expression with operator op: unreserved characters, '%', ',' and '='
// (lists and exploded associative arrays), the operator's own first and
// separator characters, and for "+" and "#" every reserved character.
func inExpansion(op byte, c byte) bool {
	info := templateOp(op)
	switch {
	case is(c, cUnreserved) || c == '%' || c == ',' || c == '=':
		return true
	case info.reserved:
		return is(c, cGenDelim|cSubDelim)
	}
	return c == info.first || c == info.sep
}

// Matchable reports whether Match can invert every expansion of t: nil,
// or an *Error wrapping ErrTemplate whose Offset is the first expression
// that makes matching ambiguous (RFC 6570, Section 1.4 notes that
// templates are not designed for matching):
//
//   - an expression followed by another expression that does not start
//     with a character the first cannot produce ("{x}{y}", "{/a}{/b}"; but
//     "{/path}{?q}" is matchable, since '?' ends the path expression);
//   - an expression followed by a literal whose first character the
//     expression can produce ("{name}.html", since a value may hold '.');
//   - an expression without a name (no ";", "?" or "&") that has several
//     variables, one of them exploded ("{/a*,b}").
//
// Match still answers for such templates, by the rules its doc gives; the
// values it returns then expand to the same text, but may not be the
// values that made it.
func (t Template) Matchable() error {
	ps, vs := t.parts(nil, nil)
	for i, p := range ps {
		if p.op == partLiteral {
			continue
		}
		fail := func(why string) error {
			return &Error{Input: t.src, Offset: p.at, Err: ErrTemplate, Expected: why}
		}
		if !templateOp(p.op).named && p.vn > 1 {
			for _, v := range p.varsIn(vs) {
				if v.explode {
					return fail("an expression that Match can invert: an exploded variable among several, without names, is ambiguous")
				}
			}
		}
		if i+1 >= len(ps) {
			continue
		}
		next := ps[i+1]
		if next.op == partLiteral {
			if inExpansion(p.op, next.lit[0]) {
				return fail("an expression that Match can invert: the literal after it starts with " + strconv.Quote(next.lit[:1]) + ", which its values can hold")
			}
			continue
		}
		f := templateOp(next.op).first
		bothQuery := (p.op == '?' || p.op == '&') && next.op == '&'
		if !bothQuery && (f == 0 || inExpansion(p.op, f)) {
			return fail("an expression that Match can invert: the expression after it starts with no character that ends this one")
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
// nor reserved, such as "%20" or UTF-8) are decoded: "{+path}" matches
// "a%2Fb" with path = "a%2Fb", which Expand gives back as "a%2Fb".
//
// Query expressions ("?" and "&", and a "?" followed by "&" expressions)
// match their parameters in any order, and each parameter may be absent.
// Literals must match exactly. Where a template is ambiguous (see
// Matchable), an expression followed by a literal extends to the first
// place where that literal matches, and one followed by an expression
// extends as far as the characters it can produce go; a variable that
// appears twice takes its last value. In an expression without names and
// with several variables ("{x,y,z}"), the items are given to the
// variables in order, so when a variable before the last was undefined in
// the expansion, its neighbour's value comes back under its name.
func (t Template) Match(s string) (map[string]any, bool) {
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
		// A "?" or "&" expression followed by "&" ones matches as one.
		group := ps[i : i+1]
		if p.op == '?' || p.op == '&' {
			j := i + 1
			for j < len(ps) && ps[j].op == '&' {
				j++
			}
			group = ps[i:j]
			i = j - 1
		}
		end := pos
		if i+1 < len(ps) && ps[i+1].op == partLiteral {
			lit := ps[i+1].lit
			k := strings.Index(s[pos:], lit)
			if k < 0 {
				return nil, false
			}
			end = pos + k
			for j := pos; j < end; j++ {
				if !inExpansion(p.op, s[j]) {
					return nil, false
				}
			}
		} else {
			stop := byte(0)
			if i+1 < len(ps) {
				stop = templateOp(ps[i+1].op).first
			}
			for end < len(s) && s[end] != stop && inExpansion(p.op, s[end]) {
				end++
			}
			if i+1 == len(ps) && end != len(s) {
				return nil, false
			}
		}
		if !matchExpression(group, vs, s[pos:end], vals) {
			return nil, false
		}
		pos = end
	}
	if pos != len(s) {
		return nil, false
	}
	return vals, true
}

// matchExpression reads the text of one expression (or a group of query
// expressions) into vals.
func matchExpression(group []templatePart, vs []templateVar, text string, vals map[string]any) bool {
	if text == "" {
		return true // every variable undefined
	}
	op := group[0].op
	info := templateOp(op)
	if info.first != 0 {
		if text[0] != info.first {
			return false
		}
		text = text[1:]
	}
	if info.named {
		return matchNamed(group, vs, info, text, vals)
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

// matchNamed reads the "name=value" items of ";", "?" and "&"
// expressions, in any order.
func matchNamed(group []templatePart, vs []templateVar, info opInfo, text string, vals map[string]any) bool {
	// the exploded variable that takes the pairs no name claims
	var rest *templateVar
	all := vs[group[0].v0 : group[len(group)-1].v0+group[len(group)-1].vn]
	find := func(name string) *templateVar {
		for k := range all {
			if all[k].name == name {
				return &all[k]
			}
		}
		return nil
	}
	for k := range all {
		if all[k].explode && rest == nil {
			rest = &all[k]
		}
	}
	var pairs [][2]string
	sep := string(info.sep)
	if len(group) > 1 {
		sep = "&"
	}
	for item := range strings.SplitSeq(text, sep) {
		name, val, hasEq := strings.Cut(item, "=")
		if info.ifemp == '=' && !hasEq {
			// "?x" is not what Expand writes for x = "" ("?x=")
			if v := find(name); v == nil || !v.explode {
				return false
			}
		}
		v := find(name)
		if v == nil || (v == rest && v.explode && name != v.name) {
			if rest == nil || !hasEq {
				return false
			}
			dk, ok1 := decodeTemplateValue(name, info.reserved)
			dv, ok2 := decodeTemplateValue(val, info.reserved)
			if !ok1 || !ok2 {
				return false
			}
			pairs = append(pairs, [2]string{dk, dv})
			continue
		}
		if v.explode {
			d, ok := decodeTemplateValue(val, info.reserved)
			if !ok {
				return false
			}
			list, _ := vals[v.name].([]string)
			vals[v.name] = append(list, d)
			continue
		}
		if !matchValue(*v, val, info, vals) {
			return false
		}
	}
	if pairs != nil {
		if _, taken := vals[rest.name]; taken {
			return false
		}
		vals[rest.name] = pairs
	}
	return true
}

// decodeTemplateValue decodes the pct-encoded triplets of an expanded
// value: all of them for the unreserved-only operators, and for "+" and
// "#" only those of octets that are neither unreserved nor reserved, which
// Expand encodes itself (RFC 6570, Section 3.2.1). It reports false for a
// '%' that starts no triplet.
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
		if o == '%' || is(o, cUnreserved|cGenDelim|cSubDelim) {
			b = append(b, s[i:i+3]...)
		} else {
			b = append(b, o)
		}
		i += 2
	}
	return bytesString(b), true
}
