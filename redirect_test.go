package uri

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// LocalRedirect in TestHostileMemory: hostile text as the reference. It
// covers SameOrigin's and WebBase's reading (the parser with a base, the
// origins), and the href and error it writes; it reads the reference as
// ResolveWeb does, so it gets its allowance of bytes per byte. (Base reads
// its URI's text as ParseWeb reads text, and RedirectURIMatch is
// ParseAbsolute and Vet: those entries are there already.)
func init() {
	hostileEntries = append(hostileEntries, hostileEntry{"LocalRedirect", func(u URI, s string) {
		sinkString, sinkErr = WebParser{}.LocalRedirect(hostileBase, s)
		if sinkErr != nil {
			sinkString = sinkErr.Error()
		}
	}})
	hostileBytesPerByte["LocalRedirect"] = hostileBytesPerByte["ResolveWeb"]
}

// redirectRow is one line of testdata/redirect.txt.
type redirectRow struct {
	line     int
	kind     string   // redirect, origin, crossat, match
	args     []string // the quoted strings, unquoted
	verdict  string   // same, cross, fail; true, false; the offset of crossat
	withNode bool     // recorded from Node
}

// readRedirectRows reads testdata/redirect.txt.
func readRedirectRows(t testing.TB) []redirectRow {
	t.Helper()
	data, err := os.ReadFile("testdata/redirect.txt")
	if err != nil {
		t.Fatal(err)
	}
	var rows []redirectRow
	node := false
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "# ---- BEGIN recorded from Node"):
			node = true
		case strings.HasPrefix(line, "# ---- END recorded from Node"):
			node = false
		}
		if line == "" || line[0] == '#' {
			continue
		}
		kind, rest, _ := strings.Cut(line, " ")
		r := redirectRow{line: i + 1, kind: kind, withNode: node}
		for {
			rest = strings.TrimSpace(rest)
			if rest == "" {
				break
			}
			if rest[0] != '"' {
				word, after, _ := strings.Cut(rest, " ")
				if r.verdict != "" {
					t.Fatalf("line %d: two verdicts", i+1)
				}
				r.verdict, rest = word, after
				continue
			}
			s, after, err := unquotePrefix(rest)
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			r.args, rest = append(r.args, s), after
		}
		rows = append(rows, r)
	}
	return rows
}

