package uri

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestOriginSetCases runs testdata/origin_set.txt.
func TestOriginSetCases(t *testing.T) {
	list := testSuffixes(t)
	counts := map[string]int{}
	for _, r := range readQuotedRows(t, "testdata/origin_set.txt") {
		counts[r.kind]++
		switch r.kind {
		case "refuse", "refusepsl":
			p := r.args[0]
			_, err := ParseOriginSet([]string{p}, list)
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrOrigin) || strconv.Itoa(e.Offset) != r.words[0] || e.Input != p {
				t.Errorf("line %d: ParseOriginSet(%q) = %#v; want ErrOrigin at %s", r.line, p, err, r.words[0])
				continue
			}
			if len(r.args) > 1 && !strings.Contains(err.Error(), r.args[1]) {
				t.Errorf("line %d: ParseOriginSet(%q): %v; want it to say %s", r.line, p, err, r.args[1])
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("line %d: the message prints the password: %v", r.line, err)
			}
			if r.kind == "refusepsl" {
				if _, err := ParseOriginSet([]string{p}, nil); err != nil {
					t.Errorf("line %d: ParseOriginSet(%q, nil) = %v, want no suffix check", r.line, p, err)
				}
			}
		case "allow":
			s, err := ParseOriginSet([]string{r.args[0]}, list)
			if err != nil {
				t.Errorf("line %d: ParseOriginSet(%q) = %v", r.line, r.args[0], err)
				continue
			}
			want := r.words[0] == "true"
			if got := s.Allows(r.args[1]); got != want {
				t.Errorf("line %d: %q Allows(%q) = %v, want %v", r.line, r.args[0], r.args[1], got, want)
			}
			if got := referenceAllows([]string{r.args[0]}, r.args[1]); got != want {
				t.Errorf("line %d: the reference matcher: %q allows %q = %v, want %v", r.line, r.args[0], r.args[1], got, want)
			}
		default:
			t.Fatalf("line %d: unknown kind %q", r.line, r.kind)
		}
	}
	t.Logf("testdata/origin_set.txt: %v", counts)
}

// TestOriginSetWPT builds a set from the origin of every case of
// web-platform-tests' urltestdata.json that has one: each origin a
// browser sends (http and https) is accepted and matched by the set of
// its own serialization, and by no other case's set; every other origin
// ("null", ws:, wss:, ftp:, and the one whose host has a '*') is refused.
func TestOriginSetWPT(t *testing.T) {
	var origins []string
	seen := map[string]bool{}
	n := 0
	for _, c := range readWPT(t) {
		if c.Origin == nil {
			continue
		}
		n++
		if !seen[*c.Origin] {
			seen[*c.Origin] = true
			origins = append(origins, *c.Origin)
		}
	}
	sent, refused := 0, 0
	for _, o := range origins {
		s, err := ParseOriginSet([]string{o}, nil)
		scheme, _, _ := strings.Cut(o, "://")
		if scheme != "http" && scheme != "https" || strings.Contains(o, "*") {
			// no page has such an origin, or, with a '*' in its host, no
			// host a browser reaches does (see ParseOriginSet)
			if err == nil || !errors.Is(err, ErrOrigin) {
				t.Errorf("ParseOriginSet(%q) = %v, want ErrOrigin", o, err)
			}
			refused++
			continue
		}
		if err != nil {
			t.Errorf("ParseOriginSet(%q) = %v", o, err)
			continue
		}
		sent++
		for _, other := range origins {
			if got := s.Allows(other); got != (other == o) {
				t.Errorf("set {%q} Allows(%q) = %v", o, other, got)
			}
		}
	}
	if n != 411 {
		t.Errorf("urltestdata.json has %d origins, want 411", n)
	}
	t.Logf("urltestdata.json: %d origins, %d distinct: %d sent by browsers, accepted and matched by their own set only; %d refused", n, len(origins), sent, refused)
}

