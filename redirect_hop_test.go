package uri

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// TestRedirectHopTable runs testdata/redirect_hop_node.txt, computed from
// the Fetch Standard's text by testdata/redirect_hop_node.js.
func TestRedirectHopTable(t *testing.T) {
	counts := map[string]int{}
	for _, r := range readQuotedRows(t, "testdata/redirect_hop_node.txt") {
		counts[r.kind]++
		current := MustParseWeb(t, r.args[0])
		location := r.args[1]
		switch r.kind {
		case "hop":
			status, _ := strconv.Atoi(r.words[0])
			method := r.words[1]
			var referrer URI
			if r.args[2] != "" {
				referrer = MustParseWeb(t, r.args[2])
			}
			policy := ReferrerPolicy(r.args[3])
			h, err := WebParser{}.Redirect(current, location, status, method, referrer, policy)
			if err != nil {
				t.Errorf("line %d: Redirect(%q, %q): %v", r.line, r.args[0], location, err)
				continue
			}
			wantSame, wantMethod := r.words[2] == "true", r.words[3]
			if h.Href != r.args[4] || h.SameOrigin != wantSame || h.Method != wantMethod ||
				strings.Join(h.Drop, " ") != r.args[5] || h.Referer != r.args[6] {
				t.Errorf("line %d: Redirect(%q, %q, %d, %s, %q, %q) =\n\t%q %v %s %q %q, want\n\t%q %v %s %q %q", r.line,
					r.args[0], location, status, method, r.args[2], policy,
					h.Href, h.SameOrigin, h.Method, h.Drop, h.Referer,
					r.args[4], wantSame, wantMethod, r.args[5], r.args[6])
			}
			if u, err := ParseWeb(h.Href); err != nil || u != h.URL {
				t.Errorf("line %d: URL %v is not ParseWeb(Href) (%v)", r.line, h.URL, err)
			}
			if h.SameOrigin != (WebParser{}).SameOrigin(current, location) {
				t.Errorf("line %d: SameOrigin %v, WebParser.SameOrigin says otherwise", r.line, h.SameOrigin)
			}
			checkReferer(t, h.Referer, referrer)
		case "refuse":
			_, err := WebParser{}.Redirect(current, location, 302, "GET", URI{}, "")
			want := ErrWeb
			if r.words[0] == "scheme" {
				want = ErrRedirect
			}
			var e *Error
			if !errors.Is(err, want) || !errors.As(err, &e) || e.Input != location {
				t.Errorf("line %d: Redirect(%q, %q) = %v, want %v", r.line, r.args[0], location, err, want)
			}
		default:
			t.Fatalf("line %d: unknown kind %q", r.line, r.kind)
		}
	}
	if counts["hop"] < 300 {
		t.Errorf("%d hops, want at least 300", counts["hop"])
	}
	t.Logf("testdata/redirect_hop_node.txt: %v", counts)
}

// TestRedirectHopIssue checks the hops of issue 32: net/http forwards
// Authorization from https://a.com to http://a.com and between two ports
// of one host, and sends the previous URL with its query and fragment as
// the Referer.
func TestRedirectHopIssue(t *testing.T) {
	for _, c := range []struct{ current, location string }{
		{"https://a.com/", "http://a.com/"},
		{"https://a.com/", "https://a.com:8443/"},
		{"https://a.com/", "https://b.a.com/"},
		{"https://a.com/", "//A.com./"},
	} {
		h, err := WebParser{}.Redirect(MustParse(c.current), c.location, 302, "GET", URI{}, "")
		if err != nil || h.SameOrigin || len(h.Drop) == 0 || h.Drop[0] != "Authorization" {
			t.Errorf("Redirect(%q, %q) = %+v, %v: want Authorization dropped", c.current, c.location, h, err)
		}
	}
	h, err := WebParser{}.Redirect(MustParse("http://a/reset?token=SECRET#frag"), "http://b/", 302, "GET",
		MustParse("http://a/reset?token=SECRET#frag"), "")
	if err != nil || h.Referer != "http://a/" || h.Href != "http://b/#frag" {
		t.Errorf("Redirect: %+v, %v", h, err)
	}
	if _, err := (WebParser{}).Redirect(MustParse("http://a:99999/"), "/", 302, "GET", URI{}, ""); !errors.Is(err, ErrWebBase) {
		t.Errorf("a bad current URL: %v, want ErrWebBase", err)
	}
}

func BenchmarkRedirect(b *testing.B) {
	current := MustParse("https://a.example.com/login?next=x")
	referrer := MustParse("https://a.example.com/account/settings?tab=2")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		WebParser{}.Redirect(current, "https://b.example.com/welcome", 302, "POST", referrer, "")
	}
}

// FuzzRedirect checks one hop: the next URL is what WebParser.Resolve
// gives (with the current URL's fragment when it has none), SameOrigin is
// WebParser.SameOrigin's answer, Authorization is dropped exactly on a
// cross-origin hop, and the Referer is Referrer's for the next URL.
func FuzzRedirect(f *testing.F) {
	f.Add("https://a.com/x#f", "//b.com", 302, "POST", "https://u:p@a.com/p?q#f", uint8(0))
	f.Add("http://a/reset?token=1", "http:b", 303, "PUT", "http://a/reset?token=1", uint8(8))
	f.Add("https://a.com/", "/\\evil.test", 301, "GET", "data:,x", uint8(2))
	f.Fuzz(func(t *testing.T, current, location string, status int, method, referrer string, pol uint8) {
		policy := ReferrerPolicy("")
		if int(pol) < len(referrerPolicies) {
			policy = referrerPolicies[pol]
		}
		cu, err := ParseWeb(current)
		if err != nil {
			return
		}
		ru, _ := ParseWeb(referrer)
		h, err := WebParser{}.Redirect(cu, location, status, method, ru, policy)
		if err != nil {
			if !errors.Is(err, ErrWeb) && !errors.Is(err, ErrWebIDNA) && !errors.Is(err, ErrRedirect) {
				t.Fatalf("Redirect(%q, %q): %v", current, location, err)
			}
			return
		}
		next, err := WebParser{}.Resolve(cu, location)
		if err != nil {
			t.Fatalf("Redirect(%q, %q) = %q, Resolve fails: %v", current, location, h.Href, err)
		}
		if !next.HasFragment && cu.HasFragment {
			next.HasFragment, next.Fragment = true, cu.Fragment
		}
		if next != h.URL {
			t.Fatalf("Redirect(%q, %q).URL = %v, Resolve gives %v", current, location, h.URL, next)
		}
		if h.SameOrigin != (WebParser{}).SameOrigin(cu, location) {
			t.Fatalf("Redirect(%q, %q).SameOrigin = %v", current, location, h.SameOrigin)
		}
		if dropsAuth := len(h.Drop) > 0 && h.Drop[0] == "Authorization"; dropsAuth == h.SameOrigin {
			t.Fatalf("Redirect(%q, %q): same origin %v, drops %q", current, location, h.SameOrigin, h.Drop)
		}
		if want := (WebParser{}).Referrer(ru, h.URL, policy); h.Referer != want {
			t.Fatalf("Redirect(...).Referer = %q, Referrer gives %q", h.Referer, want)
		}
		if strings.Contains(h.Referer, "#") {
			t.Fatalf("Referer %q has a fragment", h.Referer)
		}
	})
}