// TestRedirectCases runs testdata/redirect.txt: SameOrigin, LocalRedirect
// and ResolveHref, in both the WebParser and the WebBase forms, against
// the browser's answers recorded from Node; Origin; LocalRedirect's
// error offsets; RedirectURIMatch.
func TestRedirectCases(t *testing.T) {
	var p WebParser
	counts := map[string]int{}
	idna := 0
	for _, r := range readRedirectRows(t) {
		counts[r.kind]++
		counts[r.kind+" "+r.verdict]++
		switch r.kind {
		case "redirect":
			if len(r.args) < 2 {
				t.Fatalf("line %d: want a base and a reference", r.line)
			}
			base, ref := MustParse(r.args[0]), r.args[1]
			b, err := p.Base(base)
			if err != nil {
				t.Fatalf("line %d: Base(%q): %v", r.line, r.args[0], err)
			}
			same := p.SameOrigin(base, ref)
			if b.SameOrigin(ref) != same {
				t.Errorf("line %d: WebBase.SameOrigin(%q) != WebParser.SameOrigin", r.line, ref)
			}
			loc, err := p.LocalRedirect(base, ref)
			bloc, berr := b.LocalRedirect(ref)
			if bloc != loc || errString(berr) != errString(err) {
				t.Errorf("line %d: WebBase.LocalRedirect(%q) = %q, %v; WebParser's = %q, %v", r.line, ref, bloc, berr, loc, err)
			}
			href, herr := b.ResolveHref(ref)
			if errors.Is(herr, ErrWebIDNA) {
				// a host this WebParser cannot read: never same origin
				idna++
				if same || !errors.Is(err, ErrWebIDNA) {
					t.Errorf("line %d: %q needs IDNA: SameOrigin %v, LocalRedirect %q, %v", r.line, ref, same, loc, err)
				}
				continue
			}
			switch r.verdict {
			case "same":
				if !same || err != nil || loc != r.args[2] || href != r.args[2] {
					t.Errorf("line %d: %q against %q: SameOrigin %v, LocalRedirect %q, %v, ResolveHref %q; want same origin, %q",
						r.line, ref, r.args[0], same, loc, err, href, r.args[2])
				}
				checkLocation(t, base, loc)
				path, perr := b.LocalRedirectPath(ref)
				ppath, pperr := p.LocalRedirectPath(base, ref)
				if path != ppath || errString(perr) != errString(pperr) {
					t.Errorf("line %d: WebBase.LocalRedirectPath(%q) = %q, %v; WebParser's = %q, %v", r.line, ref, path, perr, ppath, pperr)
				}
				if strings.HasPrefix(loc, "blob:") {
					if !errors.Is(perr, ErrCrossOrigin) {
						t.Errorf("line %d: LocalRedirectPath(%q, %q) = %q, %v; want ErrCrossOrigin for a blob: URL", r.line, r.args[0], ref, path, perr)
					}
					break
				}
				if perr != nil {
					t.Errorf("line %d: LocalRedirectPath(%q, %q): %v", r.line, r.args[0], ref, perr)
					break
				}
				checkLocationPath(t, base, loc, path)
			case "cross":
				var e *Error
				if same || !errors.Is(err, ErrCrossOrigin) || !errors.As(err, &e) || e.Input != ref || e.Offset < 0 || e.Offset > len(ref) {
					t.Errorf("line %d: %q against %q: SameOrigin %v, LocalRedirect %q, %v; want ErrCrossOrigin", r.line, ref, r.args[0], same, loc, err)
				}
				if href != r.args[2] {
					t.Errorf("line %d: ResolveHref(%q, %q) = %q, %v; the browser reads %q", r.line, r.args[0], ref, href, herr, r.args[2])
				}
				if o, err := p.Origin(href); err != nil || o != r.args[3] {
					t.Errorf("line %d: the origin of %q is %q, %v; the browser's is %q", r.line, href, o, err, r.args[3])
				}
			case "fail":
				if same || !errors.Is(err, ErrWeb) || errors.Is(err, ErrCrossOrigin) || errors.Is(err, ErrWebBase) || herr == nil {
					t.Errorf("line %d: %q against %q: SameOrigin %v, LocalRedirect %q, %v, ResolveHref %q; want ErrWeb", r.line, ref, r.args[0], same, loc, err, href)
				}
			default:
				t.Fatalf("line %d: verdict %q", r.line, r.verdict)
			}
		case "origin":
			u := MustParse(r.args[0])
			o, err := p.Origin(u.String())
			if err != nil || o != r.args[1] {
				t.Errorf("line %d: Origin(%q) = %q, %v; want %q", r.line, r.args[0], o, err, r.args[1])
			}
		case "crossat":
			want, err := strconv.Atoi(r.verdict)
			if err != nil {
				t.Fatalf("line %d: %v", r.line, err)
			}
			_, err = p.LocalRedirect(MustParse(r.args[0]), r.args[1])
			var e *Error
			if !errors.Is(err, ErrCrossOrigin) || !errors.As(err, &e) || e.Offset != want || e.Input != r.args[1] {
				t.Errorf("line %d: LocalRedirect(%q, %q) = %#v; want ErrCrossOrigin at offset %d", r.line, r.args[0], r.args[1], err, want)
			}
		case "match":
			want := r.verdict == "true"
			if got := RedirectURIMatch(r.args[0], r.args[1]); got != want {
				t.Errorf("line %d: RedirectURIMatch(%q, %q) = %v, want %v", r.line, r.args[0], r.args[1], got, want)
			}
		default:
			t.Fatalf("line %d: unknown kind %q", r.line, r.kind)
		}
	}
	n := counts["redirect same"] + counts["redirect cross"] + counts["redirect fail"]
	t.Logf("testdata/redirect.txt: %d references (%d same origin, %d cross, %d unreadable; %d need IDNA), %d origins, %d error offsets, %d redirect URI pairs",
		n, counts["redirect same"], counts["redirect cross"], counts["redirect fail"], idna, counts["origin"], counts["crossat"], counts["match"])
	if n < 150 {
		t.Errorf("only %d redirect cases", n)
	}
}

// checkLocation checks what LocalRedirect(base, ...) returned: absolute,
// never starting with "//", "/\" or "\", its own href, and read against
// any base a URL of base's origin with the same href.
func checkLocation(t testing.TB, base URI, loc string) {
	t.Helper()
	if strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, "/\\") || strings.HasPrefix(loc, "\\") {
		t.Fatalf("LocalRedirect(%q) = %q starts with a slash", base, loc)
	}
	var p WebParser
	want, err := p.Origin(base.String())
	if err != nil || want == "null" {
		t.Fatalf("LocalRedirect(%q) = %q, but the base's origin is %q, %v", base, loc, want, err)
	}
	for _, other := range []string{base.String(), "https://other.example/a/b?c#d", "http://[::1]:8080/", "file:///C:/x", "sc://h/p", "blob:https://x.example/y"} {
		b, err := ParseWeb(other)
		if err != nil {
			continue
		}
		href, err := p.ResolveHref(b, loc)
		if err != nil || href != loc {
			t.Fatalf("LocalRedirect(%q) = %q, which against %q reads as %q, %v", base, loc, other, href, err)
		}
		if o, err := p.Origin(href); err != nil || o != want {
			t.Fatalf("LocalRedirect(%q) = %q, whose origin against %q is %q, %v; want %q", base, loc, other, o, err, want)
		}
	}
}

