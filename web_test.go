package uri

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// wptCase is one case of the web-platform-tests URL data.
type wptCase struct {
	Input   string  `json:"input"`
	Base    *string `json:"base"`
	Href    string  `json:"href"`
	Origin  *string `json:"origin"`
	Failure bool    `json:"failure"`
}

func readWPT(t *testing.T) []wptCase {
	t.Helper()
	path := filepath.Join("..", "shared", "data", "wpt-url", "urltestdata.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("the web-platform-tests URL data is not at %s (a fresh clone has no ../shared): get urltestdata.json from web-platform-tests, url/resources/ (see PROVENANCE.md there), to run its cases; testdata/web.txt still runs: %v", path, err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var cases []wptCase
	for _, r := range raw {
		var c wptCase
		if json.Unmarshal(r, &c) == nil && c.Input != "" || len(r) > 0 && r[0] == '{' {
			if err := json.Unmarshal(r, &c); err == nil {
				cases = append(cases, c)
			}
		}
	}
	return cases
}

// needsIDNA reports whether a case's input or expected host is not ASCII,
// or has an "xn--" label: the cases of "domain to ASCII" beyond
// lowercasing, which TestWPT counts apart in its log.
func needsIDNA(c wptCase) bool {
	for _, s := range []string{c.Input, c.Href} {
		host := s
		if i := strings.Index(host, "//"); i >= 0 {
			host = host[i+2:]
		}
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		d := host
		if dd, err := Decode(host); err == nil {
			d = dd
		}
		for i := 0; i < len(d); i++ {
			if d[i] >= utf8.RuneSelf {
				return true
			}
		}
		if strings.Contains(strings.ToLower(d), "xn--") {
			return true
		}
	}
	return false
}

// TestWPT runs the web-platform-tests URL cases: parse or failure as
// expected, Href equal to the expected href, and the URI's String equal
// to the href with RFC 3986's encoding applied. Every case counts, those
// with an internationalized host or an "xn--" label too: the zero
// WebParser has "domain to ASCII" built in (DomainToASCII).
func TestWPT(t *testing.T) {
	cases := readWPT(t)
	var pass, fail, idnaCases, idnaPass int
	var failures []string
	for _, c := range cases {
		var href string
		var err error
		var u URI
		if c.Base != nil {
			var b URI
			bw, berr := WebParser{}.parse(*c.Base, nil)
			if berr != nil {
				continue
			}
			b, berr = bw.uri(*c.Base)
			if berr != nil {
				t.Errorf("base %q: %v", *c.Base, berr)
				continue
			}
			href, err = WebParser{}.ResolveHref(b, c.Input)
			if err == nil {
				u, err = b.ResolveWeb(c.Input)
			}
		} else {
			href, err = WebParser{}.Href(c.Input)
			if err == nil {
				u, err = ParseWeb(c.Input)
			}
		}
		ok := c.Failure && err != nil || !c.Failure && err == nil && href == c.Href
		if ok && err == nil {
			if v := u.Validate(); v != nil {
				ok = false
			}
			if r, e := Parse(u.String()); e != nil || r != u {
				ok = false
			}
		}
		if needsIDNA(c) {
			idnaCases++
			if ok {
				idnaPass++
			}
		}
		if ok {
			pass++
		} else {
			fail++
			base := ""
			if c.Base != nil {
				base = *c.Base
			}
			failures = append(failures, strings.Join([]string{c.Input, base, c.Href, href, errString(err)}, " | "))
		}
	}
	t.Logf("urltestdata.json: %d of %d cases pass, %d fail (%d with a non-ASCII or \"xn--\" host, %d of them pass)", pass, len(cases), fail, idnaCases, idnaPass)
	for i, f := range failures {
		if i < 40 {
			t.Logf("FAIL: %s", f)
		}
	}
	if fail > 0 || pass != len(cases) {
		t.Errorf("%d of %d cases pass, %d fail", pass, len(cases), fail)
	}
}

// TestWPTOrigin checks Origin against every web-platform-tests case that
// gives an origin, with and without a base URL.
func TestWPTOrigin(t *testing.T) {
	n := 0
	for _, c := range readWPT(t) {
		if c.Origin == nil {
			continue
		}
		var base *webURL
		if c.Base != nil {
			b, err := WebParser{}.parse(*c.Base, nil)
			if err != nil {
				t.Errorf("base %q: %v", *c.Base, err)
				continue
			}
			base = &b
		}
		w, err := WebParser{}.parse(c.Input, base)
		if err != nil {
			t.Errorf("%q: %v", c.Input, err)
			continue
		}
		if got := (WebParser{}).origin(&w); got != *c.Origin {
			t.Errorf("origin of %q (base %v) = %q, want %q", c.Input, c.Base, got, *c.Origin)
		}
		n++
	}
	t.Logf("urltestdata.json: %d origins match", n)
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestWebCases runs testdata/web.txt and testdata/web_idna.txt: ParseWeb's
// href and failures, and the RFC 3986 reading of the same input beside it.
func TestWebCases(t *testing.T) {
	for _, file := range []string{"testdata/web.txt", "testdata/web_idna.txt"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			n, offsets := runWebCases(t, file)
			t.Logf("%s: %d cases, %d failures with their offsets checked", file, n, offsets)
			if file == "testdata/web.txt" && n < 150 {
				t.Errorf("fewer than 150 cases: %d", n)
			}
		})
	}
}

