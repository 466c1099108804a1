package uri

import (
	"strconv"
	"strings"
)

// Equivalent reports whether a and b are equivalent at level
// (RFC 3986, Section 6.2): whether they normalize to the same URI, with the
// scheme rules of DefaultSchemes. It is reflexive and symmetric, agrees with
// Key, and equivalence at one level implies equivalence at every higher
// level.
//
// RFC 3986, Section 6.1 says to resolve relative references before comparing
// them, and to leave fragments out when the comparison selects a network
// action; Equivalent compares what it is given, so do both first where they
// apply.
func Equivalent(a, b URI, level Level) bool { return defaultNormalizer.Equivalent(a, b, level) }

// Equivalent reports whether a and b are equivalent at level
// (RFC 3986, Section 6.2) under n's scheme rules: whether n.Normalize gives
// the same URI for both. It allocates at most twice, once per URI that is not
// already normal.
func (n Normalizer) Equivalent(a, b URI, level Level) bool {
	if a == b {
		return true
	}
	return n.Normalize(a, level) == n.Normalize(b, level)
}

// Key returns a comparison key for u at level (RFC 3986, Section 6.2), with
// the scheme rules of DefaultSchemes: two valid URIs have the same key
// exactly when they are Equivalent at level. Use it as a map key to
// deduplicate URIs or to look them up in a cache.
//
// The key is the text of the normalized URI, u.Normalize(level).String(), so
// it is itself a URI reference that parses back to the normalized value and
// can be logged as it is. Key makes one allocation (none for the empty
// reference).
func (u URI) Key(level Level) string { return defaultNormalizer.Key(u, level) }

// Key returns a comparison key for u at level (RFC 3986, Section 6.2) under
// n's scheme rules: n.Normalize(u, level).String(), built in one allocation.
// See URI.Key.
func (n Normalizer) Key(u URI, level Level) string {
	v, text, built := n.normalize(&u, level, nil)
	if built {
		return text
	}
	return v.String()
}

// Explanation says how two URIs compare on the ladder of
// RFC 3986, Section 6.2: the lowest rung at which they are equivalent, or, if
// they are not equivalent even with scheme-based normalization, where they
// still differ. Explain returns one; its String method formats it for a log
// or a debugging session, such as finding out why a cache lookup missed.
type Explanation struct {
	// Equivalent reports whether the URIs are equivalent at SchemeBased, the
	// highest rung (RFC 3986, Section 6.2.3).
	Equivalent bool
	// Level is the lowest rung of RFC 3986, Section 6.2 at which they are
	// equivalent; it is meaningful only when Equivalent is true.
	Level Level
	// Differences lists, in the order the components appear in a URI
	// (RFC 3986, Section 3), each component whose text differs between the
	// two URIs as written.
	Differences []Difference
}

// Difference describes one component in which two URIs differ as written
// (RFC 3986, Section 6.2).
type Difference struct {
	// Component is "scheme", "userinfo", "host", "port", "path", "query" or
	// "fragment", the parts of RFC 3986, Section 3.
	Component string
	// A and B are the component in each URI as written, with its delimiter
	// (RFC 3986, Section 5.3), so that a defined-but-empty component ("?",
	// ":") differs from an undefined one (""): "http:", "user@", "//host",
	// ":80", "/path", "?query", "#fragment". The host stands for the
	// authority's presence, so "//" is an empty host and "" no authority.
	A, B string
	// Equal reports whether normalization (RFC 3986, Section 6.2.2 and
	// RFC 3986, Section 6.2.3) makes the component equal, and Level is then
	// the lowest rung at which it does.
	Equal bool
	Level Level
	// Rules names, when Equal, the normalization steps that changed the
	// component in either URI up to that rung, each citing its section.
	Rules []string
	// NormA and NormB are, when not Equal, the component after normalization
	// at SchemeBased (RFC 3986, Section 6.2.3), and Offset is the first byte
	// at which they differ.
	NormA, NormB string
	Offset       int
	// Hint says, when not Equal and a common cause applies, why the component
	// still differs, such as "a percent-encoded reserved character is not the
	// character itself (RFC 3986, Section 2.2)", citing the section that says
	// so; it is "" otherwise.
	Hint string
}

// First returns the first component that differs even after scheme-based
// normalization (RFC 3986, Section 6.2.3), and false if there is none.
func (e Explanation) First() (Difference, bool) {
	for _, d := range e.Differences {
		if !d.Equal {
			return d, true
		}
	}
	return Difference{}, false
}