// checkLocationPath checks what LocalRedirectPath(base, ...) returned,
// path, against href, LocalRedirect's answer: path starts with one '/'
// and never with "//" or "/\"; read against base it is href; read against
// any other http(s) URL, the URL a browser behind some proxy is on, it
// keeps that URL's origin and has href's path, query and fragment.
func checkLocationPath(t testing.TB, base URI, href, path string) {
	t.Helper()
	if path == "" || path[0] != '/' || len(path) > 1 && (path[1] == '/' || path[1] == '\\') {
		t.Fatalf("LocalRedirectPath(%q) = %q: not a path-absolute reference that keeps the authority", base, path)
	}
	inPath := true // a '\' may stand in the query and fragment, as data
	for _, c := range []byte(path) {
		inPath = inPath && c != '?' && c != '#'
		if c <= ' ' || c == '\\' && inPath || c >= 0x7f {
			t.Fatalf("LocalRedirectPath(%q) = %q holds %q", base, path, c)
		}
	}
	var p WebParser
	w, err := p.parse(href, nil)
	if err != nil {
		t.Fatalf("LocalRedirect's %q does not read back: %v", href, err)
	}
	// the path form drops the reference's userinfo: the browser keeps
	// the one of the URL it is on, here the base's
	bw, err := p.parse(base.String(), nil)
	if err != nil {
		t.Fatalf("the base %q does not read: %v", base, err)
	}
	w.username, w.password = bw.username, bw.password
	want := string(w.href(nil))
	if got, err := p.ResolveHref(base, path); err != nil || got != want {
		t.Fatalf("LocalRedirectPath(%q) = %q, which against the base reads as %q, %v; LocalRedirect gives %q", base, path, got, err, href)
	}
	for _, other := range []string{"https://app.example/login?next=x", "http://backend-7:8080/a/b/c", "https://[::1]:8443/", "wss://h/x#y"} {
		ob := MustParse(other)
		got, err := p.ResolveHref(ob, path)
		if err != nil {
			t.Fatalf("LocalRedirectPath(%q) = %q, which against %q fails: %v", base, path, other, err)
		}
		g, _ := p.parse(got, nil)
		oo, _ := p.Origin(ob.String())
		if o, err := p.Origin(got); err != nil || o != oo || string(g.path) != string(w.path) || g.query != w.query || g.hasQuery != w.hasQuery ||
			g.fragment != w.fragment || g.hasFragment != w.hasFragment {
			t.Fatalf("LocalRedirectPath(%q) = %q, which against %q reads as %q (origin %q, %v); want the origin %q and the rest of %q", base, path, other, got, o, err, oo, href)
		}
	}
}

// TestWebBaseErrors: an error a base URL causes wraps ErrWebBase and has
// the base's text as Input; an error of the reference does not.
func TestWebBaseErrors(t *testing.T) {
	bad := URI{Scheme: "http", HasAuthority: true, Host: "h", HasPort: true, Port: "99999", Path: "/"} // valid RFC 3986, no URL
	ref := "http://h:8a/"
	for name, f := range map[string]func(base URI, ref string) error{
		"Resolve":       func(b URI, r string) error { _, err := WebParser{}.Resolve(b, r); return err },
		"ResolveHref":   func(b URI, r string) error { _, err := WebParser{}.ResolveHref(b, r); return err },
		"ResolveWeb":    func(b URI, r string) error { _, err := b.ResolveWeb(r); return err },
		"LocalRedirect": func(b URI, r string) error { _, err := WebParser{}.LocalRedirect(b, r); return err },
		"Base":          func(b URI, r string) error { _, err := WebParser{}.Base(b); return err },
	} {
		err := f(bad, ref)
		var e *Error
		if !errors.Is(err, ErrWebBase) || !errors.Is(err, ErrWeb) || !errors.As(err, &e) || e.Input != "http://h:99999/" || e.Offset != 13 {
			t.Errorf("%s: base error %#v; want ErrWebBase and ErrWeb at offset 13 of the base", name, err)
		}
		if name == "Base" {
			continue
		}
		err = f(MustParse("http://a/"), ref)
		if errors.Is(err, ErrWebBase) || !errors.Is(err, ErrWeb) || !errors.As(err, &e) || e.Input != ref || e.Offset != 10 {
			t.Errorf("%s: reference error %#v; want ErrWeb at offset 10 of the reference", name, err)
		}
	}
	if (WebParser{}).SameOrigin(bad, "/x") {
		t.Errorf("SameOrigin with a base the parser cannot read is true")
	}
}

