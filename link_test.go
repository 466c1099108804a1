package uri

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// linkBase parses a base URL of a test as a browser reads it; "" is the
// zero URI (no base URL).
func linkBase(t testing.TB, s string) URI {
	t.Helper()
	if s == "" {
		return URI{}
	}
	b, err := ParseWeb(s)
	if err != nil {
		t.Fatalf("base %q: %v", s, err)
	}
	return b
}

// checkLinkScheme checks LinkScheme against the web parser itself: the
// scheme of ParseWeb(href) with no base, of ResolveWeb otherwise, and the
// same error.
func checkLinkScheme(t *testing.T, href string, base URI) (string, error) {
	t.Helper()
	got, err := WebParser{}.LinkScheme(href, base)
	var u URI
	var werr error
	if base.Scheme == "" {
		u, werr = ParseWeb(href)
	} else {
		u, werr = base.ResolveWeb(href)
	}
	if (err == nil) != (werr == nil) || err == nil && got != u.Scheme {
		t.Fatalf("LinkScheme(%q, %q) = %q, %v; the web parser reads %q, %v", href, base, got, err, u.Scheme, werr)
	}
	if err != nil && err.Error() != werr.Error() {
		t.Fatalf("LinkScheme(%q, %q): error %v; the web parser's %v", href, base, err, werr)
	}
	if err == nil && got != strings.ToLower(got) {
		t.Fatalf("LinkScheme(%q, %q) = %q, not lowercase", href, base, got)
	}
	return got, err
}

// checkAllows checks that Allows agrees with the scheme LinkScheme reads,
// when it reads one: a listed scheme is allowed, every other refused,
// data: with Image by its MIME type.
func checkAllows(t *testing.T, href string, base URI, scheme string, err error) {
	t.Helper()
	if err != nil {
		return
	}
	for _, l := range []LinkPolicy{{}, {Image: true}, {Schemes: []string{"javascript"}}, {Schemes: []string{"", "HTTPS"}}} {
		want := l.lists(scheme)
		if _, _, own := leadingScheme(href); !own && scheme != base.Scheme {
			// Allows takes the base's scheme for a reference: the
			// parser must have read none of href's own
			t.Fatalf("LinkScheme(%q, %q) = %q, but href has no scheme of its own", href, base, scheme)
		}
		if l.Image && scheme == "data" && !l.lists("data") {
			d, derr := ParseDataURL(href)
			want = derr == nil && strings.HasPrefix(d.MediaType, "image/")
		}
		if got := l.Allows(href, base); got != want {
			t.Fatalf("%+v.Allows(%q, %q) = %v, want %v (scheme %q)", l, href, base, got, want, scheme)
		}
	}
}

func TestLinkCases(t *testing.T) {
	rows := readCases(t, filepath.Join("testdata", "links.txt"))
	for _, r := range rows {
		base := linkBase(t, r.fields["base"])
		got, err := checkLinkScheme(t, r.input, base)
		want := r.fields["scheme"]
		switch {
		case want == "FAIL" && err == nil, want != "FAIL" && err != nil:
			t.Errorf("line %d: LinkScheme(%q, %q) = %q, %v; want %s", r.line, r.input, base, got, err, want)
		case want == "none" && got != "", want != "FAIL" && want != "none" && got != want:
			t.Errorf("line %d: LinkScheme(%q, %q) = %q; want %s", r.line, r.input, base, got, want)
		}
		if err != nil && !errors.Is(err, ErrWeb) && !errors.Is(err, ErrWebIDNA) {
			t.Errorf("line %d: LinkScheme(%q): %v is not ErrWeb", r.line, r.input, err)
		}
		checkAllows(t, r.input, base, got, err)
		if a := (LinkPolicy{}).Allows(r.input, base); a != (r.fields["allow"] == "yes") {
			t.Errorf("line %d: Allows(%q, %q) = %v; want %s", r.line, r.input, base, a, r.fields["allow"])
		}
		if a := (LinkPolicy{Image: true}).Allows(r.input, base); a != (r.fields["image"] == "yes") {
			t.Errorf("line %d: {Image}.Allows(%q, %q) = %v; want %s", r.line, r.input, base, a, r.fields["image"])
		}
	}
	t.Logf("testdata/links.txt: %d cases", len(rows))
}

