package uri

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// siteRow is one line of a testdata file of quoted strings and bare
// words (site.txt, origin_set.txt, referrer.txt).
type siteRow struct {
	line  int
	kind  string
	args  []string // the quoted strings, unquoted
	words []string // the bare words, in order
}

// readQuotedRows reads a testdata file of rows: a kind, then quoted strings
// and bare words, '#' lines being comments.
func readQuotedRows(t testing.TB, path string) []siteRow {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []siteRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		kind, rest, _ := strings.Cut(line, " ")
		r := siteRow{line: n, kind: kind}
		for {
			rest = strings.TrimSpace(rest)
			if rest == "" {
				break
			}
			if rest[0] != '"' {
				word, after, _ := strings.Cut(rest, " ")
				r.words, rest = append(r.words, word), after
				continue
			}
			s, after, err := unquotePrefix(rest)
			if err != nil {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
			r.args, rest = append(r.args, s), after
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

var (
	pslOnce sync.Once
	pslList *Suffixes
	pslErr  error
)

// testSuffixes returns the Public Suffix List of ../shared/data/psl, read
// once by ParseSuffixList, or skips the test.
func testSuffixes(t testing.TB) *Suffixes {
	t.Helper()
	pslOnce.Do(func() {
		f, err := os.Open("../shared/data/psl/public_suffix_list.dat")
		if err != nil {
			pslErr = err
			return
		}
		defer f.Close()
		pslList, pslErr = ParseSuffixList(f)
	})
	if pslList == nil && pslErr != nil && errors.Is(pslErr, os.ErrNotExist) {
		t.Skipf("../shared/data/psl/public_suffix_list.dat is absent (%v): get public_suffix_list.dat from github.com/publicsuffix/list to run this test", pslErr)
	}
	if pslErr != nil {
		t.Fatal(pslErr)
	}
	return pslList
}

// TestPublicSuffixListTests runs the list's own tests (tests/tests.txt of
// github.com/publicsuffix/list: 78 cases) on raw input: the input as
// written (mixed case, Unicode), the expected registrable domain compared
// in its ASCII form, "null" for none.
func TestPublicSuffixListTests(t *testing.T) {
	list := testSuffixes(t)
	if list.Len() < 9000 {
		t.Errorf("Len() = %d rules, want the whole list", list.Len())
	}
	data := readShared(t, "psl/tests.txt", "tests/tests.txt of github.com/publicsuffix/list")
	n := 0
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		in, want, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("tests.txt:%d: %q", i+1, line)
		}
		n++
		if in == "null" {
			in = ""
		}
		got, err := RegistrableDomain(in, list)
		if want == "null" {
			if err == nil || !errors.Is(err, ErrSite) {
				t.Errorf("tests.txt:%d: RegistrableDomain(%q) = %q, %v; want an ErrSite error", i+1, in, got, err)
			}
			continue
		}
		ascii, err2 := DomainToASCII(want)
		if err2 != nil {
			t.Fatal(err2)
		}
		if err != nil || got != ascii {
			t.Errorf("tests.txt:%d: RegistrableDomain(%q) = %q, %v; want %q (%s)", i+1, in, got, err, ascii, want)
		}
	}
	if n != 78 {
		t.Errorf("tests.txt has %d cases, want 78", n)
	}
}

// TestSiteCases runs testdata/site.txt.
func TestSiteCases(t *testing.T) {
	list := testSuffixes(t)
	counts := map[string]int{}
	for _, r := range readQuotedRows(t, "testdata/site.txt") {
		counts[r.kind]++
		switch r.kind {
		case "domain":
			got, err := RegistrableDomain(r.args[0], list)
			switch {
			case len(r.args) == 2:
				if err != nil || got != r.args[1] {
					t.Errorf("line %d: RegistrableDomain(%q) = %q, %v; want %q", r.line, r.args[0], got, err, r.args[1])
				}
			case r.words[0] == "site":
				var e *Error
				if !errors.As(err, &e) || !errors.Is(err, ErrSite) || strconv.Itoa(e.Offset) != r.words[1] || e.Input != r.args[0] {
					t.Errorf("line %d: RegistrableDomain(%q) = %q, %#v; want ErrSite at %s", r.line, r.args[0], got, err, r.words[1])
				}
			case r.words[0] == "web":
				var e *Error
				if !errors.As(err, &e) || !errors.Is(err, ErrWeb) && !errors.Is(err, ErrWebIDNA) || e.Input != r.args[0] {
					t.Errorf("line %d: RegistrableDomain(%q) = %q, %#v; want the host parser's error", r.line, r.args[0], got, err)
				}
			}
		case "samesite":
			a, b := mustParseWebOrURI(t, r.args[0]), mustParseWebOrURI(t, r.args[1])
			want := r.words[0] == "true"
			if got := (WebParser{}).SameSite(a, b, list); got != want {
				t.Errorf("line %d: SameSite(%q, %q) = %v, want %v", r.line, r.args[0], r.args[1], got, want)
			}
			if got := (WebParser{}).SameSite(b, a, list); got != want {
				t.Errorf("line %d: SameSite(%q, %q) = %v, want %v (not symmetric)", r.line, r.args[1], r.args[0], got, want)
			}
			if !want {
				continue
			}
			sa, _ := WebParser{}.Site(a, list)
			sb, _ := WebParser{}.Site(b, list)
			if sa != sb {
				t.Errorf("line %d: Site %q != %q, but same site", r.line, sa, sb)
			}
		case "site":
			got, err := WebParser{}.Site(mustParseWebOrURI(t, r.args[0]), list)
			if err != nil || got != r.args[1] {
				t.Errorf("line %d: Site(%q) = %q, %v; want %q", r.line, r.args[0], got, err, r.args[1])
			}
		default:
			t.Fatalf("line %d: unknown kind %q", r.line, r.kind)
		}
	}
	t.Logf("testdata/site.txt: %v", counts)
}

// mustParseWebOrURI returns s as a URI: parsed by RFC 3986 when it is
// one, else as the host it holds cannot be written (a space), a URI built
// by hand.
func mustParseWebOrURI(t testing.TB, s string) URI {
	if u, err := Parse(s); err == nil {
		return u
	}
	if u, err := ParseWeb(s); err == nil {
		return u
	}
	scheme, rest, _ := strings.Cut(s, "://")
	host, path, _ := strings.Cut(rest, "/")
	return URI{Scheme: scheme, HasAuthority: true, Host: host, Path: "/" + path}
}

// TestSuffixListFormat checks the loader on hand-written lists.
func TestSuffixListFormat(t *testing.T) {
	const list = `// comment
// ===BEGIN ICANN DOMAINS===
com
*.jp
!city.kobe.jp
*.kobe.jp
公司.cn
cn
ck
*.ck
!www.ck
// ===END ICANN DOMAINS===
// ===BEGIN PRIVATE DOMAINS===
github.io   with a trailing note
a.b.c.d
// ===END PRIVATE DOMAINS===
`
	s, err := ParseSuffixList(strings.NewReader(list))
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 11 {
		t.Errorf("Len() = %d, want 11", s.Len())
	}
	for _, c := range [][2]string{
		{"example.com", "com"}, {"com", "com"}, {"x.jp", "x.jp"}, {"y.x.jp", "x.jp"},
		{"jp", "jp"}, {"a.city.kobe.jp", "kobe.jp"}, {"city.kobe.jp", "kobe.jp"},
		{"x.c.kobe.jp", "c.kobe.jp"}, {"a.xn--55qx5d.cn", "xn--55qx5d.cn"},
		{"xn--55qx5d.cn", "xn--55qx5d.cn"}, {"x.cn", "cn"}, {"www.ck", "ck"},
		{"a.www.ck", "ck"}, {"b.test.ck", "test.ck"}, {"alice.github.io", "github.io"},
		{"x.b.c.d", "d"}, {"x.a.b.c.d", "a.b.c.d"}, {"c.d", "d"}, {"example", "example"},
		{"", ""}, {"a.unknown", "unknown"},
	} {
		if got := s.PublicSuffix(c[0]); got != c[1] {
			t.Errorf("PublicSuffix(%q) = %q, want %q", c[0], got, c[1])
		}
	}
	for _, c := range []struct {
		list string
		at   int
	}{
		{"a.*.com\n", 2}, {"*com\n", 0}, {"!com\n", 1}, {".com\n", 0},
		{"a..com\n", 0}, {"com.\n", 0}, {"*.\n", 2}, {"xn--a.com\u00ad\n", 0},
	} {
		_, err := ParseSuffixList(strings.NewReader("// x\n" + c.list))
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrSite) || e.Offset != c.at || !strings.Contains(e.Error(), "line 2") {
			t.Errorf("ParseSuffixList(%q) = %v, want ErrSite at %d on line 2", c.list, err, c.at)
		}
	}
}

