package uri

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// expandRepeat expands "{4075a}" into 4075 times "a", as
// testdata/referrer_node.js writes long URLs.
var repeatToken = regexp.MustCompile(`\{(\d+)([a-z])\}`)

func expandRepeat(s string) string {
	return repeatToken.ReplaceAllStringFunc(s, func(m string) string {
		p := repeatToken.FindStringSubmatch(m)
		n, _ := strconv.Atoi(p[1])
		return strings.Repeat(p[2], n)
	})
}

// TestReferrerTable runs testdata/referrer_node.txt: the Referer each
// policy gives for each pair of URLs, as the standards' text computes it
// (testdata/referrer_node.js). Every row where undici differs must be
// explained by the script.
func TestReferrerTable(t *testing.T) {
	rows := readQuotedRows(t, "testdata/referrer_node.txt")
	differ, sent := 0, 0
	for _, r := range rows {
		if r.kind != "ref" || len(r.args) != 6 {
			t.Fatalf("line %d: malformed row", r.line)
		}
		policy, err := ParseReferrerPolicy(r.args[0])
		if err != nil {
			t.Fatalf("line %d: %v", r.line, err)
		}
		from, to, want := expandRepeat(r.args[1]), r.args[2], expandRepeat(r.args[3])
		fu, err := ParseWeb(from)
		if err != nil {
			t.Fatalf("line %d: ParseWeb(%q): %v", r.line, from, err)
		}
		tu, err := ParseWeb(to)
		if err != nil {
			t.Fatalf("line %d: ParseWeb(%q): %v", r.line, to, err)
		}
		got := WebParser{}.Referrer(fu, tu, policy)
		if got != want {
			t.Errorf("line %d: Referrer(%q, %q, %q) = %q, want %q", r.line, r.args[1], to, policy, got, want)
		}
		if got != "" {
			sent++
		}
		if r.args[4] != r.args[3] {
			differ++
			if r.args[5] == "" || strings.Contains(r.args[5], "UNEXPLAINED") {
				t.Errorf("line %d: undici differs without a reason", r.line)
			}
		}
		checkReferer(t, got, fu)
	}
	if len(rows) < 300 {
		t.Errorf("%d rows, want at least 300", len(rows))
	}
	t.Logf("testdata/referrer_node.txt: %d rows, %d with a Referer, %d where undici differs (each explained)", len(rows), sent, differ)
}

// checkReferer checks the properties of every Referer: none, or a URL
// that the web parser reads back unchanged, of from's origin, with no
// userinfo and no fragment, at most 4,096 octets unless it is from's
// origin.
func checkReferer(t *testing.T, ref string, from URI) {
	t.Helper()
	if ref == "" {
		return
	}
	h, err := WebParser{}.Href(ref)
	if err != nil || h != ref {
		t.Errorf("Referer %q reads back as %q (%v)", ref, h, err)
		return
	}
	u, _ := ParseWeb(ref)
	if u.HasUserinfo || u.HasFragment {
		t.Errorf("Referer %q has userinfo or a fragment", ref)
	}
	o1, err1 := WebParser{}.Origin(u.String())
	o2, err2 := WebParser{}.Origin(from.String())
	if err1 != nil || err2 != nil || o1 != o2 {
		t.Errorf("Referer %q: origin %q, from's %q", ref, o1, o2)
	}
	if len(ref) > 4096 && (u.Path != "/" || u.HasQuery) {
		t.Errorf("Referer of %d octets that is not an origin", len(ref))
	}
}

func TestParseReferrerPolicy(t *testing.T) {
	for _, p := range referrerPolicies {
		got, err := ParseReferrerPolicy(string(p))
		if err != nil || got != p || got.String() != string(p) {
			t.Errorf("ParseReferrerPolicy(%q) = %q, %v", p, got, err)
		}
	}
	if got, err := ParseReferrerPolicy(""); err != nil || got != "" {
		t.Errorf("ParseReferrerPolicy(\"\") = %q, %v", got, err)
	}
	for in, at := range map[string]int{
		"No-Referrer": 0, "no-referrer ": 11, " origin": 0, "origin,no-referrer": 6,
		"never": 1, "always": 0, "default": 0, "origin-when-crossorigin": 17, "unsafe_url": 6,
		"strict-origin-when-cross-origin\x00": 31,
	} {
		_, err := ParseReferrerPolicy(in)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrReferrerPolicy) || e.Offset != at {
			t.Errorf("ParseReferrerPolicy(%q) = %v, want ErrReferrerPolicy at %d", in, err, at)
		}
	}
}