// runWebCases runs the cases of file, in the format of testdata/web.txt,
// and returns how many it ran and how many failures it checked.
func runWebCases(t *testing.T, file string) (n, offsets int) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		kind, rest, _ := strings.Cut(line, " ")
		n++
		if kind == "origin" {
			in, rest, err := unquotePrefix(rest)
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			want, _, err := unquotePrefix(strings.TrimSpace(rest))
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			if got, err := (WebParser{}).Origin(in); err != nil || got != want {
				t.Errorf("line %d: Origin(%q) = %q, %v; want %q", i+1, in, got, err, want)
			}
			continue
		}
		var in, base string
		if kind == "resolve" {
			base, rest, err = unquotePrefix(rest)
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			rest = strings.TrimSpace(rest)
		}
		in, rest, err = unquotePrefix(rest)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		rest = strings.TrimSpace(rest)
		want := ""
		wantAt, wantIDNA := -1, false // FAIL at=N, idna
		if fail, ok := strings.CutPrefix(rest, "FAIL"); ok {
			rest = fail
			for _, w := range strings.Fields(fail) {
				switch {
				case strings.HasPrefix(w, "at="):
					if wantAt, err = strconv.Atoi(w[3:]); err != nil {
						t.Fatalf("line %d: %v", i+1, err)
					}
				case w == "idna":
					wantIDNA = true
				}
			}
		} else {
			want, rest, err = unquotePrefix(rest)
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
		}
		var href string
		var u URI
		if kind == "resolve" {
			b, berr := ParseWeb(base)
			if berr != nil {
				t.Fatalf("line %d: base %q: %v", i+1, base, berr)
			}
			href, err = WebParser{}.ResolveHref(b, in)
			if err == nil {
				u, err = b.ResolveWeb(in)
			}
		} else {
			href, err = WebParser{}.Href(in)
			if err == nil {
				u, err = ParseWeb(in)
			}
		}
		if err != nil {
			offsets++
			checkWebError(t, err, in, i+1, wantAt, wantIDNA)
		}
		switch {
		case want == "" && err == nil:
			t.Errorf("line %d: %q parses to %q, want a failure", i+1, in, href)
		case want != "" && (err != nil || href != want):
			t.Errorf("line %d: %q: href %q, %v; want %q", i+1, in, href, err, want)
		case err == nil:
			if r, e := Parse(u.String()); e != nil || r != u {
				t.Errorf("line %d: %q: the URI %q does not reparse to itself", i+1, in, u)
			}
		}
		// the RFC 3986 reading, beside it
		if f, ok := strings.CutPrefix(strings.TrimSpace(rest), "rfc="); ok && kind == "web" {
			r, perr := Parse(in)
			got := "invalid"
			switch {
			case perr != nil:
			case err == nil && r == u:
				got = "same"
			default:
				got = "other"
			}
			if f != got {
				t.Errorf("line %d: %q: rfc=%s, the RFC 3986 reading is %s", i+1, in, f, got)
			}
		}
	}
	return n, offsets
}