// TestOriginSetAny checks the pattern "*".
func TestOriginSetAny(t *testing.T) {
	s, err := ParseOriginSet([]string{"*"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for o, want := range map[string]bool{
		"https://example.com": true, "http://[::1]:8080": true, "null": false,
		"https://EXAMPLE.com": false, "https://example.com/": false, "": false,
		"https://example.com:443": false, "file:///x": false, "https://xn--bcher-kva.example": true,
	} {
		if got := s.Allows(o); got != want {
			t.Errorf("{*} Allows(%q) = %v, want %v", o, got, want)
		}
	}
	if _, err := ParseOriginSet([]string{"*", "https://example.com"}, nil); !errors.Is(err, ErrOrigin) {
		t.Errorf("\"*\" with another pattern: %v, want ErrOrigin", err)
	}
	empty, err := ParseOriginSet(nil, nil)
	if err != nil || empty.Allows("https://example.com") || empty.Allows("null") {
		t.Errorf("the empty set: %v", err)
	}
}

// TestOriginSetAllocs checks that Allows does not allocate.
func TestOriginSetAllocs(t *testing.T) {
	s := benchOriginSet(t)
	for _, o := range []string{"https://origin-50.example.com", "https://a.b.wild-7.example.org", "https://nowhere.example.net:8443"} {
		want := !strings.Contains(o, "nowhere")
		var got bool
		if n := testing.AllocsPerRun(100, func() { got = s.Allows(o) }); n != 0 || got != want {
			t.Errorf("Allows(%q) = %v with %v allocations", o, got, n)
		}
	}
}

// benchOriginPatterns are 100 patterns: 90 origins and 10 wildcards.
func benchOriginPatterns() []string {
	var p []string
	for i := 0; i < 90; i++ {
		p = append(p, "https://origin-"+strconv.Itoa(i)+".example.com")
	}
	for i := 0; i < 10; i++ {
		p = append(p, "https://*.wild-"+strconv.Itoa(i)+".example.org")
	}
	return p
}

func benchOriginSet(t testing.TB) *OriginSet {
	s, err := ParseOriginSet(benchOriginPatterns(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func BenchmarkOriginSetAllows(b *testing.B) {
	s := benchOriginSet(b)
	for _, o := range []string{"https://origin-50.example.com", "https://a.b.wild-7.example.org", "https://nowhere.example.net:8443"} {
		b.Run(o, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s.Allows(o)
			}
		})
	}
}

// referenceAllows is a plain matcher for the fuzz differential: origin
// is allowed when it is the browser's serialization of an http or https
// origin and, split into scheme, host labels and port, equals a pattern
// or, for a pattern "*.rest", has the scheme and port of the pattern and
// host labels that end with rest's, with one or more non-empty labels
// before them.
func referenceAllows(patterns []string, origin string) bool {
	if c, err := (WebParser{}).Origin(origin); err != nil || c != origin || c == "null" {
		return false
	}
	split := func(o string) (scheme string, labels []string, port string) {
		scheme, hp, _ := strings.Cut(o, "://")
		host := hp
		if i := strings.LastIndexByte(hp, ':'); i >= 0 && !strings.HasSuffix(hp, "]") {
			host, port = hp[:i], hp[i+1:]
		}
		return scheme, strings.Split(host, "."), port
	}
	os, ol, op := split(origin)
	if os != "http" && os != "https" {
		return false
	}
	for _, p := range patterns {
		if p == origin {
			return true
		}
		ps, pl, pp := split(p)
		if ps != os || pp != op || pl[0] != "*" || len(ol) <= len(pl)-1 {
			continue
		}
		rest := pl[1:]
		extra := len(ol) - len(rest)
		ok := true
		for i, l := range rest {
			if ol[extra+i] != l {
				ok = false
			}
		}
		for _, l := range ol[:extra] {
			if l == "" {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// FuzzOriginSet checks Allows against referenceAllows: the set built from
// two patterns (refused patterns skipped) allows an origin exactly when
// the reference does, and never one that is not a browser's
// serialization of an origin. With the Public Suffix List, when there
// is one, a pattern it accepts allows nothing the plain set does not,
// and no suffix confusion: an origin that a wildcard allows has the
// registrable domain of the wildcard's domain.
func FuzzOriginSet(f *testing.F) {
	var list *Suffixes
	if _, err := os.Stat("../shared/data/psl/public_suffix_list.dat"); err == nil {
		list = testSuffixes(f)
	}
	f.Add("https://*.example.com", "https://example.com", "https://a.example.com")
	f.Add("https://*.example.com", "http://b.example.org:8080", "https://a.example.com.evil.com")
	f.Add("https://*.a.b", "https://*.b", "https://x.a.b")
	f.Add("https://*.example.com:8443", "https://example.com", "https://a..example.com:8443")
	f.Add("https://*.example.com", "https://example.com", "https://evil-example.com")
	f.Add("https://*.example.com", "https://x.com", "https://A.example.com")
	f.Fuzz(func(t *testing.T, p1, p2, origin string) {
		var patterns []string
		for _, p := range []string{p1, p2} {
			if _, err := ParseOriginSet([]string{p}, nil); err == nil && p != "*" {
				patterns = append(patterns, p)
			}
		}
		s, err := ParseOriginSet(patterns, nil)
		if err != nil {
			t.Fatalf("ParseOriginSet(%q): %v, though each pattern alone is accepted", patterns, err)
		}
		got, want := s.Allows(origin), referenceAllows(patterns, origin)
		if got != want {
			t.Fatalf("%q Allows(%q) = %v, the reference says %v", patterns, origin, got, want)
		}
		for _, p := range patterns {
			if c, err := (WebParser{}).Origin(p); err != nil || c != p {
				t.Fatalf("accepted %q, whose serialization is %q (%v)", p, c, err)
			}
			if list == nil {
				continue
			}
			ls, err := ParseOriginSet([]string{p}, list)
			if err != nil || !ls.Allows(origin) {
				continue
			}
			if !referenceAllows([]string{p}, origin) {
				t.Fatalf("%q with the list allows %q, the reference does not", p, origin)
			}
			pu, _ := ParseWeb(p)
			if rest, ok := strings.CutPrefix(pu.Host, "*."); ok {
				ou, _ := ParseWeb(origin)
				r1, err1 := RegistrableDomain(ou.Host, list)
				r2, err2 := RegistrableDomain(rest, list)
				if err1 != nil || err2 != nil || r1 != r2 {
					t.Fatalf("%q allows %q: registrable domains %q (%v) and %q (%v)", p, origin, r1, err1, r2, err2)
				}
			}
		}
	})
}

// TestOriginSetNode checks the patterns of testdata/origin_set.txt
// against Node's reading (testdata/origin_set_node.txt): the web parser
// gives each the origin Node gives, and where ParseOriginSet refuses an
// http or https pattern whose origin is another text, its error suggests
// that origin.
func TestOriginSetNode(t *testing.T) {
	n := 0
	for _, r := range readQuotedRows(t, "testdata/origin_set_node.txt") {
		p, want := r.args[0], r.args[1]
		got, err := WebParser{}.Origin(p)
		if want == "INVALID" {
			if err == nil {
				t.Errorf("line %d: Origin(%q) = %q, Node throws", r.line, p, got)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("line %d: Origin(%q) = %q, %v; Node says %q", r.line, p, got, err, want)
			continue
		}
		n++
		_, err = ParseOriginSet([]string{p}, nil)
		if strings.HasPrefix(want, "http") && want != p && !strings.Contains(p, "*") {
			if err == nil || !strings.Contains(err.Error(), strconv.Quote(want)) {
				t.Errorf("line %d: ParseOriginSet(%q) = %v, want it to suggest %q", r.line, p, err, want)
			}
		}
	}
	t.Logf("testdata/origin_set_node.txt: %d patterns with the origin Node gives", n)
}