// TestReferrerGo126 checks the Referer of issue 32: Go 1.26's
// http.Client sends "http://a/reset?token=SECRET#frag" to another origin.
func TestReferrerGo126(t *testing.T) {
	from := MustParse("http://user:pw@a/reset?token=SECRET#frag")
	for _, c := range []struct {
		to     string
		policy ReferrerPolicy
		want   string
	}{
		{"http://b/", "", "http://a/"},
		{"http://a/next", "", "http://a/reset?token=SECRET"},
		{"http://b/", ReferrerUnsafeURL, "http://a/reset?token=SECRET"},
		{"http://b/", ReferrerNoReferrer, ""},
		{"http://b/", ReferrerSameOrigin, ""},
		{"mailto:x@b", ReferrerUnsafeURL, ""},
		{"http://b/", "bogus", ""},
	} {
		if got := (WebParser{}).Referrer(from, MustParse(c.to), c.policy); got != c.want {
			t.Errorf("Referrer(%q, %q) = %q, want %q", c.to, c.policy, got, c.want)
		}
	}
}

func BenchmarkReferrer(b *testing.B) {
	from := MustParse("https://example.com/reset?token=SECRET#frag")
	to := MustParse("https://evil.test/")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		WebParser{}.Referrer(from, to, "")
	}
}

// FuzzReferrer checks the Referer of any two URLs under each policy: none,
// or a URL of from's origin without userinfo or fragment (checkReferer),
// the same under unsafe-url as from's href stripped, and for the
// origin-only policies the origin with the path "/".
func FuzzReferrer(f *testing.F) {
	f.Add("https://user:pw@example.com/a?b#c", "http://evil.test/", uint8(0))
	f.Add("http://127.1/x#y", "https://EXAMPLE.com:443/", uint8(3))
	f.Add("blob:https://a/x", "https://a/", uint8(8))
	f.Add("https://bücher.example/ß?x", "http://localhost./", uint8(2))
	f.Add("sc://u@h/p#f", "http://h/", uint8(8))
	f.Add("A://", "http:0", uint8(3)) // found by CI's fuzz run: origin of a non-special URL with an empty host
	f.Fuzz(func(t *testing.T, from, to string, pol uint8) {
		policy := ReferrerPolicy("")
		if int(pol) < len(referrerPolicies) {
			policy = referrerPolicies[pol]
		}
		fu, err := ParseWeb(from)
		if err != nil {
			return
		}
		tu, err := ParseWeb(to)
		if err != nil {
			return
		}
		got := WebParser{}.Referrer(fu, tu, policy)
		checkReferer(t, got, fu)
		if got == "" {
			return
		}
		if strings.Contains(got, "#") || strings.Contains(got, "@") && !strings.Contains(from, "@") {
			t.Fatalf("Referrer(%q, %q, %q) = %q", from, to, policy, got)
		}
		switch policy {
		case ReferrerOrigin, ReferrerStrictOrigin:
			// a special scheme's origin has the path "/"; another
			// scheme's, stripped of its path, has none ("a://h")
			u, _ := ParseWeb(got)
			wantPath := ""
			if _, special := specialPort(u.Scheme); special {
				wantPath = "/"
			}
			if u.HasQuery || u.HasFragment || (u.HasAuthority && u.Path != wantPath) {
				t.Fatalf("Referrer(%q, %q, %q) = %q, not an origin", from, to, policy, got)
			}
		}
		// the Referer, sent on as a referrer itself, stays as it is
		again := WebParser{}.Referrer(MustParseWeb(t, got), tu, ReferrerUnsafeURL)
		if again != got {
			t.Fatalf("Referrer(%q) = %q, then %q", from, got, again)
		}
	})
}