// checkWebError checks an error of the web parser for input: an *Error
// of input wrapping ErrWeb or ErrWebIDNA (idna), whose Offset is at (-1:
// any) and points at an octet the parser reads: not a tab or newline it
// removes, nor before the first or after the last octet it keeps.
func checkWebError(t testing.TB, err error, input string, line, at int, idna bool) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Input != input || errors.Is(err, ErrWebBase) {
		t.Fatalf("line %d: %q: %#v is not an *Error of the input", line, input, err)
	}
	if idna && !errors.Is(err, ErrWebIDNA) || !idna && at >= 0 && !errors.Is(err, ErrWeb) || !errors.Is(err, ErrWeb) && !errors.Is(err, ErrWebIDNA) {
		t.Errorf("line %d: %q: %v; want ErrWeb, or ErrWebIDNA if %v", line, input, err, idna)
	}
	if at >= 0 && e.Offset != at {
		t.Errorf("line %d: %q: offset %d, want %d (%v)", line, input, e.Offset, at, err)
	}
	first, last := 0, len(input)
	for first < last && input[first] <= ' ' {
		first++
	}
	for last > first && input[last-1] <= ' ' {
		last--
	}
	if o := e.Offset; o < first && first < last || o > last || o < last && (input[o] == '\t' || input[o] == '\n' || input[o] == '\r') {
		t.Errorf("line %d: %q: offset %d is not an octet the parser reads (%v)", line, input, o, err)
	}
}

// FuzzParseWeb checks, for any input: no panic; a result that Validate
// accepts and that Parse reads back as itself; idempotence, ParseWeb of
// the result's text is the same URI; Href agrees with ParseWeb on success;
// and resolving against a valid base behaves the same way.
func FuzzParseWeb(f *testing.F) {
	for _, s := range []string{"https:evil.com", "http://x.org/a b?c d#e f", "HTTP://[::FFFF:1.2.3.4]:80/a/../b", "file:///C|/x", "sc:a b?q", "http://0x7f.1/", "\thttp://x\n.org/\\a", "non-special://x/%2e%2e/y", "mailto:a@b",
		" http://h:8\ta/", "http://[::1%25x]/", "http://1.2.3.4.5/", "http://u@:80/", "http://a%2Fb/", "sc://a b/"} {
		f.Add(s, "http://example.org/foo/bar")
	}
	for _, s := range []string{"münchen.de", "xn--mnchen-3ya.de", "%E2%93%9B%E2%93%9E%E2%93%92%E2%93%90%E2%93%9B", "a\u202eb", "①②⑦.0.0.1", "a%FFb", "\u00ad", "XN--a"} {
		f.Add(s, "https://xn--mnchen-3ya.de/a/")
	}
	f.Fuzz(func(t *testing.T, s, base string) {
		checkWebNormal(t, s)
		checkWebIDNAHost(t, s)
		u, err := ParseWeb(s)
		href, herr := WebParser{}.Href(s)
		if (err == nil) != (herr == nil) {
			t.Fatalf("ParseWeb(%q) = %v, Href %v", s, err, herr)
		}
		if err != nil {
			checkWebError(t, err, s, 0, -1, errors.Is(err, ErrWebIDNA))
		} else {
			checkWebResult(t, s, u)
			// what RFC 3986 allows is left as it is: a valid href is the URI
			if Valid(href) && u.String() != href {
				t.Fatalf("ParseWeb(%q) = %q, but the href %q is a valid URI", s, u, href)
			}
		}
		checkWebAgrees(t, s)
		// the origin: defined when the URL is, and "null" or the scheme,
		// "://", a host and maybe a port, never credentials or a path
		o, oerr := WebParser{}.Origin(s)
		if (oerr == nil) != (err == nil) {
			t.Fatalf("Origin(%q) = %q, %v; ParseWeb %v", s, o, oerr, err)
		}
		if oerr == nil && o != "null" {
			scheme, rest, ok := strings.Cut(o, "://")
			if u.Scheme != "blob" && scheme != u.Scheme || u.Scheme == "blob" && scheme != "http" && scheme != "https" {
				ok = false
			}
			if !ok || rest == "" || strings.ContainsAny(rest, "@/?#\\") {
				t.Fatalf("Origin(%q) = %q", s, o)
			}
		}
		b, err := ParseWeb(base)
		if err != nil {
			return
		}
		if u, err := b.ResolveWeb(s); err == nil {
			checkWebResult(t, s, u)
		} else {
			checkWebError(t, err, s, 0, -1, errors.Is(err, ErrWebIDNA))
		}
	})
}

