package uri

import (
	"bufio"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// ---------------------------------------------------------------------------
// The slow oracle

// pctTriplet matches a pct-encoded triplet (RFC 3986, Section 2.1).
var pctTriplet = regexp.MustCompile(`%[0-9A-Fa-f]{2}`)

// unreservedSlow is RFC 3986, Section 2.3, spelled out.
const unreservedSlow = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

// pctNormalizeSlow transcribes RFC 3986, Section 6.2.2.1 and Section 6.2.2.2 for
// one component: decode each triplet that encodes an unreserved
// character, uppercase the hex digits of every other.
func pctNormalizeSlow(s string) string {
	return pctTriplet.ReplaceAllStringFunc(s, func(t string) string {
		v, _ := strconv.ParseUint(t[1:], 16, 8)
		if strings.IndexByte(unreservedSlow, byte(v)) >= 0 {
			return string(rune(v))
		}
		return strings.ToUpper(t)
	})
}

// normalizeSlow is Normalize written as literally as possible from
// RFC 3986, Section 6.2.2 and Section 6.2.3, one component at a time with strings and
// regular expressions, as an oracle for the one-buffer implementation.
func normalizeSlow(u URI, level Level, rules map[string]SchemeRule, idna ...func(string) (string, error)) URI {
	if level == SimpleString {
		return u
	}
	// Section 6.2.2.1: scheme and host are case-insensitive; hex digits of
	// triplets are uppercase. Section 6.2.2.2: decode unreserved triplets.
	u.Scheme = strings.ToLower(u.Scheme)
	u.Userinfo = pctNormalizeSlow(u.Userinfo)
	if strings.HasPrefix(u.Host, "[") {
		u.Host = strings.ToLower(u.Host)
	} else {
		h := strings.ToLower(pctNormalizeSlow(u.Host))
		u.Host = pctTriplet.ReplaceAllStringFunc(h, strings.ToUpper)
	}
	u.Path = pctNormalizeSlow(u.Path)
	u.Query = pctNormalizeSlow(u.Query)
	u.Fragment = pctNormalizeSlow(u.Fragment)
	// Section 6.2.2.3: remove_dot_segments, for a URI (not a relative
	// reference).
	if u.Scheme != "" {
		u.Path = RemoveDotSegments(u.Path)
	}
	if level >= SchemeBased {
		if strings.HasPrefix(u.Host, "[") && !strings.HasPrefix(u.Host, "[v") {
			u.Host = "[" + rfc5952Slow(u.Host[1:len(u.Host)-1]) + "]"
		}
		r := rules[u.Scheme]
		if u.HasPort {
			p, err := strconv.ParseUint(u.Port, 10, 16)
			if u.Port == "" || (err == nil && r.DefaultPort != 0 && p == uint64(r.DefaultPort)) {
				u.Port, u.HasPort = "", false
			} else if d := strings.TrimLeft(u.Port, "0"); d != u.Port {
				// Section 3.2.3: a decimal number, without leading zeros
				u.Port = d
				if d == "" {
					u.Port = "0"
				}
			}
		}
		// RFC 3987, Section 3.1: an internationalized reg-name to ASCII,
		// by the Normalizer's IDNA, else DomainToASCII for the schemes
		// whose hosts are DNS names
		convert := DomainToASCII
		if len(idna) > 0 && idna[0] != nil {
			convert = idna[0]
		} else if !slices.Contains([]string{"http", "https", "ws", "wss", "ftp"}, u.Scheme) {
			convert = nil
		}
		if d, err := Decode(u.Host); convert != nil && err == nil && u.HostKind() == RegName && utf8.ValidString(d) && strings.IndexFunc(d, func(r rune) bool { return r >= utf8.RuneSelf }) >= 0 {
			if a, err := convert(d); err == nil && a != "" && strings.Trim(a, unreservedSlow+"!$&'()*+,;=") == "" {
				u.Host = strings.ToLower(a)
			}
		}
		if r.DefaultHost != "" && u.HasAuthority && !u.HasUserinfo && !u.HasPort && u.Host == r.DefaultHost {
			u.Host = ""
		}
		if r.EmptyPathIsRoot && u.HasAuthority && u.Path == "" {
			u.Path = "/"
		}
		if r.FoldPath != nil {
			var spans [][2]int
			for i := 0; i <= len(u.Path); {
				s, e := r.FoldPath(u.Path, i)
				if s < i || e <= s || e > len(u.Path) {
					break
				}
				spans = append(spans, [2]int{s, e})
				i = e
			}
			p := []byte(u.Path)
			inTriplet := make([]bool, len(p))
			for _, m := range pctTriplet.FindAllStringIndex(u.Path, -1) {
				inTriplet[m[0]+1], inTriplet[m[0]+2] = true, true
			}
			for _, sp := range spans {
				for k := sp[0]; k < sp[1]; k++ {
					if !inTriplet[k] {
						p[k] = strings.ToLower(string(p[k]))[0]
					}
				}
			}
			u.Path = string(p)
		}
	}
	// The guard that keeps the text reparsing to the same path.
	u.Path = pathGuard(u.Scheme != "", u.HasAuthority, u.Path) + u.Path
	return u
}

// ---------------------------------------------------------------------------
// Properties

var levels = []Level{SimpleString, SyntaxBased, SchemeBased}

// checkNormalized checks the properties Normalize promises for a valid u at
// level, and returns the result:
//
//   - the result keeps the invariants, is valid and reparses to itself;
//   - Normalize is idempotent and agrees with the slow oracle and with Key;
//   - normalizing at the level below first changes nothing (so
//     equivalence at one level implies equivalence at the next);
//   - the data is unchanged: each component decodes to the same bytes
//     (the host up to case), and no reserved triplet is decoded.
func checkNormalized(t testing.TB, n Normalizer, u URI, level Level) URI {
	t.Helper()
	v := n.Normalize(u, level)
	if err := checkInvariants(v); err != nil {
		t.Fatalf("Normalize(%q, %v) = %q: %v", u, level, v, err)
	}
	if w, err := Parse(v.String()); err != nil || w != v {
		t.Fatalf("Normalize(%q, %v) = %#v does not reparse to itself: %#v, %v", u, level, v, w, err)
	}
	if w := n.Normalize(v, level); w != v {
		t.Fatalf("Normalize is not idempotent at %v: %q -> %q -> %q", level, u, v, w)
	}
	if w := normalizeSlow(u, level, n.Schemes, n.IDNA); w != v {
		t.Fatalf("Normalize(%q, %v) = %#v, the oracle says %#v", u, level, v, w)
	}
	if k := n.Key(u, level); k != v.String() {
		t.Fatalf("Key(%q, %v) = %q, want %q", u, level, k, v.String())
	}
	if !n.Equivalent(u, v, level) || !n.Equivalent(v, u, level) {
		t.Fatalf("%q is not equivalent to its normal form %q at %v", u, v, level)
	}
	if level > SimpleString {
		if w := n.Normalize(n.Normalize(u, level-1), level); w != v {
			t.Fatalf("Normalize(Normalize(%q, %v), %v) = %q, want %q", u, level-1, level, w, v)
		}
	}
	if level == SimpleString {
		if v != u {
			t.Fatalf("Normalize(%q, SimpleString) = %q", u, v)
		}
		return v
	}
	same := func(name, a, b string, fold bool) {
		t.Helper()
		da, _ := Decode(a)
		db, _ := Decode(b)
		if da != db && !(fold && strings.EqualFold(da, db)) {
			t.Fatalf("Normalize(%q, %v) changed the data of the %s: %q -> %q", u, level, name, a, b)
		}
		if reservedTriplets(a) != reservedTriplets(b) {
			t.Fatalf("Normalize(%q, %v) decoded a reserved triplet in the %s: %q -> %q", u, level, name, a, b)
		}
	}
	same("userinfo", u.Userinfo, v.Userinfo, false)
	switch {
	case level == SchemeBased && u.HostKind() == IPv6:
		// RFC 5952 text: the same address
		a, _ := u.LiteralAddr()
		if b, ok := v.LiteralAddr(); !ok || a != b {
			t.Fatalf("Normalize(%q, %v) changed the address of the host: %q -> %q", u, level, u.Host, v.Host)
		}
	case level == SchemeBased && u.HostKind() == RegName && !strings.Contains(v.Host, "%") && strings.Contains(u.Host, "%"):
		// an internationalized name, converted to ASCII (see the oracle)
	case v.Host != "" || level < SchemeBased:
		same("host", u.Host, v.Host, true)
	}
	same("query", u.Query, v.Query, false)
	same("fragment", u.Fragment, v.Fragment, false)
	if u.Scheme == "" {
		same("path", u.Path, v.Path, false)
	}
	return v
}

// reservedTriplets returns the triplets of s that do not encode an
// unreserved character, decoded and uppercased, in order.
func reservedTriplets(s string) string {
	var b strings.Builder
	for _, t := range pctTriplet.FindAllString(s, -1) {
		v, _ := strconv.ParseUint(t[1:], 16, 8)
		if strings.IndexByte(unreservedSlow, byte(v)) < 0 {
			b.WriteString(strings.ToUpper(t))
		}
	}
	return b.String()
}

// ---------------------------------------------------------------------------
// Case files

// levelNamed maps the names of testdata files to levels.
var levelNamed = map[string]Level{
	"SimpleString": SimpleString, "SyntaxBased": SyntaxBased, "SchemeBased": SchemeBased,
	"simple": SimpleString, "syntax": SyntaxBased, "scheme": SchemeBased,
}

// TestNormalizeCases runs testdata/normalize.txt: each row's input at each
// level gives the expected text, through the property ladder, with the
// expected allocation count.
func TestNormalizeCases(t *testing.T) {
	rows := readCases(t, "testdata/normalize.txt")
	if len(rows) < 150 {
		t.Fatalf("%d rows in testdata/normalize.txt, want at least 150", len(rows))
	}
	cases := 0
	for _, r := range rows {
		where := "normalize.txt:" + strconv.Itoa(r.line)
		if r.verb != "norm" {
			t.Fatalf("%s: unknown verb %q", where, r.verb)
		}
		u, err := Parse(r.input)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		checkNormalized(t, defaultNormalizer, u, SimpleString)
		for _, key := range []string{"syntax", "scheme"} {
			want, ok := r.fields[key]
			if !ok {
				t.Fatalf("%s: no %s=", where, key)
			}
			cases++
			level := levelNamed[key]
			v := checkNormalized(t, defaultNormalizer, u, level)
			if v.String() != want {
				t.Errorf("%s: Normalize(%q, %v) = %q, want %q", where, r.input, level, v, want)
				continue
			}
			if w := MustParse(want); w.Normalize(level) != w {
				t.Errorf("%s: the expected %q is not normal at %v", where, want, level)
			}
			if !Equivalent(u, MustParse(want), level) {
				t.Errorf("%s: %q is not equivalent to %q at %v", where, r.input, want, level)
			}
			if testing.CoverMode() == "" && !raceEnabled {
				wantAllocs := 1.0
				if want == r.input {
					wantAllocs = 0
				}
				idn := level == SchemeBased && defaultNormalizer.idna(u.Scheme) != nil && hasNonASCIITriplet(u.Host)
				if got := testing.AllocsPerRun(10, func() { sinkURI = u.Normalize(level) }); idn && got > allocLimit(4, 5) || !idn && got != wantAllocs {
					t.Errorf("%s: Normalize(%q, %v): %v allocations, want %v", where, r.input, level, got, wantAllocs)
				}
			}
		}
	}
	t.Logf("%d rows, %d (input, level, expected) cases", len(rows), cases)
}

// classGroup is a group of equivalence classes at one level.
type classGroup struct {
	line    int
	level   Level
	classes [][]string
}

// readClasses reads testdata/equivalence.txt; its header describes the
// format.
func readClasses(t testing.TB, name string) []classGroup {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var groups []classGroup
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		verb, rest, _ := strings.Cut(line, " ")
		switch verb {
		case "", "#":
		case "level":
			l, ok := levelNamed[rest]
			if !ok {
				t.Fatalf("%s:%d: unknown level %q", name, n, rest)
			}
			groups = append(groups, classGroup{line: n, level: l})
		case "class":
			if len(groups) == 0 {
				t.Fatalf("%s:%d: class before level", name, n)
			}
			var class []string
			for rest = strings.TrimSpace(rest); rest != ""; rest = strings.TrimSpace(rest) {
				var s string
				if s, rest, err = unquotePrefix(rest); err != nil {
					t.Fatalf("%s:%d: %v", name, n, err)
				}
				class = append(class, s)
			}
			g := &groups[len(groups)-1]
			g.classes = append(g.classes, class)
		default:
			if !strings.HasPrefix(line, "#") {
				t.Fatalf("%s:%d: unknown line %q", name, n, line)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return groups
}

// TestEquivalenceClasses runs testdata/equivalence.txt: within a group,
// two URIs are equivalent at the group's level exactly when they are in
// the same class, Key and Explain agree, and the ladder is monotone.
func TestEquivalenceClasses(t *testing.T) {
	groups := readClasses(t, "testdata/equivalence.txt")
	nclass, nuri := 0, 0
	for _, g := range groups {
		type member struct {
			u     URI
			class int
		}
		var all []member
		for k, class := range g.classes {
			nclass++
			for _, s := range class {
				nuri++
				u, err := Parse(s)
				if err != nil {
					t.Fatalf("equivalence.txt:%d: %v", g.line, err)
				}
				all = append(all, member{u, k})
			}
		}
		for i, a := range all {
			for _, b := range all[i:] {
				want := a.class == b.class
				if got := Equivalent(a.u, b.u, g.level); got != want {
					t.Errorf("group at line %d: Equivalent(%q, %q, %v) = %v, want %v", g.line, a.u, b.u, g.level, got, want)
				}
				checkPair(t, defaultNormalizer, a.u, b.u)
			}
		}
	}
	if nclass < 100 {
		t.Errorf("%d classes, want at least 100", nclass)
	}
	t.Logf("%d groups, %d classes, %d URIs", len(groups), nclass, nuri)
}

// checkPair checks the properties of comparing a and b: Equivalent is
// reflexive and symmetric, agrees with Key and with Explain, and
// equivalence at one level implies it at every higher level.
func checkPair(t testing.TB, n Normalizer, a, b URI) {
	t.Helper()
	lowest := Level(255)
	for _, l := range levels {
		if !n.Equivalent(a, a, l) || !n.Equivalent(b, b, l) {
			t.Fatalf("Equivalent is not reflexive at %v for %q or %q", l, a, b)
		}
		eq := n.Equivalent(a, b, l)
		if eq != n.Equivalent(b, a, l) {
			t.Fatalf("Equivalent(%q, %q, %v) is not symmetric", a, b, l)
		}
		if eq != (n.Key(a, l) == n.Key(b, l)) {
			t.Fatalf("Equivalent(%q, %q, %v) = %v disagrees with Key: %q, %q", a, b, l, eq, n.Key(a, l), n.Key(b, l))
		}
		if eq && lowest == 255 {
			lowest = l
		}
		if !eq && lowest != 255 {
			t.Fatalf("%q and %q are equivalent at %v but not at %v", a, b, lowest, l)
		}
	}
	e := n.Explain(a, b)
	if e.Equivalent != (lowest != 255) || (e.Equivalent && e.Level != lowest) {
		t.Fatalf("Explain(%q, %q) = %v, %v; the lowest equivalent level is %v", a, b, e.Equivalent, e.Level, lowest)
	}
	d, found := e.First()
	if found == e.Equivalent {
		t.Fatalf("Explain(%q, %q): Equivalent=%v but First found=%v (%+v)", a, b, e.Equivalent, found, d)
	}
	if (a == b) != (len(e.Differences) == 0) {
		t.Fatalf("Explain(%q, %q) lists %d differences", a, b, len(e.Differences))
	}
	for _, d := range e.Differences {
		if d.A == d.B || (d.Equal && (len(d.Rules) == 0 || (e.Equivalent && d.Level > e.Level))) {
			t.Fatalf("Explain(%q, %q): bad difference %+v", a, b, d)
		}
		if !d.Equal && (d.NormA == d.NormB || d.Offset > min(len(d.NormA), len(d.NormB)) || d.NormA[:d.Offset] != d.NormB[:d.Offset]) {
			t.Fatalf("Explain(%q, %q): bad difference %+v", a, b, d)
		}
	}
}

// ---------------------------------------------------------------------------
// Corpus, scheme rules, allocations

// normCorpus returns the valid URLs of corpusFile, parsed.
func normCorpus(tb testing.TB) []URI {
	var out []URI
	for _, s := range corpus(tb) {
		if u, err := Parse(s); err == nil {
			out = append(out, u)
		}
	}
	return out
}

func TestNormalizeCorpus(t *testing.T) {
	in := normCorpus(t)
	changed := 0
	for _, u := range in {
		for _, l := range levels {
			checkNormalized(t, defaultNormalizer, u, l)
		}
		v := u.Normalize(SchemeBased)
		if v != u {
			changed++
		}
		checkPair(t, defaultNormalizer, u, v)
	}
	t.Logf("%d of %d valid corpus URLs change at SchemeBased", changed, len(in))
}

// TestNormalizeAllocs pins allocation counts over the corpus: Normalize
// makes none for a URL that is already normal and one for any other; Key
// makes one; Equivalent of a URL with itself makes none.
func TestNormalizeAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	var in []URI
	idn := 0
	for _, u := range normCorpus(t) {
		// an internationalized host that SchemeBased converts to ASCII
		// (DomainToASCII) takes the allocations of the conversion
		if defaultNormalizer.idna(u.Scheme) != nil && hasNonASCIITriplet(u.Host) {
			idn++
			continue
		}
		in = append(in, u)
	}
	t.Logf("%d corpus URLs with an internationalized host left out", idn)
	for _, l := range levels {
		notNormal := 0
		for _, u := range in {
			if u.Normalize(l) != u {
				notNormal++
			}
		}
		if got := testing.AllocsPerRun(5, func() {
			for _, u := range in {
				sinkURI = u.Normalize(l)
			}
		}); got != float64(notNormal) {
			t.Errorf("Normalize(%v) over the corpus: %v allocations, want %d (one per URL that is not normal)", l, got, notNormal)
		}
		if got := testing.AllocsPerRun(5, func() {
			for _, u := range in {
				sinkString = u.Key(l)
			}
		}); got != float64(len(in)) {
			t.Errorf("Key(%v) over the corpus: %v allocations, want %d", l, got, len(in))
		}
	}
	u := MustParse("HTTP://Example.COM:80/a/./b/../%7e?q#f")
	if got := testing.AllocsPerRun(100, func() { _ = Equivalent(u, u, SchemeBased) }); got != 0 {
		t.Errorf("Equivalent(u, u): %v allocations, want 0", got)
	}
	if got := testing.AllocsPerRun(100, func() { sinkURI = u.Normalize(SchemeBased) }); got != 1 {
		t.Errorf("Normalize with dot segments: %v allocations, want 1", got)
	}
	m := MustParse("mailto:Joe@Example.COM")
	if got := testing.AllocsPerRun(100, func() { sinkURI = m.Normalize(SchemeBased) }); got != 1 {
		t.Errorf("Normalize(mailto): %v allocations, want 1", got)
	}
	m = MustParse("mailto:Joe@example.com")
	if got := testing.AllocsPerRun(100, func() { sinkURI = m.Normalize(SchemeBased) }); got != 0 {
		t.Errorf("Normalize(normal mailto): %v allocations, want 0", got)
	}
}

func TestSchemeRules(t *testing.T) {
	// DefaultSchemes returns a copy: changing it changes nothing else.
	rules := DefaultSchemes()
	delete(rules, "http")
	rules["https"] = SchemeRule{}
	if _, ok := DefaultSchemes()["http"]; !ok || MustParse("http://a:80").Normalize(SchemeBased).String() != "http://a/" {
		t.Fatal("changing the map from DefaultSchemes changed the defaults")
	}

	// A Normalizer with the user's own scheme.
	whole := func(p string, i int) (int, int) {
		if i == 0 && p != "" {
			return 0, len(p)
		}
		return -1, -1
	}
	rules["myapp"] = SchemeRule{DefaultPort: 7777, EmptyPathIsRoot: true, DefaultHost: "home", FoldPath: whole}
	n := Normalizer{Schemes: rules}
	for _, tt := range []struct{ in, want string }{
		{"MyApp://H:7777", "myapp://h/"},
		{"myapp://h:07777/ABC%2fD%C3%89?Q#F", "myapp://h/abc%2Fd%C3%89?Q#F"},
		{"myapp://HOME/x", "myapp:///x"},
		{"myapp://u@home/x", "myapp://u@home/x"},
		{"myapp://h:7778", "myapp://h:7778/"},
		{"http://a:80", "http://a:80"}, // removed from this map
		{"https://a:443", "https://a:443"},
		{"ws://a:80", "ws://a/"},
	} {
		u := MustParse(tt.in)
		if got := n.Normalize(u, SchemeBased).String(); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
		checkNormalized(t, n, u, SchemeBased)
	}

	// The zero Normalizer knows no scheme, but still drops an empty port.
	var zero Normalizer
	for _, tt := range []struct{ in, want string }{
		{"HTTP://A:80", "http://a:80"},
		{"http://a:", "http://a"},
		{"mailto:Joe@Example.COM", "mailto:Joe@Example.COM"},
	} {
		u := MustParse(tt.in)
		if got := zero.Normalize(u, SchemeBased).String(); got != tt.want {
			t.Errorf("zero Normalizer: Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
		checkNormalized(t, zero, u, SchemeBased)
	}

	// A FoldPath that misbehaves cannot break the result or loop.
	for _, f := range map[string]func(string, int) (int, int){
		"past the end": func(p string, i int) (int, int) { return i, len(p) + 5 },
		"backwards":    func(p string, i int) (int, int) { return i - 1, i },
		"empty":        func(p string, i int) (int, int) { return i, i },
		"stuck":        func(p string, i int) (int, int) { return 0, len(p) },
		"mid-triplet":  func(p string, i int) (int, int) { return min(i+1, len(p)), len(p) },
	} {
		n := Normalizer{Schemes: map[string]SchemeRule{"x": {FoldPath: f}}}
		for _, s := range []string{"x:/AB%2Fc", "x:%2F", "x:", "x:/A/../B"} {
			checkNormalized(t, n, MustParse(s), SchemeBased)
		}
	}
	if got := (Normalizer{Schemes: map[string]SchemeRule{"x": {FoldPath: func(p string, i int) (int, int) {
		return min(i+1, len(p)), len(p)
	}}}}).Normalize(MustParse("x:A%2FB"), SchemeBased).String(); got != "x:A%2Fb" {
		t.Errorf("a fold starting inside a triplet: %q, want %q", got, "x:A%2Fb")
	}

	// The built-in folds.
	for _, tt := range []struct {
		f     func(string, int) (int, int)
		path  string
		spans [][2]int
	}{
		{mailtoDomains, "joe@example.com", [][2]int{{4, 15}}},
		{mailtoDomains, "a@b,c@d", [][2]int{{2, 3}, {6, 7}}},
		{mailtoDomains, ",a@b,,", [][2]int{{3, 4}}},
		{mailtoDomains, "a@b@c", [][2]int{{4, 5}}},
		{mailtoDomains, "joe", nil},
		{mailtoDomains, "joe@", nil},
		{mailtoDomains, "joe@%C3%A9.com", nil},
		{mailtoDomains, "%22a@b%22@c", nil},
		{mailtoDomains, "", nil},
		{urnNID, "isbn:1", [][2]int{{0, 4}}},
		{urnNID, "ab:1", [][2]int{{0, 2}}},
		{urnNID, "a:1", nil},
		{urnNID, "-ab:1", nil},
		{urnNID, "ab-:1", nil},
		{urnNID, "a_b:1", nil},
		{urnNID, strings.Repeat("a", 32) + ":1", [][2]int{{0, 32}}},
		{urnNID, strings.Repeat("a", 33) + ":1", nil},
		{urnNID, "isbn", nil},
	} {
		var got [][2]int
		for i := 0; ; {
			s, e := tt.f(tt.path, i)
			if s < 0 {
				break
			}
			got = append(got, [2]int{s, e})
			i = e
		}
		if len(got) != len(tt.spans) || (len(got) > 0 && !equalSpans(got, tt.spans)) {
			t.Errorf("fold of %q: %v, want %v", tt.path, got, tt.spans)
		}
	}

	if SchemeBased.String() != "SchemeBased" || Level(9).String() != "Level(9)" {
		t.Errorf("Level.String: %q, %q", SchemeBased, Level(9))
	}
	// Levels above SchemeBased act as SchemeBased.
	u := MustParse("HTTP://a:80")
	if u.Normalize(Level(9)) != u.Normalize(SchemeBased) || !Equivalent(u, MustParse("http://a/"), Level(9)) {
		t.Errorf("Level(9) is not SchemeBased")
	}
}

func equalSpans(a, b [][2]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestNormalizeHandBuilt checks that invalid, hand-built URIs give some
// result without a panic, as Normalize promises.
func TestNormalizeHandBuilt(t *testing.T) {
	for _, u := range []URI{
		{Path: "%"},
		{Path: "%4"},
		{Host: "A%", HasAuthority: true, Path: "x"},
		{Scheme: "HTTP", Path: "//a"},
		{Scheme: "http", HasPort: true, Port: "x"},
		{Query: "%zz", Fragment: "%e"},
		{Scheme: "s", Path: "a:b/../c%"},
	} {
		for _, l := range levels {
			_ = u.Normalize(l)
			_ = u.Key(l)
			_ = Explain(u, URI{}).String()
		}
	}
}

// ---------------------------------------------------------------------------
// Benchmarks

var benchNormalizeSink URI

// BenchmarkNormalize normalizes every valid corpus URL at SchemeBased;
// about a tenth of them change.
func BenchmarkNormalize(b *testing.B) {
	in := normCorpus(b)
	for _, l := range []Level{SyntaxBased, SchemeBased} {
		b.Run(l.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, u := range in {
					benchNormalizeSink = u.Normalize(l)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/url")
		})
	}
	// The same URLs, all in need of normalization.
	var dirty []URI
	for _, u := range in {
		u.Scheme = strings.ToUpper(u.Scheme)
		dirty = append(dirty, u)
	}
	b.Run("SchemeBased/uppercase-scheme", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range dirty {
				benchNormalizeSink = u.Normalize(SchemeBased)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(dirty)), "ns/url")
	})
}

// BenchmarkKey builds the SchemeBased key of every valid corpus URL.
func BenchmarkKey(b *testing.B) {
	in := normCorpus(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range in {
			sinkString = u.Key(SchemeBased)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/url")
}

// BenchmarkEquivalent compares each valid corpus URL with the next.
func BenchmarkEquivalent(b *testing.B) {
	in := normCorpus(b)
	b.ReportAllocs()
	for b.Loop() {
		for i := 1; i < len(in); i++ {
			_ = Equivalent(in[i-1], in[i], SchemeBased)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)-1), "ns/pair")
}

// ---------------------------------------------------------------------------
// Fuzzing

// FuzzNormalize checks, for any input that parses, at every level: the
// properties of checkNormalized (valid result that reparses to itself,
// idempotence, agreement with the slow oracle and with Key, monotonicity,
// no data changed, no reserved triplet decoded), and checkPair for the
// input and its normal form.
func FuzzNormalize(f *testing.F) {
	for _, r := range readCases(f, "testdata/normalize.txt") {
		f.Add(r.input)
	}
	for _, g := range readClasses(f, "testdata/equivalence.txt") {
		for _, c := range g.classes {
			for _, s := range c {
				f.Add(s)
			}
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		for _, l := range levels {
			v := checkNormalized(t, defaultNormalizer, u, l)
			checkPair(t, defaultNormalizer, u, v)
		}
	})
}

// FuzzEquivalent checks, for any two inputs that parse: checkPair
// (symmetry, agreement with Key and Explain, monotonicity); and that
// aliases of the first, written with its unreserved characters
// percent-encoded and its scheme and host in uppercase, are equivalent to
// it at SyntaxBased, and with an empty or default port at SchemeBased.
func FuzzEquivalent(f *testing.F) {
	for _, g := range readClasses(f, "testdata/equivalence.txt") {
		var prev string
		for _, c := range g.classes {
			for _, s := range c {
				if prev != "" {
					f.Add(prev, s)
				}
				prev = s
			}
		}
	}
	for _, r := range readCases(f, "testdata/normalize.txt") {
		f.Add(r.input, r.fields["scheme"])
	}
	f.Fuzz(func(t *testing.T, sa, sb string) {
		a, errA := Parse(sa)
		b, errB := Parse(sb)
		if errA == nil && errB == nil {
			checkPair(t, defaultNormalizer, a, b)
		}
		if errA != nil {
			return
		}
		alias := aliasOf(a)
		if err := alias.Validate(); err != nil {
			t.Fatalf("alias %#v of %q is invalid: %v", alias, a, err)
		}
		if !Equivalent(a, alias, SyntaxBased) {
			t.Fatalf("%q and its alias %q are not equivalent at SyntaxBased", a, alias)
		}
		checkPair(t, defaultNormalizer, a, alias)
		if a.HasAuthority && !a.HasPort {
			p := alias
			p.HasPort = true
			if Equivalent(a, p, SyntaxBased) || !Equivalent(a, p, SchemeBased) {
				t.Fatalf("%q and %q (empty port) compare wrongly", a, p)
			}
			if r := defaultNormalizer.Schemes[strings.ToLower(a.Scheme)]; r.DefaultPort != 0 {
				p.Port = "0" + strconv.Itoa(int(r.DefaultPort))
				if !Equivalent(a, p, SchemeBased) {
					t.Fatalf("%q and %q (default port) are not equivalent at SchemeBased", a, p)
				}
			}
		}
	})
}

// aliasOf returns u written differently but equivalently at SyntaxBased:
// scheme in uppercase, every unreserved character of the userinfo, path,
// query and fragment, and of a reg-name, percent-encoded (hex digits in
// alternating case), and the letters of an IP literal in uppercase.
func aliasOf(u URI) URI {
	enc := func(s string) string {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c == '%' {
				b.WriteString(s[i : i+3])
				i += 2
				continue
			}
			if strings.IndexByte(unreservedSlow, c) < 0 {
				b.WriteByte(c)
				continue
			}
			h := strconv.FormatUint(uint64(c)|0x100, 16)[1:]
			if i%2 == 0 {
				h = strings.ToUpper(h)
			}
			b.WriteString("%" + h)
		}
		return b.String()
	}
	u.Scheme = strings.ToUpper(u.Scheme)
	u.Userinfo = enc(u.Userinfo)
	if strings.HasPrefix(u.Host, "[") {
		u.Host = strings.ToUpper(u.Host)
	} else {
		u.Host = enc(u.Host)
	}
	u.Path = enc(u.Path)
	u.Query = enc(u.Query)
	u.Fragment = enc(u.Fragment)
	return u
}

// TestNormalizeString checks the text-to-text form against Normalize over
// the corpus, and that it returns its input, without allocating, when the
// input is already normal.
func TestNormalizeString(t *testing.T) {
	for _, s := range corpus(t) {
		u, perr := Parse(s)
		for _, level := range []Level{SimpleString, SyntaxBased, SchemeBased} {
			got, err := NormalizeString(s, level)
			if (err == nil) != (perr == nil) {
				t.Fatalf("NormalizeString(%q) error %v, Parse error %v", s, err, perr)
			}
			if err == nil && got != u.Normalize(level).String() {
				t.Errorf("NormalizeString(%q, %v) = %q, Normalize gives %q", s, level, got, u.Normalize(level))
			}
		}
	}
	if _, err := NormalizeString("http://a b/", SchemeBased); !errors.Is(err, ErrHost) {
		t.Errorf("NormalizeString of an invalid URI: %v", err)
	}
	if testing.CoverMode() != "" || raceEnabled {
		return
	}
	const normal = "http://example.com/a/b?q#f"
	if n := testing.AllocsPerRun(100, func() { sinkString, _ = NormalizeString(normal, SchemeBased) }); n != 0 || sinkString != normal {
		t.Errorf("NormalizeString of a normal URI: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { sinkString, _ = NormalizeString("HTTP://Example.com:80", SchemeBased) }); n != 1 || sinkString != "http://example.com/" {
		t.Errorf("NormalizeString: %v allocations, %q", n, sinkString)
	}
}

// rfc5952Slow writes IPv6 address text as RFC 5952, Section 4 says, step
// by step: eight pieces in lowercase hex without leading zeros (4.1, 4.3);
// the longest run of two or more zero pieces, the first of equal runs,
// becomes "::" (4.2); an IPv4-mapped address keeps a dotted tail (5).
func rfc5952Slow(text string) string {
	a, err := netip.ParseAddr(text) // only to read the sixteen octets
	if err != nil {
		return text
	}
	b := a.As16()
	var p [8]uint16
	for i := range p {
		p[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	if p == [8]uint16{0, 0, 0, 0, 0, 0xffff, p[6], p[7]} {
		return fmt.Sprintf("::ffff:%d.%d.%d.%d", b[12], b[13], b[14], b[15])
	}
	bestAt, bestLen := -1, 1
	for i := 0; i < 8; {
		if p[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && p[j] == 0 {
			j++
		}
		if j-i > bestLen {
			bestAt, bestLen = i, j-i
		}
		i = j
	}
	hex := func(ps []uint16) string {
		var out []string
		for _, x := range ps {
			out = append(out, strconv.FormatUint(uint64(x), 16))
		}
		return strings.Join(out, ":")
	}
	if bestAt < 0 {
		return hex(p[:])
	}
	return hex(p[:bestAt]) + "::" + hex(p[bestAt+bestLen:])
}
