package uri

import (
	"os"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// checkIRI checks the properties IRI promises for a valid u and returns
// u.IRI().
func checkIRI(t testing.TB, u URI) string {
	t.Helper()
	s := u.IRI()
	back, err := ParseIRI(s)
	if err != nil {
		t.Fatalf("ParseIRI(%q.IRI() = %q): %v", u, s, err)
	}
	// an A-label shown decoded: equivalent at SchemeBased, where both
	// hosts go to the same ASCII name (DomainToASCII)
	aceShown := u.HostKind() == RegName && hasACELabel(u.Host) && back.Host != u.Host && !strings.EqualFold(back.Host, u.Host) && strings.Contains(back.Host, "%") && !strings.Contains(u.Host, "%")
	if aceShown && !Equivalent(back, u, SchemeBased) || !aceShown && !Equivalent(back, u, SyntaxBased) {
		t.Fatalf("ParseIRI(%q.IRI() = %q) = %q, not equivalent at SyntaxBased (or SchemeBased for an A-label shown decoded: %v)", u, s, back, aceShown)
	}
	if aceShown {
		// every label shown decoded was an A-label that displayLabel accepts
		_, h := iriAuthorityShown(s)
		for label := range strings.SplitSeq(h, ".") {
			checkShownLabel(t, u, s, label)
		}
	}
	if !utf8.ValidString(s) {
		t.Fatalf("%q.IRI() = %q is not UTF-8", u, s)
	}
	for _, r := range s {
		if isBidiFormat(r) {
			t.Fatalf("%q.IRI() = %q holds the bidirectional formatting character %U", u, s, r)
		}
	}
	// Equal when u writes uppercase hex and encodes no unreserved character.
	if n := u.Normalize(SyntaxBased); !aceShown && n.Scheme == u.Scheme && n.Host == u.Host && n.Path == u.Path && n.Userinfo == u.Userinfo && n.Query == u.Query && n.Fragment == u.Fragment && back != u {
		t.Fatalf("ParseIRI(%q.IRI() = %q) = %q, want u itself", u, s, back)
	}
	return s
}

func TestIRIDisplayCases(t *testing.T) {
	data, err := os.ReadFile("testdata/iri_display.txt")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for n, line := range strings.Split(string(data), "\n") {
		n++
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		kind, rest, _ := strings.Cut(line, " ")
		in, rest, err := unquotePrefix(rest)
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		counts[kind]++
		if kind == "label" {
			want := strings.TrimSpace(rest) == "shown"
			if !want && strings.TrimSpace(rest) != "encoded" {
				t.Fatalf("line %d: want shown or encoded, have %q", n, rest)
			}
			if got := displayLabel(in); got != want {
				t.Errorf("line %d: displayLabel(%q) = %v, want %v", n, in, got, want)
			}
			// IRI shows the label, percent-encoded in a host, as displayLabel
			// says; for http, only in a host that "domain to ASCII" accepts
			// (a label of Arabic-Indic digits alone breaks the bidi rule B1
			// there), so the scheme here is one whose hosts are not DNS names
			u := URI{Scheme: "sc", HasAuthority: true, Host: string(appendPercentAll(nil, in)) + ".example", Path: "/"}
			if want && in != "" && strings.ContainsFunc(in, func(r rune) bool { return r >= utf8.RuneSelf }) {
				if got := checkIRI(t, u); got != "sc://"+in+".example/" {
					t.Errorf("line %d: %q.IRI() = %q, want the label shown", n, u, got)
				}
			} else if got := checkIRI(t, u); strings.ContainsFunc(got, func(r rune) bool { return r >= utf8.RuneSelf }) {
				t.Errorf("line %d: %q.IRI() = %q, want the label encoded", n, u, got)
			}
			continue
		}
		want, _, err := unquotePrefix(strings.TrimSpace(rest))
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		u, err := Parse(in)
		if err != nil {
			t.Errorf("line %d: Parse(%q): %v", n, in, err)
			continue
		}
		switch kind {
		case "iri":
			if got := checkIRI(t, u); got != want {
				t.Errorf("line %d: %q.IRI() = %q, want %q", n, in, got, want)
			}
		case "ipv6":
			if got := u.Normalize(SchemeBased).String(); got != want {
				t.Errorf("line %d: Normalize(%q, SchemeBased) = %q, want %q", n, in, got, want)
			}
			if !Equivalent(u, MustParse(want), SchemeBased) || u.Key(SchemeBased) != want {
				t.Errorf("line %d: %q and %q are not one at SchemeBased", n, in, want)
			}
		default:
			t.Fatalf("line %d: unknown kind %q", n, kind)
		}
	}
	t.Logf("testdata/iri_display.txt: %v", counts)
	if counts["iri"]+counts["ipv6"] < 120 || counts["label"] < 60 {
		t.Errorf("fewer than 120 cases: %v", counts)
	}
}

// appendPercentAll appends s with every octet that is not an ASCII letter,
// digit or '-' percent-encoded.
func appendPercentAll(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf && (is(c, cAlpha|cDigit) || c == '-') {
			b = append(b, c)
		} else {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return b
}

// TestIRIAllocs: nothing to decode costs what String costs, one allocation;
// decoding costs one too.
func TestIRIAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	for _, s := range []string{"http://example.com/a/b?c#d", "https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC", "http://h/%2F%25%FF"} {
		u := MustParse(s)
		if n := testing.AllocsPerRun(100, func() { sinkString = u.IRI() }); n != 1 {
			t.Errorf("%q.IRI(): %v allocations, want 1", s, n)
		}
	}
}

// TestParseIRIBidi: every bidirectional formatting character is rejected
// (RFC 3987, Section 4.1), the isolates and U+061C included.
func TestParseIRIBidi(t *testing.T) {
	for _, r := range []rune{0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069} {
		for _, s := range []string{"http://h/a" + string(r) + "b", "http://h/?" + string(r), "http://h/#" + string(r), "http://" + string(r) + "h/"} {
			if _, err := ParseIRI(s); err == nil {
				t.Errorf("ParseIRI(%+q) accepted %U", s, r)
			}
		}
	}
}

// FuzzIRIDisplay checks IRI on any URI that Parse accepts: no panic,
// ParseIRI reads it back as an equivalent URI at SyntaxBased, no bidi
// formatting character, valid UTF-8, and every A-label shown decoded passes
// checkShownLabel (no ASCII skeleton, single-script, none of Chromium's
// dangerous patterns that checkShownLabel checks).
func FuzzIRIDisplay(f *testing.F) {
	for _, s := range []string{"http://www.example.org/D%C3%BCrst", "http://h/%E2%80%AE", "http://%E4%BE%8B.jp/?%EE%80%80", "http://h/%CC%81", "http://h/%C3%A9%FF", "%C3%A9", "http://[::1]/%41",
		"http://xn--r8jz45g.jp/", "https://xn--80ak6aa92e.com/", "http://xn--exmple-4nf.com/", "wss://XN--mnchen-3ya.xn--a.de/", "http://xn--9dbne9b.xn--mnchen-3ya.de/",
		"https://xn--ggle-gx3ca.com/", "https://xn--abc-xc0e.jp/", "https://xn--paypal-un52a.com/", "https://xn--accountsgooglecom-bn6pgad8145n.evil.example/", "https://xn--r8j8t907e.jp/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		checkIRI(t, u)
	})
}