// TestWebBaseResolve: WebBase.Resolve and ResolveHref agree with the
// parser run on the base's text, over the corpus URLs as hrefs and their
// paths as references, against several bases, so that the fast path
// (an absolute reference read without the base) changes nothing.
func TestWebBaseResolve(t *testing.T) {
	var refs []string
	for i, s := range corpus(t) {
		if i%4 != 0 {
			continue
		}
		refs = append(refs, s)
		if u, err := Parse(s); err == nil && i%16 == 0 {
			refs = append(refs, u.Path, "."+u.Path, u.Path+"?"+u.Query, "//"+u.Host+u.Path)
		}
	}
	for _, base := range []string{"https://example.com/a/b?q#f", "http://EXAMPLE.com:80/", "file:///C:/dir/x", "sc://h/p/q", "mailto:x@y", "http://[::1]:8080/"} {
		b, err := WebParser{}.Base(MustParse(base))
		if err != nil {
			t.Fatal(err)
		}
		bw, _ := WebParser{}.parse(base, nil)
		for _, ref := range refs {
			u, err := b.Resolve(ref)
			href, herr := b.ResolveHref(ref)
			w, werr := WebParser{}.parse(ref, &bw)
			var want URI
			var wantHref string
			if werr == nil {
				want, werr = w.uri(ref)
				wantHref = string(w.href(nil))
			}
			if u != want || errString(err) != errString(werr) || href != wantHref || (herr == nil) != (werr == nil) {
				t.Fatalf("against %q, %q: Resolve %q, %v; ResolveHref %q; the parser gives %q, %v, %q", base, ref, u, err, href, want, werr, wantHref)
			}
		}
	}
}

// TestSameOriginAllocs pins SameOrigin on a path to 0 allocations, with
// the base as a URI and prepared.
func TestSameOriginAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	base := MustParse("https://App.Example.com:443/login?next=x")
	b, _ := WebParser{}.Base(base)
	refs := []string{"/account/settings?tab=2", "account", "?page=2", "#top", "", "/a/../b"}
	for _, ref := range refs {
		if n := testing.AllocsPerRun(20, func() { sinkBool = WebParser{}.SameOrigin(base, ref) }); n != 0 || !sinkBool {
			t.Errorf("SameOrigin(%q, %q): %v allocations, %v; want 0, true", base, ref, n, sinkBool)
		}
		if n := testing.AllocsPerRun(20, func() { sinkBool = b.SameOrigin(ref) }); n != 0 || !sinkBool {
			t.Errorf("WebBase.SameOrigin(%q): %v allocations, %v; want 0, true", ref, n, sinkBool)
		}
	}
}

// TestKeepsAuthority checks the fast path's reading of a reference
// against the parser, for every reference of up to three octets from an
// alphabet of the octets it looks at, and the payloads of redirect.txt,
// against several special bases: a reference it says keeps the
// authority resolves to the base's scheme, host and port.
func TestKeepsAuthority(t *testing.T) {
	alphabet := "a:/\\\t\n \x01?#.%@"
	var refs []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		refs = append(refs, prefix)
		if n == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			gen(prefix+alphabet[i:i+1], n-1)
		}
	}
	gen("", 3)
	for _, r := range readRedirectRows(t) {
		if r.kind == "redirect" {
			refs = append(refs, r.args[1])
		}
	}
	for _, base := range []string{"https://a.example/b/c", "ftp://[::1]:21/", "ws://a:8080"} {
		b, _ := WebParser{}.parse(base, nil)
		fast := 0
		for _, ref := range refs {
			if !keepsAuthority(ref) {
				continue
			}
			fast++
			w, err := WebParser{}.parse(ref, &b)
			if err != nil || w.scheme != b.scheme || w.host != b.host || w.port != b.port || w.hostLeft != 0 {
				t.Errorf("keepsAuthority(%q) is true, but against %q the parser gives %q, %v", ref, base, w.href(nil), err)
			}
		}
		t.Logf("%s: %d of %d references on the fast path", base, fast, len(refs))
	}
}