// MustParseWeb parses s with ParseWeb or fails t.
func MustParseWeb(t *testing.T, s string) URI {
	t.Helper()
	u, err := ParseWeb(s)
	if err != nil {
		t.Fatalf("ParseWeb(%q): %v", s, err)
	}
	return u
}

// TestParseReferrerPolicyHeader runs header values through the Referrer
// Policy's "Parse a referrer policy from a Referrer-Policy header": the
// last element of all the field values that is a token, exactly.
func TestParseReferrerPolicyHeader(t *testing.T) {
	for _, c := range []struct {
		values []string
		want   ReferrerPolicy
	}{
		{nil, ""},
		{[]string{""}, ""},
		{[]string{"no-referrer"}, ReferrerNoReferrer},
		{[]string{"no-referrer, unsafe-url"}, ReferrerUnsafeURL},
		{[]string{"unsafe-url,no-referrer"}, ReferrerNoReferrer},
		// a fallback before a token the browser does not know
		{[]string{"no-referrer, strict-origin-when-cross-origin"}, ReferrerStrictOriginWhenCrossOrigin},
		{[]string{"same-origin, some-future-policy"}, ReferrerSameOrigin},
		{[]string{"foo, no-referrer, bar"}, ReferrerNoReferrer},
		{[]string{" \torigin\t ,"}, ReferrerOrigin},
		{[]string{",,,strict-origin,,"}, ReferrerStrictOrigin},
		// field lines in order, as one list (Fetch Standard, "get, decode, and split")
		{[]string{"origin", "same-origin"}, ReferrerSameOrigin},
		{[]string{"same-origin", ""}, ReferrerSameOrigin},
		{[]string{"same-origin", "bogus"}, ReferrerSameOrigin},
		// ASCII case does not matter, as in Chromium and Firefox
		{[]string{"No-Referrer"}, ReferrerNoReferrer},
		{[]string{"NO-REFERRER, origin-when-crossorigin"}, ReferrerNoReferrer},
		{[]string{"unsafe-url, Strict-Origin"}, ReferrerStrictOrigin},
		// not a token: a space-separated list, quotes, HTML's legacy
		// <meta name=referrer> keywords, other white space and octets, and
		// case folding beyond ASCII (U+212A KELVIN SIGN is not 'k')
		{[]string{"no-referrer unsafe-url"}, ""},
		{[]string{`"no-referrer"`}, ""},
		{[]string{"never, always, default"}, ""},
		{[]string{"origin\n"}, ""},
		{[]string{"\u00a0origin"}, ""},
		{[]string{"strict-origin-when-cross-origin\x00"}, ""},
		{[]string{"unsafe-url;q=1"}, ""},
		{[]string{"no-referrer-when-downgrad\u212a"}, ""},
	} {
		if got := ParseReferrerPolicyHeader(c.values); got != c.want {
			t.Errorf("ParseReferrerPolicyHeader(%q) = %q, want %q", c.values, got, c.want)
		}
	}
}

// FuzzReferrerPolicyHeader checks ParseReferrerPolicyHeader against the
// algorithm written another way: the field values joined with commas,
// read from the last element back, the first that ParseReferrerPolicy
// accepts, with its ASCII letters lowercased, and that is not empty.
func FuzzReferrerPolicyHeader(f *testing.F) {
	f.Add("no-referrer, unsafe-url", "")
	f.Add("origin", " same-origin\t,bogus")
	f.Add("No-Referrer", ",,")
	f.Fuzz(func(t *testing.T, a, b string) {
		got := ParseReferrerPolicyHeader([]string{a, b})
		elems := strings.Split(a+","+b, ",")
		want := ReferrerPolicy("")
		for i := len(elems) - 1; i >= 0; i-- {
			elem := strings.Map(func(r rune) rune {
				if 'A' <= r && r <= 'Z' {
					return r + 'a' - 'A'
				}
				return r
			}, strings.TrimLeft(strings.TrimRight(elems[i], " \t"), " \t"))
			if p, err := ParseReferrerPolicy(elem); err == nil && p != "" {
				want = p
				break
			}
		}
		if got != want {
			t.Fatalf("ParseReferrerPolicyHeader(%q, %q) = %q, want %q", a, b, got, want)
		}
	})
}