func checkWebResult(t *testing.T, s string, u URI) {
	t.Helper()
	if err := u.Validate(); err != nil {
		t.Fatalf("ParseWeb(%q) = %#v, which Validate rejects: %v", s, u, err)
	}
	if r, err := Parse(u.String()); err != nil || r != u {
		t.Fatalf("ParseWeb(%q) = %q does not reparse to itself: %v", s, u, err)
	}
	if again, err := ParseWeb(u.String()); err != nil || again != u {
		t.Fatalf("ParseWeb(%q) = %q, but ParseWeb of that is %q, %v", s, u, again, err)
	}
}

// checkWebAgrees checks, for a valid RFC 3986 URI with a special scheme
// (other than file) and a host, that the browser reads the same host and
// port as Normalize(SyntaxBased) does, up to the differences the URL
// Standard makes on purpose: the default port is dropped, a reg-name that
// reads as an IPv4 number is that address, percent-encoded octets of a
// host are decoded, a host that needs IDNA or has a forbidden code point
// fails, and an empty port is dropped.
func checkWebAgrees(t *testing.T, s string) {
	t.Helper()
	r, err := Parse(s)
	if err != nil || !r.HasAuthority || r.Host == "" {
		return
	}
	def, special := specialPort(strings.ToLower(r.Scheme))
	if !special || strings.EqualFold(r.Scheme, "file") {
		return
	}
	w, werr := ParseWeb(s)
	if werr != nil {
		return // IDNA, forbidden host code points, ports above 65535, ...
	}
	n := r.Normalize(SyntaxBased)
	host := n.Host
	if n.HostKind() == RegName {
		if d, err := Decode(host); err == nil {
			host = strings.ToLower(d)
		}
	}
	if n.HostKind() == IPv6 {
		if a, ok := n.LiteralAddr(); ok {
			wa, _ := w.LiteralAddr()
			if wa != a {
				t.Fatalf("ParseWeb(%q) host %q, RFC 3986 reads %q", s, w.Host, n.Host)
			}
		}
	} else if wh, _ := Decode(w.Host); wh != host {
		// (the web host in its RFC 3986 form percent-encodes what the
		// Standard leaves raw and RFC 3986 does not allow: "`" is "%60")
		addrs := r.Addrs()
		wa, ok := w.LiteralAddr()
		if !ok || !slices.Contains(addrs, wa) {
			t.Fatalf("ParseWeb(%q) host %q, RFC 3986 reads %q (addresses %v)", s, w.Host, host, addrs)
		}
	}
	port := strings.TrimLeft(n.Port, "0")
	if n.HasPort && n.Port != "" && port == "" {
		port = "0"
	}
	if port == def {
		port = ""
	}
	if w.Port != port {
		t.Fatalf("ParseWeb(%q) port %q, RFC 3986 reads %q", s, w.Port, n.Port)
	}
}