// TestWebTupleFast checks webTupleFast against the parser, on hand-built
// URIs whose text another reading could take for another host.
func TestWebTupleFast(t *testing.T) {
	var us []URI
	for _, s := range []string{"https://a.example/", "HTTP://A.EXAMPLE:80", "ws://[::1]:8080/x", "wss://1.2.3.4/", "ftp://h/",
		"http://1.2.3.256/", "http://0x7f.1/", "http://xn--nxasmq6b/", "http://a%41/", "http://[v1.x]/", "http://h:65536/",
		"http://h:/", "file://h/", "blob:https://h/", "sc://h/", "http://u:p@h/", "https://" + strings.Repeat("a", 300) + "/"} {
		us = append(us, MustParse(s))
	}
	h := URI{Scheme: "http", HasAuthority: true, Host: "good.example"}
	for _, mod := range []func(*URI){
		func(u *URI) { u.Path = "evil" },
		func(u *URI) { u.Userinfo, u.HasUserinfo = "x@evil.example/", true },
		func(u *URI) { u.Host = "evil.example/x" },
		func(u *URI) { u.Host = "evil.example\\" },
		func(u *URI) { u.Port, u.HasPort = "1a", true },
		func(u *URI) { u.Port = "80" },
		func(u *URI) { u.Host = "[::1" },
		func(u *URI) { u.Scheme = "ht tp" },
		func(u *URI) {},
	} {
		u := h
		mod(&u)
		us = append(us, u)
	}
	for _, u := range us {
		if !webTupleFast(&u) {
			continue
		}
		w, err := WebParser{}.parse(u.String(), nil)
		if _, ok := (WebParser{}).tupleOrigin(&w); err != nil || !ok {
			t.Errorf("webTupleFast(%#v) is true, but the parser reads %q as %q, %v", u, u.String(), w.href(nil), err)
		}
	}
}

// TestRedirectNode compares SameOrigin with the browser's origin
// comparison, and LocalRedirect with the browser's href where the origins
// match, for generated references against several bases, by Node's URL's
// answers recorded in testdata/redirect_generated.txt. The script that
// recorded them, testdata/redirect_generated.js, holds the inputs: the
// recording must be of the script as it is (its SHA-256) and hold every
// base with every reference, once.
func TestRedirectNode(t *testing.T) {
	const file, script = "testdata/redirect_generated.txt", "testdata/redirect_generated.js"
	const rerun = "re-record with\n\tnode testdata/redirect_generated.js > testdata/redirect_generated.txt"
	src, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(strings.ReplaceAll(string(src), "\r\n", "\n")))
	answers, recordedSum := readRedirectGenerated(t, file)
	if recordedSum != hex.EncodeToString(sum[:]) {
		t.Errorf("%s was recorded from another %s (SHA-256 %q; the script's is %x): %s", file, script, recordedSum, sum, rerun)
	}
	type pair struct{ base, ref string }
	seen := map[pair]bool{}
	bases, refs := map[string]bool{}, map[string]bool{}
	for _, a := range answers {
		if seen[pair{a.base, a.ref}] {
			t.Fatalf("%s:%d: %q against %q again", file, a.line, a.ref, a.base)
		}
		seen[pair{a.base, a.ref}] = true
		bases[a.base], refs[a.ref] = true, true
	}
	if len(answers) != len(bases)*len(refs) {
		t.Fatalf("%s: %d pairs for %d bases and %d references: not every base with every reference; %s", file, len(answers), len(bases), len(refs), rerun)
	}
	var p WebParser
	same, idna := 0, 0
	for _, a := range answers {
		base := MustParse(a.base)
		got := p.SameOrigin(base, a.ref)
		loc, lerr := p.LocalRedirect(base, a.ref)
		if errors.Is(lerr, ErrWebIDNA) {
			idna++
			if got {
				t.Errorf("%s:%d: SameOrigin(%q, %q) is true for a host that needs IDNA", file, a.line, a.base, a.ref)
			}
			continue
		}
		if want := a.verdict == "same"; got != want {
			t.Errorf("%s:%d: SameOrigin(%q, %q) = %v; Node: %v (href %q)", file, a.line, a.base, a.ref, got, want, a.href)
			continue
		}
		if got {
			same++
			if lerr != nil || loc != a.href {
				t.Errorf("%s:%d: LocalRedirect(%q, %q) = %q, %v; Node's href is %q", file, a.line, a.base, a.ref, loc, lerr, a.href)
			}
			if path, err := p.LocalRedirectPath(base, a.ref); err == nil {
				checkLocationPath(t, base, loc, path)
			} else if !strings.HasPrefix(loc, "blob:") {
				t.Errorf("%s:%d: LocalRedirectPath(%q, %q): %v", file, a.line, a.base, a.ref, err)
			}
		} else if lerr == nil || errors.Is(lerr, ErrCrossOrigin) != (a.verdict == "cross") {
			t.Errorf("%s:%d: LocalRedirect(%q, %q) = %q, %v; Node: %s", file, a.line, a.base, a.ref, loc, lerr, a.verdict)
		}
	}
	t.Logf("%d references against %d bases: %d pairs, %d same origin, %d need IDNA", len(refs), len(bases), len(answers), same, idna)
	if len(refs) < 300 {
		t.Errorf("only %d generated references", len(refs))
	}
}