// TestNormalizerIDNA plugs a stand-in IDNA function into a Normalizer:
// reg-names with non-ASCII text are converted at SchemeBased only, a
// failure or a result that is not a reg-name leaves the host as it is,
// and without the function nothing changes.
func TestNormalizerIDNA(t *testing.T) {
	calls := 0
	fake := func(host string) (string, error) {
		calls++
		switch host {
		case "例.jp":
			return "XN--FSQ.jp", nil
		case "bad.例":
			return "", ErrHost
		case "colon.例":
			return "a:b", nil
		}
		return host, nil
	}
	n := Normalizer{Schemes: DefaultSchemes(), IDNA: fake}
	for _, tt := range []struct {
		in, want string
	}{
		{"http://%E4%BE%8B.jp/", "http://xn--fsq.jp/"},
		{"http://%e4%be%8b.JP:80/", "http://xn--fsq.jp/"},
		{"http://bad.%E4%BE%8B/", "http://bad.%E4%BE%8B/"},
		{"http://colon.%E4%BE%8B/", "http://colon.%E4%BE%8B/"},
		{"http://xn--fsq.jp/", "http://xn--fsq.jp/"},
		{"http://%FF.jp/", "http://%FF.jp/"},
		{"http://%41.jp/", "http://a.jp/"},
		{"http://[::1]/%E4%BE%8B", "http://[::1]/%E4%BE%8B"},
	} {
		if got := n.Normalize(MustParse(tt.in), SchemeBased).String(); got != tt.want {
			t.Errorf("Normalize(%q) with IDNA = %q, want %q", tt.in, got, tt.want)
		}
		if got := n.Normalize(MustParse(tt.in), SyntaxBased); got != MustParse(tt.in).Normalize(SyntaxBased) {
			t.Errorf("IDNA changed %q at SyntaxBased: %q", tt.in, got)
		}
	}
	a, b := MustParse("http://%E4%BE%8B.jp/"), MustParse("http://xn--fsq.jp/")
	if !n.Equivalent(a, b, SchemeBased) || n.Key(a, SchemeBased) != n.Key(b, SchemeBased) {
		t.Errorf("%q and %q differ with IDNA", a, b)
	}
	if !Equivalent(a, b, SchemeBased) {
		t.Errorf("%q and %q differ with the built-in DomainToASCII", a, b)
	}
	off := Normalizer{Schemes: DefaultSchemes(), IDNA: func(string) (string, error) { return "", ErrIDNA }}
	if off.Equivalent(a, b, SchemeBased) {
		t.Errorf("%q and %q are equivalent with an IDNA function that fails", a, b)
	}
	if calls == 0 {
		t.Error("the IDNA function was never called")
	}
}