// TestLinkEvasions reads every input of ../shared/data/links/
// javascript-evasions.jsonl, inputs that hide a scheme from a
// hand-written check, to the scheme Node's URL reads (null where it
// throws), and checks that the default allowlist refuses all of those a
// browser runs as script.
func TestLinkEvasions(t *testing.T) {
	path := filepath.Join("..", "shared", "data", "links", "javascript-evasions.jsonl")
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("%s not found: get the shared test data (links/, see its PROVENANCE.md) beside this clone: %v", path, err)
	}
	defer f.Close()
	var rows, js, refused int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var row struct {
			Input, Base string
			Scheme      *string
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatal(err)
		}
		rows++
		base := linkBase(t, row.Base)
		got, err := checkLinkScheme(t, row.Input, base)
		switch {
		case row.Scheme == nil && err == nil:
			t.Errorf("LinkScheme(%q) = %q; Node fails", row.Input, got)
		case row.Scheme != nil && (err != nil || got != *row.Scheme):
			t.Errorf("LinkScheme(%q) = %q, %v; Node reads %q", row.Input, got, err, *row.Scheme)
		}
		checkAllows(t, row.Input, base, got, err)
		for _, l := range []LinkPolicy{{}, {Image: true}} {
			if l.Allows(row.Input, base) {
				continue
			}
			if l.Image {
				refused++
			}
		}
		if got == "javascript" {
			js++
			if (LinkPolicy{}).Allows(row.Input, base) || (LinkPolicy{Image: true}).Allows(row.Input, base) {
				t.Errorf("Allows(%q) for a javascript: URL", row.Input)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if js != 48 {
		t.Errorf("%d inputs read as javascript:, want 48", js)
	}
	t.Logf("%s: %d inputs, %d run as javascript:, %d refused by LinkPolicy{Image: true}", path, rows, js, refused)
}

// TestLinkCorpus checks the decision on the real-world links of
// ../shared/data/corpus.txt: no link is refused whose scheme, as the web
// parser reads it, is on the default list (no false alarm), and each
// refused one is shown with its scheme.
func TestLinkCorpus(t *testing.T) {
	kept, refused := 0, map[string]int{}
	for _, s := range corpus(t) {
		scheme, err := checkLinkScheme(t, s, URI{})
		checkAllows(t, s, URI{}, scheme, err)
		if (LinkPolicy{}).Allows(s, URI{}) {
			kept++
			continue
		}
		if err == nil && (LinkPolicy{}).lists(scheme) {
			t.Errorf("false alarm: Allows(%q) refuses scheme %q", s, scheme)
		}
		refused[scheme]++
	}
	t.Logf("corpus: %d links kept, refused by scheme: %v", kept, refused)
}

// TestLinkWPT reads every web-platform-tests urltestdata.json input, with
// its base, to the scheme of the href the test expects, and fails where
// the test expects failure.
func TestLinkWPT(t *testing.T) {
	n := 0
	for _, c := range readWPT(t) {
		var base URI
		if c.Base != nil {
			bw, err := WebParser{}.parse(*c.Base, nil)
			if err != nil {
				continue
			}
			if base, err = bw.uri(*c.Base); err != nil {
				t.Fatal(err)
			}
		}
		got, err := checkLinkScheme(t, c.Input, base)
		want, _, _ := strings.Cut(c.Href, ":")
		if c.Failure != (err != nil) || err == nil && got != want {
			t.Errorf("LinkScheme(%q, %q) = %q, %v; want %q (failure %v)", c.Input, base, got, err, want, c.Failure)
		}
		checkAllows(t, c.Input, base, got, err)
		n++
	}
	t.Logf("urltestdata.json: %d inputs read to their scheme", n)
}

// linkBenchInputs returns the corpus's https links and relative
// references made from their paths, queries and fragments.
func linkBenchInputs(tb testing.TB) (https, relative []string) {
	for _, s := range corpus(tb) {
		if !strings.HasPrefix(s, "https://") {
			continue
		}
		https = append(https, s)
		rest := s[len("https://"):]
		if i := strings.IndexAny(rest, "/?#"); i >= 0 {
			relative = append(relative, rest[i:])
		}
	}
	return https, relative
}

func TestLinkAllowsAllocs(t *testing.T) {
	https, relative := linkBenchInputs(t)
	base := MustParse("https://example.com/page")
	var l LinkPolicy
	for _, set := range [][]string{https, relative} {
		if n := testing.AllocsPerRun(5, func() {
			for _, s := range set {
				if !l.Allows(s, base) {
					t.Fatalf("Allows(%q) = false", s)
				}
			}
		}); n != 0 {
			t.Errorf("Allows: %v allocations per run of %d links", n, len(set))
		}
	}
}

func BenchmarkLinkAllows(b *testing.B) {
	https, relative := linkBenchInputs(b)
	base := MustParse("https://example.com/page")
	for _, c := range []struct {
		name string
		in   []string
	}{{"https", https}, {"relative", relative}} {
		b.Run(c.name, func(b *testing.B) {
			var l LinkPolicy
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				l.Allows(c.in[i%len(c.in)], base)
			}
		})
	}
	b.Run("LinkScheme/https", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = WebParser{}.LinkScheme(https[i%len(https)], base)
		}
	})
	b.Run("ParseWeb/https", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_, _ = ParseWeb(https[i%len(https)])
		}
	})
}

