package uri

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"
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

// textDelims are pairs of Unicode punctuation that delimit a URI in text
// in some script: each is a boundary before a URI and ends it after.
var textDelims = [][2]string{
	{"“", "”"}, {"„", "“"}, {"«", "»"}, {"‹", "›"}, {"「", "」"}, {"『", "』"},
	{"（", "）"}, {"【", "】"}, {"《", "》"}, {"詳細は「", "」を参照"}, {"見て：", "。"},
	{"\u3000", "\u3000"}, {"\u00a0", "\u00a0"}, {"\u2028", "，"}, {"—", "！"}, {"¿", "？"},
}

// endsInHead reports whether the span of a URI found in text ends in its
// head: the authority after "scheme://", or the text after "scheme:"
// before the first '/', '?' or '#'.
func endsInHead(span string) bool {
	_, rest, ok := strings.Cut(span, ":")
	if !ok {
		return false
	}
	rest = strings.TrimPrefix(rest, "//")
	return !strings.ContainsAny(rest, "/?#")
}

// FuzzFindText checks Find on text in any script, with every option: the
// properties of checkMatches (each match a strict URI with a scheme, in
// order, within the text, read from its span); in the default mode, no
// match that a non-ASCII letter ends inside its head is the strict prefix
// of a name that goes on in ASCII (the "exаmple" property: the match's
// ASCII text ends with a letter or digit, and past the non-ASCII letters
// there is no ASCII letter or digit that does not start a "scheme://");
// with IRI, no span outside quotes and angle brackets holds White_Space or
// Unicode punctuation other than wordPunct and the full stops UTS #46 maps
// to '.' (which a host may hold), nor ends with wordPunct; and a
// valid URI put between a pair of textDelims is found whole, in every mode.
func FuzzFindText(f *testing.F) {
	for _, s := range []string{
		"https://exаmple.com/login", "詳細はhttps://example.comをご覧ください", "「https://例え.jp/パス」。",
		"“https://example.com/docs”", "https://bücher.de/", "請訪問https://example.cn/了解更多",
		"https://a.comを見てhttps://b.com", "Ссылка:https://пример.рф/", "www.exаmple.com", "\\http://x?http://y",
	} {
		f.Add(s, "http://example.com/a?b#c", 0, uint8(0))
	}
	f.Fuzz(func(t *testing.T, text, s string, at int, pair uint8) {
		for _, fd := range []Finder{{}, {IRI: true}, {Suffix: true}, {IRI: true, Suffix: true}} {
			for _, m := range checkMatches(t, fd, text) {
				e := m.End
				if e == len(text) || text[e] < utf8.RuneSelf {
					continue
				}
				r, _ := utf8.DecodeRuneInString(text[e:])
				if !fd.IRI && !textPunct(r) && endsInHead(text[m.Start:m.End]) && !strings.Contains(text[m.Start:e], "<") {
					if !is(text[e-1], cAlpha|cDigit) {
						t.Fatalf("Find(%q) = %q, ending in its head after %q, before %q", text, m.URI, text[e-1], r)
					}
					k := e
					for k < len(text) && text[k] >= utf8.RuneSelf {
						r, size := utf8.DecodeRuneInString(text[k:])
						if textPunct(r) {
							break
						}
						k += size
					}
					if k < len(text) && is(text[k], cAlpha|cDigit) && innerScheme(text[k:]) == 0 {
						t.Fatalf("Find(%q) = %q, a prefix of the name that goes on to %q", text, m.URI, text[m.Start:k+1])
					}
				}
				if fd.IRI && !strings.ContainsAny(text, "<\"") {
					span := text[m.Start:m.End]
					if strings.ContainsFunc(span, func(r rune) bool {
						return r >= utf8.RuneSelf && textPunct(r) && !strings.ContainsRune(wordPunct, r) && !idnaDot(r)
					}) {
						t.Fatalf("Find(%q) = %q, whose span %q holds punctuation or a space", text, m.URI, span)
					}
					if r, _ := utf8.DecodeLastRuneInString(span); strings.ContainsRune(wordPunct, r) {
						t.Fatalf("Find(%q) = %q, whose span %q ends with %q", text, m.URI, span, r)
					}
				}
			}
		}
		u, err := Parse(s)
		if err != nil || u.Scheme == "" || !plainEnd(s) {
			return
		}
		d := textDelims[int(pair)%len(textDelims)]
		at = min(max(at, 0), len(text))
		for at > 0 && at < len(text) && !utf8.RuneStart(text[at]) {
			at--
		}
		in := text[:at] + " " + d[0] + s + d[1] + " " + text[at:]
		start := at + 1 + len(d[0])
		for _, fd := range []Finder{{}, {IRI: true}} {
			found := false
			for m := range fd.Find(in) {
				if m.Start == start {
					found = m.URI == u && m.End == start+len(s)
				}
			}
			if !found {
				t.Fatalf("%+v.Find(%q) misses %s", fd, in, s)
			}
		}
	})
}