// Explain compares a and b on each rung of the ladder of
// RFC 3986, Section 6.2 with the scheme rules of DefaultSchemes, and says how
// they compare: the lowest rung at which they are equivalent and, component
// by component, which normalization steps reconciled them or where and why
// they still differ. For example,
//
//	Explain(MustParse("HTTP://a/%7Euser"), MustParse("http://a:80/~user")).String()
//
// reads
//
//	equivalent at SchemeBased (RFC 3986, Section 6.2.3)
//	  scheme "HTTP:" vs "http:": equal at SyntaxBased: scheme lowercased (RFC 3986, Section 6.2.2.1)
//	  port "" vs ":80": equal at SchemeBased: default port dropped (RFC 3986, Section 6.2.3)
//	  path "/%7Euser" vs "/~user": equal at SyntaxBased: percent-encoded unreserved characters decoded (RFC 3986, Section 6.2.2.2)
//
// Explain is meant for debugging, not for hot paths: it normalizes each URI
// at every rung.
func Explain(a, b URI) Explanation { return defaultNormalizer.Explain(a, b) }

// Explain is Explain with n's scheme rules (RFC 3986, Section 6.2.3).
func (n Normalizer) Explain(a, b URI) Explanation {
	var na, nb [SchemeBased + 1]URI
	var ta, tb [SchemeBased + 1]trace
	for l := SimpleString; l <= SchemeBased; l++ {
		na[l], nb[l] = a, b
		if l > SimpleString {
			na[l], _, _ = n.normalize(&a, l, &ta[l])
			nb[l], _, _ = n.normalize(&b, l, &tb[l])
		}
	}
	var e Explanation
	for l := SimpleString; l <= SchemeBased; l++ {
		if na[l] == nb[l] {
			e.Equivalent, e.Level = true, l
			break
		}
	}
	for p := range numParts {
		pa, pb := partText(a, p), partText(b, p)
		if pa == pb {
			continue
		}
		d := Difference{Component: partNames[p], A: pa, B: pb}
		for l := SyntaxBased; l <= SchemeBased; l++ {
			if partText(na[l], p) == partText(nb[l], p) {
				d.Equal, d.Level = true, l
				d.Rules = ruleList(ta[l][p] | tb[l][p])
				break
			}
		}
		if !d.Equal {
			d.NormA, d.NormB = partText(na[SchemeBased], p), partText(nb[SchemeBased], p)
			d.Offset = commonPrefix(d.NormA, d.NormB)
			d.Hint = n.hint(p, na[SchemeBased], nb[SchemeBased], d)
		}
		e.Differences = append(e.Differences, d)
	}
	return e
}

// String formats the explanation on several lines: a verdict naming the rung
// of RFC 3986, Section 6.2, then one indented line per differing component.
func (e Explanation) String() string {
	var b strings.Builder
	switch {
	case e.Equivalent && e.Level == SimpleString:
		b.WriteString("identical (" + SimpleString.section() + ")")
	case e.Equivalent:
		b.WriteString("equivalent at " + e.Level.String() + " (" + e.Level.section() + ")")
	default:
		b.WriteString("not equivalent, even at SchemeBased (" + SchemeBased.section() + ")")
		if d, ok := e.First(); ok {
			b.WriteString(": first difference in the " + d.Component)
		}
	}
	for _, d := range e.Differences {
		b.WriteString("\n  ")
		b.WriteString(d.String())
	}
	return b.String()
}

// String formats one difference on one line, citing the sections of
// RFC 3986, Section 6.2 that apply.
func (d Difference) String() string {
	var b strings.Builder
	b.WriteString(d.Component + " " + strconv.Quote(d.A) + " vs " + strconv.Quote(d.B) + ": ")
	if d.Equal {
		b.WriteString("equal at " + d.Level.String())
		if len(d.Rules) > 0 {
			b.WriteString(": " + strings.Join(d.Rules, ", "))
		}
		return b.String()
	}
	b.WriteString("differ")
	if d.NormA != d.A || d.NormB != d.B {
		b.WriteString(" after normalization (" + strconv.Quote(d.NormA) + " vs " + strconv.Quote(d.NormB) + ")")
	}
	b.WriteString(" at byte " + strconv.Itoa(d.Offset))
	if d.Hint != "" {
		b.WriteString(": " + d.Hint)
	}
	return b.String()
}