// redirectAnswer is one row of testdata/redirect_generated.txt: Node's
// reading of ref against base.
type redirectAnswer struct {
	line          int
	base, ref     string
	verdict, href string // same or cross and the href; fail and ""
}

// readRedirectGenerated reads testdata/redirect_generated.txt: its rows,
// and the SHA-256 of the script it says recorded them.
func readRedirectGenerated(t *testing.T, file string) (rows []redirectAnswer, scriptSum string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for line := range strings.Lines(string(data)) {
		n++
		line = strings.TrimRight(line, "\r\n")
		if h, ok := strings.CutPrefix(line, "# script-sha256 "); ok {
			scriptSum = h
		}
		if line == "" || line[0] == '#' {
			continue
		}
		r := redirectAnswer{line: n}
		base, rest, err := unquotePrefix(line)
		if err == nil {
			r.base = base
			r.ref, rest, err = unquotePrefix(strings.TrimPrefix(rest, " "))
		}
		if err == nil {
			r.verdict, rest, _ = strings.Cut(strings.TrimPrefix(rest, " "), " ")
			switch {
			case r.verdict == "fail" && rest == "":
			case r.verdict == "same" || r.verdict == "cross":
				r.href, rest, err = unquotePrefix(rest)
				if err == nil && rest != "" {
					err = fmt.Errorf("text after the href: %q", rest)
				}
			default:
				err = fmt.Errorf("want same, cross or fail, have %q", r.verdict)
			}
		}
		if err != nil {
			t.Fatalf("%s:%d: %v", file, n, err)
		}
		rows = append(rows, r)
	}
	return rows, scriptSum
}

// checkBaseRead checks that b.read, fast paths included, reads ref as the
// parser does with b's record as the base, field by field.
func checkBaseRead(t testing.TB, b *WebBase, ref string) {
	t.Helper()
	got, gerr := b.read(ref)
	want, werr := b.p.parse(ref, &b.url)
	if errString(gerr) != errString(werr) {
		t.Fatalf("WebBase(%+v).read(%q): %v, the parser: %v", b.url, ref, gerr, werr)
	}
	if gerr == nil && !reflect.DeepEqual(got, want) && !(len(got.path) == 0 && len(want.path) == 0 && equalButPath(got, want)) {
		t.Fatalf("WebBase(%+v).read(%q) = %+v, the parser reads %+v", b.url, ref, got, want)
	}
}

// TestWebBasePathRef checks the path-absolute fast path of WebBase's
// readings on the bases and references where it applies and where it
// must step aside for the parser.
func TestWebBasePathRef(t *testing.T) {
	bases := []string{"https://a.example/x/y?q#f", "http://a.example:8080/", "https://[::1]/", "http://127.0.0.1/",
		"wss://a.example/", "ftp://a.example/", "https://u:p@a.example/", "file:///x", "foo://a.example/x", "https://xn--mnchen-3ya.de/"}
	refs := []string{"/", "/a", "/a/b?c#d", "/a/../b", "/a/%2e/b", "/a/.%2E", "/a?it's", "/a#it's", "/a'b", "//b.example/",
		"/\\b.example", "/a b", "/a|b", "/a%zz", "/a%41", "/a?", "/a#", "/:", "/a@b", "/C:/x", "/~user/%7Efile"}
	fast := 0
	for _, bt := range bases {
		b, err := WebParser{}.Base(MustParse(bt))
		if err != nil {
			t.Fatalf("Base(%q): %v", bt, err)
		}
		for _, ref := range refs {
			var v URI
			if b.pathRef(ref, &v) {
				fast++
			}
			checkBaseRead(t, b, ref)
			u, err := b.Resolve(ref)
			w, werr := b.p.parse(ref, &b.url)
			var want URI
			if werr == nil {
				want, _ = w.uri(ref)
			}
			if u != want || errString(err) != errString(werr) {
				t.Errorf("WebBase(%q).Resolve(%q) = %q, %v; the parser: %q, %v", bt, ref, u, err, want, werr)
			}
		}
	}
	if fast < 60 {
		t.Errorf("the fast path took %d of %d readings", fast, len(bases)*len(refs))
	}
}