// TestFindHostile extends TestHostileMemory to Find in IRI mode and to
// text in other scripts, which the package-wide shapes do not hold (and
// which other entry points, such as templates, rightly encode three bytes
// for one): on every shape, Finder{IRI: true, Suffix: true} allocates no
// more for a large input than for a small one when the text is ASCII, and
// at most two allocations per match otherwise (the URI's text, and the
// error of a candidate that fails); Find and IRI keep to the package's
// bound on bytes. By default it runs the shapes in other scripts and two
// of the ASCII shapes made for Find ("lt-url", "a-colon") at 5 KB and
// 50 KB; -hostile.long runs every shape at 10 KB and 1 MB.
func TestFindHostile(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	if testing.Short() {
		t.Skip("large inputs; skipped in -short mode")
	}
	shapes := []hostileShape{
		{"glued-scripts", func(n int) URI { return URI{Path: rep("詳細はhttps://exаmple.com/を「a:例」www.例", n)} }},
		{"utf8-host", func(n int) URI { return httpURI(rep("%E4%BE%8B", n), "/") }},
		{"utf8-labels", func(n int) URI { return httpURI(rep("%E4%BE%8B%D0%B0.", n)+"jp", "/") }},
	}
	small, large := hostileQuick[0], hostileQuick[1]
	if *hostileLong {
		small, large = hostileSizes[0], hostileSizes[2]
		shapes = append(shapes, hostileShapes...)
	} else {
		for _, sh := range hostileShapes {
			if sh.name == "lt-url" || sh.name == "a-colon" {
				shapes = append(shapes, sh)
			}
		}
	}
	fd := Finder{IRI: true, Suffix: true}
	for _, sh := range shapes {
		us, ul := sh.make(small), sh.make(large)
		ss, sl := us.String(), ul.String()
		matches := 0
		for range fd.Find(sl) {
			matches++
		}
		limit := uint64(4*len(sl) + 64<<10)
		for _, e := range []struct {
			name string
			run  func(u URI, s string)
		}{
			{"Find", func(u URI, s string) {
				for m := range Find(s) {
					sinkURI = m.URI
				}
			}},
			{"FindIRI", func(u URI, s string) {
				for m := range fd.Find(s) {
					sinkURI = m.URI
				}
			}},
			{"IRI", func(u URI, s string) { sinkString = u.IRI() }},
		} {
			grows := func(a0, a1 float64) bool {
				if e.name == "FindIRI" && !isASCII(sl) {
					return a1 > float64(2*matches+2)
				}
				return a1 > a0+2
			}
			lim := limit
			if e.name == "IRI" {
				// IRI reads a host of http with non-ASCII text with
				// DomainToASCII (iriHostValid), which takes its rune
				// buffers: measured 8.3 bytes per byte on utf8-labels
				lim = uint64(12*len(sl) + 64<<10)
			}
			a0, a1, b1 := allocatedGrowth(func() { e.run(us, ss) }, func() { e.run(ul, sl) }, func(a0, a1 float64, b1 uint64) bool {
				return !grows(a0, a1) && b1 <= lim
			})
			if grows(a0, a1) || b1 > lim {
				t.Errorf("%s on %s: %v allocations at %s, %v at %s (%d matches); %d bytes at %s (limit %d)",
					e.name, sh.name, a0, sizeName(small), a1, sizeName(large), matches, b1, sizeName(large), lim)
			}
		}
	}
}

// TestTextPunct checks textPunct and cjkLetter against their definitions,
// for every non-ASCII code point of the Basic Multilingual Plane:
// textPunct is the categories Pi, Pf, Ps, Pe and Po and White_Space;
// cjkLetter only says yes to letters.
func TestTextPunct(t *testing.T) {
	for r := rune(0x80); r <= 0xFFFF; r++ {
		want := unicode.In(r, unicode.Pi, unicode.Pf, unicode.Ps, unicode.Pe, unicode.Po, unicode.White_Space)
		if textPunct(r) != want {
			t.Errorf("textPunct(%U) = %v, want %v", r, !want, want)
		}
		if cjkLetter(r) && !unicode.IsLetter(r) {
			t.Errorf("cjkLetter(%U) is true for a character that is not a letter", r)
		}
	}
	for _, r := range wordPunct {
		if !textPunct(r) {
			t.Errorf("%U in wordPunct is not punctuation", r)
		}
	}
}