// TestWebAllocs: input already in its web-normal form (ParseWeb(s).String()
// == s) comes back without allocating; input the fast path repairs (case,
// port, IPv6 form, empty path) in one allocation; other input in one or
// two (the mapped text and the host's or path's rewrite).
func TestWebAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	var normal, repaired, other []string
	for _, s := range corpus(t) {
		if u, err := ParseWeb(s); err == nil {
			var fast URI
			switch {
			case u.String() == s:
				normal = append(normal, s)
			case webNormal(s, &fast):
				repaired = append(repaired, s)
			default:
				other = append(other, s)
			}
		}
	}
	if n := testing.AllocsPerRun(5, func() {
		for _, s := range normal {
			sinkURI, _ = ParseWeb(s)
		}
	}); n != 0 {
		t.Errorf("ParseWeb over %d web-normal corpus URLs: %v allocations, want 0", len(normal), n)
	}
	if n := testing.AllocsPerRun(5, func() {
		for _, s := range repaired {
			sinkURI, _ = ParseWeb(s)
		}
	}); n != float64(len(repaired)) {
		t.Errorf("ParseWeb over %d corpus URLs the fast path repairs: %v allocations, want one each", len(repaired), n)
	}
	n := testing.AllocsPerRun(5, func() {
		for _, s := range other {
			sinkURI, _ = ParseWeb(s)
		}
	})
	t.Logf("%d corpus URLs are web-normal (0 allocations), %d repaired on the fast path (1 each); %d others take %.2f allocations each",
		len(normal), len(repaired), len(other), n/float64(len(other)))
}

// TestWebSets checks the percent-encode set table against the sets as
// the URL Standard lists them ("Percent-encoded bytes"), over all octets.
func TestWebSets(t *testing.T) {
	c0 := func(c int) bool { return c < 0x20 || c > 0x7e }
	sets := []struct {
		set    webSet
		octets string
	}{
		{encC0, ""},
		{encFragment, " \"<>`"},
		{encQuery, " \"#<>"},
		{encSpecialQuery, " \"#<>'"},
		{encPath, " \"#<>?^`{}"},
		{encUserinfo, " \"#<>?^`{}/:;=@[\\]^|"},
		{encSpace, " "},
	}
	for _, st := range sets {
		for c := 0; c < 256; c++ {
			want := c0(c) || strings.IndexByte(st.octets, byte(c)) >= 0
			if got := webSets[c]&st.set != 0; got != want {
				t.Errorf("set %#x, octet %#02x: %v, want %v", st.set, c, got, want)
			}
		}
	}
}

// TestWebNormal checks the fast path against the full parser on every
// input of the corpus, testdata/web.txt and, when present, the wpt data.
func TestWebNormal(t *testing.T) {
	inputs := corpusSeeds(t)
	data, _ := os.ReadFile("testdata/web.txt")
	for _, line := range strings.Split(string(data), "\n") {
		if kind, rest, ok := strings.Cut(line, " "); ok && kind == "web" {
			if in, _, err := unquotePrefix(rest); err == nil {
				inputs = append(inputs, in)
			}
		}
	}
	if b, err := os.ReadFile(filepath.Join("..", "shared", "data", "wpt-url", "urltestdata.json")); err == nil {
		var raw []json.RawMessage
		json.Unmarshal(b, &raw)
		for _, r := range raw {
			var c wptCase
			if json.Unmarshal(r, &c) == nil && c.Base == nil {
				inputs = append(inputs, c.Input)
			}
		}
	} else {
		t.Logf("without the wpt cases: %v (get urltestdata.json from web-platform-tests, url/resources/, into ../shared/data/wpt-url/)", err)
	}
	fast := 0
	for _, s := range inputs {
		if checkWebNormal(t, s) {
			fast++
		}
	}
	t.Logf("%d of %d inputs take the fast path", fast, len(inputs))
}