// FuzzLocalRedirect checks, for any base and reference: SameOrigin (its
// fast path included) agrees with resolving the reference (ResolveHref)
// and comparing origins; the WebBase forms agree with the WebParser
// forms; LocalRedirect succeeds exactly when SameOrigin is true, with
// ResolveHref's text, which is absolute, never starts with "//", "/\" or
// "\", is its own href and, read by the web parser against the base, the
// fuzzer's other base or several fixed ones, has base's origin; its
// errors are *Errors of the reference wrapping ErrCrossOrigin, ErrWeb or
// ErrWebIDNA; and WebBase.Resolve is the parser's reading.
func FuzzLocalRedirect(f *testing.F) {
	for _, r := range readRedirectRows(f) {
		if r.kind == "redirect" || r.kind == "crossat" {
			f.Add(r.args[0], r.args[1], "https://other.example/x")
		}
	}
	f.Fuzz(func(t *testing.T, baseText, ref, other string) {
		var p WebParser
		base, err := ParseWeb(baseText)
		if err != nil {
			if base, err = Parse(baseText); err != nil {
				return
			}
		}
		same := p.SameOrigin(base, ref)
		loc, err := p.LocalRedirect(base, ref)
		b, berr := p.Base(base)
		if berr != nil {
			if same || !errors.Is(err, ErrWebBase) {
				t.Fatalf("base %q fails (%v), but SameOrigin(%q) = %v, LocalRedirect %v", base, berr, ref, same, err)
			}
			return
		}
		if b.SameOrigin(ref) != same {
			t.Fatalf("WebBase(%q).SameOrigin(%q) != WebParser's %v", base, ref, same)
		}
		if bloc, berr := b.LocalRedirect(ref); bloc != loc || errString(berr) != errString(err) {
			t.Fatalf("WebBase(%q).LocalRedirect(%q) = %q, %v; WebParser's %q, %v", base, ref, bloc, berr, loc, err)
		}
		// WebBase.Resolve, fast path included, is the parser's reading
		u, rerr := b.Resolve(ref)
		var want URI
		w, werr := p.parse(ref, &b.url)
		if werr == nil {
			want, werr = w.uri(ref)
		}
		if u != want || errString(rerr) != errString(werr) {
			t.Fatalf("WebBase(%q).Resolve(%q) = %q, %v; the parser gives %q, %v", base, ref, u, rerr, want, werr)
		}
		checkBaseRead(t, b, ref)
		// the slow reading: resolve, then compare serialized origins
		href, herr := p.ResolveHref(base, ref)
		bo, _ := p.Origin(base.String())
		o := ""
		if herr == nil {
			o, _ = p.Origin(href)
		}
		if want := herr == nil && bo != "null" && o == bo; same != want {
			t.Fatalf("SameOrigin(%q, %q) = %v; the href %q, %v has origin %q, the base %q", base, ref, same, href, herr, o, bo)
		}
		if err != nil {
			var e *Error
			if same || !errors.As(err, &e) || e.Input != ref || e.Offset < 0 || e.Offset > len(ref) ||
				!errors.Is(err, ErrCrossOrigin) && herr == nil || errors.Is(err, ErrCrossOrigin) && herr != nil {
				t.Fatalf("LocalRedirect(%q, %q) = %#v; SameOrigin %v, ResolveHref %v", base, ref, err, same, herr)
			}
			return
		}
		if !same || loc != href {
			t.Fatalf("LocalRedirect(%q, %q) = %q; SameOrigin %v, ResolveHref %q", base, ref, loc, same, href)
		}
		checkLocation(t, base, loc)
		// LocalRedirectPath: the same verdict, as a path that keeps any
		// origin it is read against, but for a blob: URL or base
		path, perr := p.LocalRedirectPath(base, ref)
		if bpath, bperr := b.LocalRedirectPath(ref); bpath != path || errString(bperr) != errString(perr) {
			t.Fatalf("WebBase(%q).LocalRedirectPath(%q) = %q, %v; WebParser's %q, %v", base, ref, bpath, bperr, path, perr)
		}
		if blob := strings.HasPrefix(loc, "blob:") || !b.special; blob != (perr != nil) || blob && !errors.Is(perr, ErrCrossOrigin) {
			t.Fatalf("LocalRedirectPath(%q, %q) = %q, %v; LocalRedirect %q", base, ref, path, perr, loc)
		}
		if perr == nil {
			checkLocationPath(t, base, loc, path)
			if ob, err := ParseWeb(other); err == nil && ob.HasAuthority && ob.Host != "" && webSpecialAuthority(ob.Scheme) {
				h, err := p.ResolveHref(ob, path)
				o, _ := p.Origin(ob.String())
				if ho, herr := p.Origin(h); err != nil || herr != nil || ho != o {
					t.Fatalf("LocalRedirectPath(%q, %q) = %q, which against %q reads as %q, %v; want the origin %q", base, ref, path, ob, h, err, o)
				}
			}
		}
		if h, err := p.Href(loc); err != nil || h != loc {
			t.Fatalf("LocalRedirect(%q, %q) = %q, whose href is %q, %v", base, ref, loc, h, err)
		}
		if ob, err := ParseWeb(other); err == nil {
			if h, err := p.ResolveHref(ob, loc); err != nil || h != loc {
				t.Fatalf("LocalRedirect(%q, %q) = %q, which against %q reads as %q, %v", base, ref, loc, ob, h, err)
			}
		}
	})
}