// partText returns part p of u as written, with its delimiter, "" when the
// part is undefined; see Difference.
func partText(u URI, p int) string {
	switch p {
	case partScheme:
		if u.Scheme != "" {
			return u.Scheme + ":"
		}
	case partUserinfo:
		if u.HasUserinfo {
			return u.Userinfo + "@"
		}
	case partHost:
		if u.HasAuthority {
			return "//" + u.Host
		}
	case partPort:
		if u.HasPort {
			return ":" + u.Port
		}
	case partPath:
		return u.Path
	case partQuery:
		if u.HasQuery {
			return "?" + u.Query
		}
	case partFragment:
		if u.HasFragment {
			return "#" + u.Fragment
		}
	}
	return ""
}

// ruleList names the rules set in r.
func ruleList(r uint16) []string {
	var out []string
	for k := range numRules {
		if r&(1<<k) != 0 {
			out = append(out, ruleNames[k])
		}
	}
	return out
}

// commonPrefix returns the length of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// hint explains, for the common cases, why part p still differs between the
// normalized URIs a and b; d holds its text and first differing byte.
func (n Normalizer) hint(p int, a, b URI, d Difference) string {
	x, y := d.NormA, d.NormB
	if (a.Scheme == "") != (b.Scheme == "") || (a.Scheme == "" && p == partPath && (hasDotSegment(a.Path, dotsRFC) || hasDotSegment(b.Path, dotsRFC))) {
		return "a relative reference is compared as written, dot segments included; resolve it against its base URI first (RFC 3986, Section 6.1)"
	}
	// Defined-but-empty versus undefined.
	if (x == "") != (y == "") && len(x)+len(y) == 1 {
		switch p {
		case partQuery:
			return "an empty query (\"?\") is not the same as no query (RFC 3986, Section 6.2.3)"
		case partFragment:
			return "an empty fragment (\"#\") is not the same as no fragment (RFC 3986, Section 6.2.3)"
		case partUserinfo:
			return "an empty userinfo (\"@\") is not the same as none (RFC 3986, Section 6.2.3)"
		}
	}
	if p == partFragment && a.Scheme == b.Scheme && a.WithoutFragment() == b.WithoutFragment() {
		return "only the fragment differs; to select a network action, such as a cache lookup, compare without fragments (RFC 3986, Section 6.1)"
	}
	// A pct-encoded reserved character against the character itself.
	if i := d.Offset; i < len(x) && i < len(y) {
		if c, ok := tripletAt(x, i); ok && c == y[i] {
			return reservedHint(x[i:i+3], c)
		}
		if c, ok := tripletAt(y, i); ok && c == x[i] {
			return reservedHint(y[i:i+3], c)
		}
	}
	switch p {
	case partUserinfo, partPath, partQuery, partFragment:
		if strings.EqualFold(x, y) {
			return "they differ only in letter case, and the " + partNames[p] + " is case-sensitive (RFC 3986, Section 6.2.2.1)"
		}
	}
	scheme := a.Scheme
	rule := n.Schemes[scheme]
	switch p {
	case partPath:
		if x+"/" == y || y+"/" == x {
			if x == "" || y == "" {
				return "an empty path is \"/\" only for schemes whose rule says so; scheme " + strconv.Quote(scheme) + " has no such rule (RFC 3986, Section 6.2.3)"
			}
			return "only a trailing \"/\" differs; only protocol-based normalization, after following a redirect, could equate them (RFC 3986, Section 6.2.4)"
		}
	case partPort:
		if (x == "") != (y == "") && rule.DefaultPort == 0 && scheme != "" {
			return "no default port is known for scheme " + strconv.Quote(scheme) + "; add a SchemeRule to the Normalizer if it has one (RFC 3986, Section 6.2.3)"
		}
		if (x == "") != (y == "") {
			return "the port is not the default port of scheme " + strconv.Quote(scheme) + " (RFC 3986, Section 6.2.3)"
		}
	case partHost:
		aa, okA := a.LiteralAddr()
		ab, okB := b.LiteralAddr()
		if okA && okB && aa == ab {
			return "the same IP address written differently; URIs compare the text of the host, not the address (RFC 3986, Section 6.2.2.1)"
		}
	}
	return ""
}

// tripletAt decodes the pct-encoded triplet at s[i], if there is one and it
// encodes a reserved character (RFC 3986, Section 2.2).
func tripletAt(s string, i int) (byte, bool) {
	if i >= len(s) {
		return 0, false
	}
	c, _, encoded := octetAt(s, i)
	return c, encoded && is(c, cGenDelim|cSubDelim)
}

func reservedHint(triplet string, c byte) string {
	return "a percent-encoded reserved character (" + strconv.Quote(triplet) + ") is not the character itself (" +
		strconv.Quote(string(c)) + "), and normalization never decodes it (RFC 3986, Section 2.2)"
}