// iriAuthorityShown returns the userinfo and the host of s, the IRI text
// of a URI with an authority, as a person reads them: the text after
// "//" up to the first '/', '?' or '#', split at its last '@' and before
// the port. (IRI keeps every ASCII delimiter inside a component encoded,
// so the raw ones are the URI's.)
func iriAuthorityShown(s string) (userinfo, host string) {
	_, rest, _ := strings.Cut(s, "//")
	if k := strings.IndexAny(rest, "/?#"); k >= 0 {
		rest = rest[:k]
	}
	if k := strings.LastIndexByte(rest, '@'); k >= 0 {
		userinfo, rest = rest[:k], rest[k+1:]
	}
	if strings.HasPrefix(rest, "[") {
		return userinfo, rest
	}
	host, _, _ = strings.Cut(rest, ":")
	return userinfo, host
}

// FuzzIRILookalike checks what IRI shows of a userinfo and a host, written
// by the fuzzer as Unicode text and percent-encoded whole: the properties
// of checkIRI; no character of delimLookalikes (a look-alike of a
// delimiter, by the generated UTS #39 table) in either, and no non-ASCII
// character but a letter, a mark or a number (or, in the host, one of the
// few of labelPunct that RFC 5892 allows); and each host label with a
// non-ASCII character passes checkShownLabel.
func FuzzIRILookalike(f *testing.F) {
	for _, s := range [][2]string{
		{"google.com\uA4FD443\u30CEaccount", "evil.example"},
		{"u", "google.com\u02D0443\u3033x.example"},
		{"a\u0294b", "\u4F8B\u3048.\u30C6\u30B9\u30C8"},
		{"", "\u0430\u0440\u0440\u04CF\u0435.com"},
		{"\u00FC", "ex\u0430mple.com"},
		{"x\u06F0y", "b\u00FCcher.de"},
		{"\u0903", "\u0915\u0903.\u092D\u093E\u0930\u0924"},
		{"u\uA4F8v", "\u043F\u0440\u0438\u043C\u0435\u0440.\u0440\u0444"},
		{"\u4E3F", "abc\u30C6\u30B9\u30C8.\u4E2D\u6587\uD55C\uAD6D"},
		{"", "g\u3007\u3007gle.com"}, {"", "abc\u4F8B.jp"}, {"", "paypal\uD55C.com"},
		{"", "accounts\u30FBgoogle\u30FBcom\u30FB\u4F8B.evil.example"}, {"", "1\u30CE1.\u4F8B\u3007"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, userinfo, host string) {
		u := URI{Scheme: "http", HasAuthority: true, HasUserinfo: true,
			Userinfo: string(appendEncoded(nil, userinfo, false)), Host: string(appendEncoded(nil, host, false)), Path: "/"}
		if u.Validate() != nil || u.HostKind() != RegName {
			return
		}
		s := checkIRI(t, u)
		ui, h := iriAuthorityShown(s)
		for k, r := range []rune(ui + h) {
			if r < utf8.RuneSelf {
				continue
			}
			if unicode.Is(delimLookalikes, r) {
				t.Fatalf("%q.IRI() = %q shows %U, a look-alike of a delimiter, in the userinfo or host", u, s, r)
			}
			if !unicode.In(r, unicode.L, unicode.M, unicode.N) && (k < utf8.RuneCountInString(ui) || !strings.ContainsRune(labelPunct, r)) {
				t.Fatalf("%q.IRI() = %q shows %U, not a letter, mark or number (or in a host, a character of labelPunct), in the userinfo or host", u, s, r)
			}
		}
		for label := range strings.SplitSeq(h, ".") {
			checkShownLabel(t, u, s, label)
		}
	})
}