func FuzzLinkScheme(f *testing.F) {
	for _, s := range []string{"javascript:alert(1)", " \x01JaVa\tScRiPt:x", "java\x00script:x", "https://example.com/", "/path", "#f", "https:x", "data:image/png;base64,AAAA",
		"data:text/html,<script>", "http://[::1/", "\u00a0javascript:x", "file:x", "x:y", "//h/", "mailto:a@b", "tel:1"} {
		f.Add(s, "https://example.com/page")
		f.Add(s, "")
	}
	f.Add("#x", "javascript:alert(1)")
	f.Add("x", "about:blank")
	f.Add("file:y", "file:///C:/x")
	f.Fuzz(func(t *testing.T, href, b string) {
		var base URI
		if b != "" {
			var err error
			if base, err = ParseWeb(b); err != nil {
				return
			}
		}
		scheme, err := checkLinkScheme(t, href, base)
		checkAllows(t, href, base, scheme, err)
		// whatever the list, a scheme the parser reads as javascript is
		// refused unless listed
		if err == nil && scheme == "javascript" && (LinkPolicy{Image: true}).Allows(href, base) {
			t.Fatalf("Allows(%q, %q) for a javascript: URL", href, base)
		}
	})
}

// TestNeedsBase checks needsBase over schemes with the tabs and newlines
// the basic URL parser removes inside them, against the special schemes
// of the URL Standard ("special scheme") written out here.
func TestNeedsBase(t *testing.T) {
	special := map[string]bool{"ftp": true, "file": true, "http": true, "https": true, "ws": true, "wss": true}
	for _, base := range []string{"http", "HTTPS", "ws", "file", "ftp", "mailto", "foo", "blob"} {
		for _, raw := range []string{base, strings.ToUpper(base), base[:1] + "\t" + base[1:], base[:1] + "\r\n" + base[1:] + "\n"} {
			want := special[strings.ToLower(base)]
			if got := needsBase(raw, base); got != want {
				t.Errorf("needsBase(%q, %q) = %v, want %v", raw, base, got, want)
			}
		}
		if needsBase("other", base) {
			t.Errorf("needsBase(%q, %q) = true for another scheme", "other", base)
		}
	}
}