// checkWebNormal reports whether s takes the fast path, after checking that
// the full parser agrees with it: the href is the URI's text, and the URI
// is the one the parser's result maps to.
func checkWebNormal(t testing.TB, s string) bool {
	t.Helper()
	var u URI
	if !webNormal(s, &u) {
		return false
	}
	w, err := WebParser{}.parse(s, nil)
	if err != nil {
		t.Fatalf("webNormal(%q) = %q, the parser fails: %v", s, u, err)
	}
	if href := string(w.href(nil)); href != u.String() {
		t.Fatalf("webNormal(%q) = %q, the href is %q", s, u, href)
	}
	if v, err := w.uri(s); err != nil || v != u {
		t.Fatalf("webNormal(%q) = %#v, the parser gives %#v, %v", s, u, v, err)
	}
	checkRecord(t, u)
	if v, err := Parse(s); err == nil && v != u {
		checkRecord(t, v) // s as it is, which record reads with webNormal's repairs
	}
	var b WebBase
	if got, err := b.read(s); err != nil || !reflect.DeepEqual(got, w) && !(len(got.path) == 0 && len(w.path) == 0 && equalButPath(got, w)) {
		t.Fatalf("WebBase{}.read(%q) = %+v, %v; the parser reads %+v", s, got, err, w)
	}
	return true
}

// equalButPath reports whether a and b agree on every field but path.
func equalButPath(a, b webURL) bool {
	a.path, b.path = nil, nil
	return reflect.DeepEqual(a, b)
}

// checkRecord checks that WebParser.record reads u as the parser reads
// u.String(), field by field, whether it takes the record from u's
// components or runs the parser.
func checkRecord(t testing.TB, u URI) {
	t.Helper()
	if ok, _ := webReadable(&u); ok {
		v := u
		if _, f := v.check(); f.err != nil || !webNormalParts(&v) || !reflect.DeepEqual(u, v) {
			t.Fatalf("webReadable(%#v) = true, but check: %v, webNormalParts reads %#v", u, f.err, v)
		}
	}
	got, gerr := WebParser{}.record(u)
	want, werr := WebParser{}.parse(u.String(), nil)
	if (gerr == nil) != (werr == nil) {
		t.Fatalf("record(%q): %v, the parser: %v", u, gerr, werr)
	}
	if gerr != nil {
		return
	}
	if !reflect.DeepEqual(got, want) && !(bytes.Equal(got.path, want.path) && len(got.path) == 0 && equalButPath(got, want)) {
		t.Fatalf("record(%q) = %+v, the parser reads %+v", u, got, want)
	}
}

// checkWebIDNAHost checks, for s read as the host of "http://" + s + "/"
// (when s holds none of the octets that end a host or that the parser
// removes), that the web parser's host is DomainToASCII's output for the
// percent-decoded s when that is not all ASCII, and that the parser fails
// with ErrWebIDNA and ErrIDNA exactly where DomainToASCII fails.
func checkWebIDNAHost(t *testing.T, s string) {
	if s == "" || strings.ContainsAny(s, "/?#\\@:[]") {
		return
	}
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] == 0x7f {
			return
		}
	}
	d := strings.ToValidUTF8(string(webDecodeHost(s)), "\uFFFD")
	ascii := true
	for i := 0; i < len(d); i++ {
		ascii = ascii && d[i] < utf8.RuneSelf
	}
	if ascii {
		return
	}
	in := "http://" + s + "/"
	a, aerr := DomainToASCII(d)
	u, err := ParseWeb(in)
	switch {
	case aerr != nil:
		if err == nil || !errors.Is(err, ErrWebIDNA) || !errors.Is(err, ErrIDNA) {
			t.Fatalf("ParseWeb(%q) = %q, %v; DomainToASCII(%q) fails: %v", in, u, err, d, aerr)
		}
	case endsInNumber(a):
		// the IPv4 parser decides
	case err != nil:
		t.Fatalf("ParseWeb(%q): %v; DomainToASCII(%q) = %q", in, err, d, a)
	default:
		if h, _ := Decode(u.Host); h != a {
			t.Fatalf("ParseWeb(%q) has the host %q; DomainToASCII(%q) = %q", in, u.Host, d, a)
		}
	}
}