// checkShownLabel checks a host label that u.IRI() = s shows, when it holds
// a non-ASCII character, against issue #29, row 5's rules, each checked on
// its own: displayLabel accepts it; its skeleton is not ASCII (some
// character is outside asciiSkeleton, the generated UTS #39 table); it is
// single-script (the Script_Extensions of its characters, augmented as
// UTS #39, Section 5.1 says, share a script); and neither U+30FB beside an
// ASCII letter nor a CJK look-alike of a Latin letter beside a character of
// another script (Chromium's dangerous patterns) is in it.
func checkShownLabel(t testing.TB, u URI, s, label string) {
	t.Helper()
	if !strings.ContainsFunc(label, func(r rune) bool { return r >= utf8.RuneSelf }) {
		return
	}
	if !displayLabel(label) {
		t.Fatalf("%q.IRI() = %q shows the label %q, which displayLabel refuses", u, s, label)
	}
	if !strings.ContainsFunc(label, func(r rune) bool { return r >= utf8.RuneSelf && !unicode.Is(asciiSkeleton, r) }) {
		t.Fatalf("%q.IRI() = %q shows the label %q, whose skeleton is ASCII", u, s, label)
	}
	common := ^scriptSet(0)
	rs := []rune(label)
	for i, r := range rs {
		set, _ := idScripts(r)
		common &= set
		if i == 0 {
			continue
		}
		prev, _ := idScripts(rs[i-1])
		ascii := func(c rune) bool { return c < utf8.RuneSelf && unicode.IsLetter(c) }
		switch {
		case r == 0x30FB && ascii(rs[i-1]), rs[i-1] == 0x30FB && ascii(r):
			t.Fatalf("%q.IRI() = %q shows the label %q: U+30FB beside an ASCII letter", u, s, label)
		case strings.ContainsRune(cjkLatinLike, r) && (prev == ^scriptSet(0) || prev&scriptsCJK == 0),
			strings.ContainsRune(cjkLatinLike, rs[i-1]) && (set == ^scriptSet(0) || set&scriptsCJK == 0):
			t.Fatalf("%q.IRI() = %q shows the label %q: %q beside a character of another script", u, s, label, string(rs[i-1:i+1]))
		}
	}
	if common == 0 {
		t.Fatalf("%q.IRI() = %q shows the label %q, which is not single-script", u, s, label)
	}
}