// TestRegistrableDomainNoList checks the nil list and a list that lies.
func TestRegistrableDomainNoList(t *testing.T) {
	if _, err := RegistrableDomain("example.com", nil); !errors.Is(err, ErrSite) {
		t.Errorf("nil list: %v, want ErrSite", err)
	}
	for _, bad := range []string{"", "ample.com", "x.example.com", "com.", "m"} {
		if got, err := RegistrableDomain("www.example.com", fixedSuffix(bad)); !errors.Is(err, ErrSite) {
			t.Errorf("list answering %q: %q, %v; want ErrSite", bad, got, err)
		}
	}
	if !(WebParser{}).SameSite(MustParse("https://example.com/"), MustParse("https://example.com:1/"), nil) ||
		(WebParser{}).SameSite(MustParse("https://a.example.com/"), MustParse("https://b.example.com/"), nil) {
		t.Error("SameSite with a nil list: want equal hosts only")
	}
}

type fixedSuffix string

func (f fixedSuffix) PublicSuffix(string) string { return string(f) }

// TestRegistrableDomainAllocs checks that a lowercase ASCII host costs no
// allocation with a *Suffixes list.
func TestRegistrableDomainAllocs(t *testing.T) {
	list := testSuffixes(t)
	var got string
	n := testing.AllocsPerRun(100, func() {
		got, _ = RegistrableDomain("www.example.co.uk", list)
	})
	if n != 0 || got != "example.co.uk" {
		t.Errorf("RegistrableDomain: %v allocations, %q", n, got)
	}
}

func BenchmarkRegistrableDomain(b *testing.B) {
	list := testSuffixes(b)
	for i := 0; i < b.N; i++ {
		RegistrableDomain("www.example.co.uk", list)
	}
}

func TestSuffixesString(t *testing.T) {
	list, err := ParseSuffixList(strings.NewReader("com\nco.uk\n"))
	if err != nil || list.String() != "public suffix list read by uri.ParseSuffixList, 2 rules" {
		t.Errorf("String() = %q, %v", list.String(), err)
	}
}