// FuzzRedirectURIMatch checks RedirectURIMatch's properties: it is
// symmetric; a URI that matches anything matches itself; both are
// absolute URIs without a fragment or userinfo; and the two name the same
// place as a browser reads them, the same href but for the port of a
// loopback IP literal, whose host is then 127.0.0.1 or [::1] for both.
func FuzzRedirectURIMatch(f *testing.F) {
	for _, r := range readRedirectRows(f) {
		if r.kind == "match" {
			f.Add(r.args[0], r.args[1])
		}
	}
	f.Fuzz(func(t *testing.T, registered, presented string) {
		m := RedirectURIMatch(registered, presented)
		if RedirectURIMatch(presented, registered) != m {
			t.Fatalf("RedirectURIMatch(%q, %q) = %v, but not the other way", registered, presented, m)
		}
		if !m {
			return
		}
		if !RedirectURIMatch(registered, registered) || !RedirectURIMatch(presented, presented) {
			t.Fatalf("RedirectURIMatch(%q, %q) is true, but one does not match itself", registered, presented)
		}
		r, rerr := ParseAbsolute(registered)
		u, perr := ParseAbsolute(presented)
		if rerr != nil || perr != nil || r.HasUserinfo || u.HasUserinfo {
			t.Fatalf("RedirectURIMatch(%q, %q) is true: %v, %v", registered, presented, rerr, perr)
		}
		if registered == presented {
			return
		}
		if r.Host != u.Host || r.Host != "127.0.0.1" && r.Host != "[::1]" || !strings.EqualFold(r.Scheme, "http") {
			t.Fatalf("RedirectURIMatch(%q, %q) is true for different URIs that are not loopback", registered, presented)
		}
		rw, rerr := ParseWeb(registered)
		uw, perr := ParseWeb(presented)
		if rerr != nil || perr != nil {
			t.Fatalf("RedirectURIMatch(%q, %q) is true, but a browser reads %v, %v", registered, presented, rerr, perr)
		}
		rw.Port, rw.HasPort, uw.Port, uw.HasPort = "", false, "", false
		if rw != uw {
			t.Fatalf("RedirectURIMatch(%q, %q) is true, but a browser reads %q and %q", registered, presented, rw, uw)
		}
	})
}

// TestWebBaseZero: the zero WebBase reads references with no base URL.
func TestWebBaseZero(t *testing.T) {
	var b WebBase
	for _, ref := range []string{"HTTP://X.example/a/../b", "/x", "x", "#f", "https:evil.example", "mailto:a@b"} {
		u, err := b.Resolve(ref)
		want, werr := ParseWeb(ref)
		href, _ := b.ResolveHref(ref)
		wantHref, _ := WebParser{}.Href(ref)
		if u != want || errString(err) != errString(werr) || href != wantHref {
			t.Errorf("WebBase{}.Resolve(%q) = %q, %v; ParseWeb gives %q, %v", ref, u, err, want, werr)
		}
		if _, err := b.LocalRedirect(ref); b.SameOrigin(ref) || err == nil {
			t.Errorf("WebBase{}: %q is same origin", ref)
		}
	}
	if o := b.Origin(); o != "null" {
		t.Errorf("WebBase{}.Origin() = %q", o)
	}
}