// TestIRINode reads testdata/iri_node.txt, Node's URL (the URL Standard, as
// a browser reads a link) on the rows of testdata/iri_display.txt, recorded
// by testdata/iri_node.js: a browser reads the same host from the IRI that
// IRI shows as from the URI, and the same path, query and fragment up to
// the decoding of unreserved characters (RFC 3986, Section 6.2.2.2); and a
// label that displayLabel shows is the same host, as text, as encoded. The
// IRI of each row must still be what IRI shows, or the file is stale.
func TestIRINode(t *testing.T) {
	data, err := os.ReadFile("testdata/iri_node.txt")
	if err != nil {
		t.Fatal(err)
	}
	unreserved := func(s string) string {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if o, next, enc := octetAt(s, i); enc && is(o, cUnreserved) {
				b.WriteByte(o)
				i = next - 1
			} else {
				b.WriteByte(s[i])
			}
		}
		return strings.ToUpper(b.String())
	}
	counts := map[string]int{}
	for n, line := range strings.Split(string(data), "\n") {
		n++
		if line == "" || line[0] == '#' {
			continue
		}
		kind, rest, _ := strings.Cut(line, " ")
		var f []string
		for rest = strings.TrimSpace(rest); rest != ""; rest = strings.TrimSpace(rest) {
			var s string
			if s, rest, err = unquotePrefix(rest); err != nil {
				t.Fatalf("iri_node.txt:%d: %v", n, err)
			}
			f = append(f, s)
		}
		counts[kind]++
		switch {
		case kind == "iri" && len(f) == 6:
			if got := MustParse(f[0]).IRI(); got != f[1] {
				t.Errorf("iri_node.txt:%d: %q.IRI() = %q, recorded %q: run testdata/iri_node.js", n, f[0], got, f[1])
			}
			if f[2] != f[3] || unreserved(f[4]) != unreserved(f[5]) {
				t.Errorf("iri_node.txt:%d: Node reads %q as host %q, path %q, and its IRI %q as host %q, path %q", n, f[0], f[2], f[4], f[1], f[3], f[5])
			}
		case kind == "label" && len(f) == 3:
			if displayLabel(f[0]) && f[1] != f[2] {
				t.Errorf("iri_node.txt:%d: displayLabel shows %q, which Node reads as host %q, and as %q encoded", n, f[0], f[2], f[1])
			}
		default:
			t.Fatalf("iri_node.txt:%d: cannot read %q", n, line)
		}
	}
	if counts["iri"] < 150 || counts["label"] < 60 {
		t.Errorf("iri_node.txt: %v rows, want at least 150 iri and 60 label rows", counts)
	}
}

// TestIRIDelimLookalikes shows every character of delimLookalikes, the
// generated table of look-alikes of delimiters, in a userinfo and in a host
// label, between letters of its own script and of Latin: IRI keeps each one
// encoded.
func TestIRIDelimLookalikes(t *testing.T) {
	n := 0
	each := func(lo, hi, stride uint32) {
		for r := lo; r <= hi; r += stride {
			enc := string(appendPercentAll(nil, string(rune(r))))
			for _, s := range []string{"http://a" + enc + "b@h/", "http://" + enc + "/", "http://a" + enc + "b.example/", "http://u@%E4%BE%8B" + enc + "/"} {
				u := MustParse(s)
				if got := u.IRI(); strings.ContainsRune(got, rune(r)) {
					t.Errorf("%q.IRI() = %q shows %U, a look-alike of a delimiter", s, got, r)
				}
			}
			n++
		}
	}
	for _, x := range delimLookalikes.R16 {
		each(uint32(x.Lo), uint32(x.Hi), uint32(x.Stride))
	}
	for _, x := range delimLookalikes.R32 {
		each(x.Lo, x.Hi, x.Stride)
	}
	if n < 100 {
		t.Errorf("only %d look-alikes in the table", n)
	}
}