// TestWebReadable checks which URIs the setters, the Referer and a
// WebBase read in one pass (webReadable): the common results of ParseWeb
// do, and those whose reading needs the slow path's checks or repairs do
// not; checkRecord checks for each that the two readings agree.
func TestWebReadable(t *testing.T) {
	for _, c := range []struct {
		s  string
		ok bool
	}{
		{"http://example.com/", true},
		{"https://user:pass@example.com:8443/a/b?q=1#f", true},
		{"ws://h:81/p", true},
		{"https://xn--mnchen-3ya.de/x", true},
		{"http://192.168.0.1/index.html", true},
		{"https://www.example.org/search?q=go+url&hl=en", true},
		{"sc://h/p?q#f", true},
		{"sc://h", true},
		{"sc://", true},
		{"file:///C:/dir/f", true},
		{"http://h:0/", true},
		{"http://h/%7e?%41#%42", true},
		{"sc://%41/", true},
		{"http://h:65535/", true},
		{"http://[::1]/", false},       // an IPv6 literal: the slow path compares its serialization
		{"http://%41/", false},         // a special host with '%'
		{"HTTP://h/", false},           // the scheme is lowercased
		{"http://H/", false},           // the host is lowercased
		{"http://h:80/", false},        // the default port is removed
		{"http://h:080/", false},       // a leading zero
		{"http://h:65536/", false},     // not a port
		{"http://h:/", false},          // an empty port
		{"http://h", false},            // the path "/" is added
		{"http://h/a/./b", false},      // a dot segment
		{"http://h/a/%2e%2E/b", false}, // a dot segment, encoded
		{"http://h/?a'b", false},       // the special-query set encodes '\''
		{"http://u:@h/", false},        // an empty password
		{"http://u;x@h/", false},       // a userinfo the URL parser reads otherwise
		{"file://localhost/x", false},  // the file host "localhost" is removed
		{"file://u@h/x", false},        // a file URL has no credentials
		{"http://1.2.3/", false},       // a domain that ends in a number
		{"mailto:a@b", false},          // no authority
	} {
		u, err := ParseWeb(c.s)
		if c.ok && (err != nil || u.String() != c.s) {
			t.Fatalf("ParseWeb(%q) = %q, %v: want the input", c.s, u, err)
		}
		if err != nil || u.String() != c.s {
			// the text as it is, hand-built
			u = URI{}
			if v, perr := Parse(c.s); perr == nil {
				u = v
			}
		}
		if got, _ := webReadable(&u); got != c.ok {
			t.Errorf("webReadable(%q) = %v, want %v", c.s, got, c.ok)
		}
		checkRecord(t, u)
	}
	// hand-built: valid parts that the parser reads otherwise, or parts
	// that are not valid at all
	for _, u := range []URI{
		{Scheme: "http", HasAuthority: true, Host: "h", Path: "/%zz"},
		{Scheme: "http", HasAuthority: true, Host: "h", Path: "/a b"},
		{Scheme: "http", HasAuthority: true, Host: "h", Path: "a"},
		{Scheme: "http", HasAuthority: true, Host: "h", Path: "/", Query: "q"},
		{Scheme: "http", HasAuthority: true, Host: "h", Path: "/", Fragment: "f"},
		{Scheme: "http", HasAuthority: true, Host: "h", Port: "8080", Path: "/"},
		{Scheme: "http", HasAuthority: true, Host: "h", Userinfo: "u", Path: "/"},
		{Scheme: "http", HasAuthority: true, Host: "h", HasPort: true, Port: "8x", Path: "/"},
		{Scheme: "ht\ttp", HasAuthority: true, Host: "h", Path: "/"},
		{Scheme: " http", HasAuthority: true, Host: "h", Path: "/"},
		{Scheme: "1http", HasAuthority: true, Host: "h", Path: "/"},
		{Scheme: "http", HasAuthority: true, Host: "h", HasUserinfo: true, Userinfo: "a b", Path: "/"},
		{Scheme: "sc", HasAuthority: true, Host: "a b", Path: "/"},
	} {
		if got, _ := webReadable(&u); got {
			t.Errorf("webReadable(%#v) = true, want false", u)
		}
		checkRecord(t, u)
	}
}
