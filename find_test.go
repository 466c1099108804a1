package uri

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// checkMatches checks the properties every result of Find has: inside the
// text, in order, not overlapping, and the URI's text is the span's with
// whitespace removed (for a suffix reference, with the scheme added; for
// an IRI, with non-ASCII characters percent-encoded).
func checkMatches(t testing.TB, f Finder, text string) []Found {
	t.Helper()
	var ms []Found
	prev := 0
	for m := range f.Find(text) {
		if m.Start < prev || m.End < m.Start || m.End > len(text) {
			t.Fatalf("Find(%q): match %+v out of order or outside the text", text, m)
		}
		prev = m.End
		if err := m.URI.Validate(); err != nil || m.URI.Scheme == "" {
			t.Fatalf("Find(%q): %q is not a URI with a scheme: %v", text, m.URI, err)
		}
		span, ok := unwrap(text[m.Start:m.End])
		if !ok {
			t.Fatalf("Find(%q): the span %q of %q holds spaces", text, text[m.Start:m.End], m.URI)
		}
		want := span
		if f.IRI {
			u, err := ParseIRI(span)
			if err == nil {
				want = u.String()
			}
		}
		if got := m.URI.String(); got != want && !(f.Suffix && (got == "http://"+want || got == "ftp://"+want)) {
			t.Fatalf("Find(%q): %q read from the span %q", text, got, text[m.Start:m.End])
		}
		ms = append(ms, m)
	}
	return ms
}

func TestFindCases(t *testing.T) {
	data, err := os.ReadFile("testdata/find.txt")
	if err != nil {
		t.Fatal(err)
	}
	var f Finder
	n := 0
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		kind, rest, _ := strings.Cut(line, " ")
		switch kind {
		case "option":
			f = Finder{}
			switch {
			case rest == "iri":
				f.IRI = true
			case rest == "suffix":
				f.Suffix = true
			case strings.HasPrefix(rest, "schemes="):
				f.Schemes = strings.Split(strings.TrimPrefix(rest, "schemes="), ",")
			}
		case "find":
			text, rest, err := unquotePrefix(rest)
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			var want []string
			if err := json.Unmarshal([]byte(strings.TrimSpace(rest)), &want); err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			var got []string
			for _, m := range checkMatches(t, f, text) {
				got = append(got, m.URI.String())
			}
			if !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Errorf("line %d: Find(%q) = %q, want %q", i+1, text, got, want)
			}
			n++
		default:
			t.Fatalf("line %d: unknown kind %q", i+1, kind)
		}
	}
	t.Logf("testdata/find.txt: %d cases", n)
	if n < 200 {
		t.Errorf("fewer than 200 cases: %d", n)
	}
}

// plainEnd reports whether a URI's text, standing between spaces, is found
// whole by Find: it ends with no character the trailing-punctuation rule
// gives to the text, its parentheses and brackets are balanced, and its
// scheme is not one that the look-alike rules set aside.
func plainEnd(s string) bool {
	if s == "" || strings.IndexByte(".,;:!?'*", s[len(s)-1]) >= 0 {
		return false
	}
	depth := map[byte]int{}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth[s[i]]++
		case ')':
			if depth['(']--; depth['('] < 0 {
				return false
			}
		case ']':
			if depth['[']--; depth['['] < 0 {
				return false
			}
		}
	}
	scheme, rest, _ := strings.Cut(s, ":")
	return rest != "" && rest[0] != ':' && rest[0] != '=' && innerScheme(rest) == 0 &&
		(!isPortLike(rest) || (Finder{}).numeric(scheme)) && !(rest[len(rest)-1] == '=' && !strings.ContainsAny(rest, "/?#"))
}

// FuzzFind checks, for any text: no panic; matches inside the text, in
// order, each URI the span's text without whitespace; a valid URI with a
// scheme in angle brackets, put inside the text, is found exactly; and
// between spaces it is found too, unless plainEnd says a rule claims it.
func FuzzFind(f *testing.F) {
	for _, s := range []string{"Yes, Jim, see <ftp://foo.example.\n com/rfc/>.", "(http://a.org/)(http://b.org/)", "std::vector", "www.w3.org/x", "<URL: http://x/>", "\"urn:a:b\"", "日本http://x.jp/"} {
		f.Add(s, "http://example.com/a?b#c", 3)
	}
	f.Fuzz(func(t *testing.T, text, s string, at int) {
		for _, fd := range []Finder{{}, {IRI: true}, {Suffix: true}} {
			checkMatches(t, fd, text)
		}
		u, err := Parse(s)
		if err != nil || u.Scheme == "" {
			return
		}
		at = min(max(at, 0), len(text))
		for at > 0 && at < len(text) && !utf8.RuneStart(text[at]) {
			at--
		}
		// in angle brackets, between spaces
		in := text[:at] + " <" + s + "> " + text[at:]
		found := false
		for m := range Find(in) {
			if m.Start == at+2 {
				found = m.URI == u && m.End == at+2+len(s)
			}
		}
		if !found {
			t.Fatalf("Find(%q) misses <%s>", in, s)
		}
		if !plainEnd(s) {
			return
		}
		in = text[:at] + " " + s + " " + text[at:]
		found = false
		for m := range Find(in) {
			if m.Start == at+1 {
				found = m.URI == u && m.End == at+1+len(s)
			}
		}
		if !found {
			t.Fatalf("Find(%q) misses %s", in, s)
		}
	})
}

// findProse embeds the corpus URLs in prose, one sentence each, with the
// punctuation and brackets prose has around links.
func findProse(tb testing.TB) string {
	var b strings.Builder
	forms := []string{"See %s, and then the rest of it. ", "Links (%s) work too. ", "Read <%s> now. ", "It says \"%s\". ", "%s\n"}
	for i, s := range corpus(tb) {
		b.WriteString(strings.Replace(forms[i%len(forms)], "%s", s, 1))
	}
	return b.String()
}

// TestFindCorpus finds every corpus URL that is a URI with a scheme in
// prose built around it.
func TestFindCorpus(t *testing.T) {
	want := 0
	for _, s := range corpus(t) {
		if u, err := Parse(s); err == nil && u.Scheme != "" && plainEnd(s) {
			want++
		}
	}
	text := findProse(t)
	ms := checkMatches(t, Finder{}, text)
	t.Logf("%d URIs found in %d bytes of prose holding %d corpus URIs with a plain end", len(ms), len(text), want)
	if len(ms) < want {
		t.Errorf("found %d, want at least %d", len(ms), want)
	}
	if n := testing.AllocsPerRun(5, func() {
		for m := range Find(text) {
			sinkURI = m.URI
		}
	}); n > 0 && !raceEnabled {
		t.Errorf("Find over the corpus prose: %v allocations, want 0", n)
	}
}

func BenchmarkFind(b *testing.B) {
	text := findProse(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		for m := range Find(text) {
			sinkURI = m.URI
		}
	}
}
