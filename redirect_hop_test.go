package uri

import (
	"errors"
	"fmt"
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

// BenchmarkRedirectChain times a hop of a chain, with the current URL the
// hop before left and the referrer read once: the hop of
// BenchmarkRedirect and back, alternately (absolute Locations), and the
// same with path-absolute ones on one origin (relative).
func BenchmarkRedirectChain(b *testing.B) {
	current := MustParse("https://a.example.com/login?next=x")
	referrer := MustParse("https://a.example.com/account/settings?tab=2")
	for _, c := range []struct {
		name      string
		locations [2]string
	}{
		{"absolute", [2]string{"https://b.example.com/welcome", "https://a.example.com/login?next=x"}},
		{"relative", [2]string{"/welcome", "/login?next=x"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			chain, err := WebParser{}.NewRedirectChain(current, "POST", referrer, "")
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if chain.count == maxRedirects {
					chain.count = 0 // the benchmark's chain never ends
				}
				if _, err := chain.Follow(c.locations[i&1], 302, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
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

// TestRedirectChain follows chains of hops with RedirectChain and with
// WebParser.Redirect given what the hop before left (its URL, its method,
// the policy so far and the Referer it sent): the two agree on every hop,
// and each Referer is WebParser.Referrer of the one the request before
// sent, starting from the page's URL (Fetch's "main fetch" sets the
// request's referrer to what it sent, so a Referer a policy cut to the
// origin or to none stays so); a failed hop leaves the chain as it was,
// the 21st redirect fails, and a relative Location resolves against the
// URL record, as a browser's does, not against the URI's text.
func TestRedirectChain(t *testing.T) {
	type hop struct {
		location string
		status   int
		policy   ReferrerPolicy // the response's Referrer-Policy
		href     string         // "" for an error
		referer  string
	}
	for _, c := range []struct {
		current, method, referrer string
		policy                    ReferrerPolicy
		hops                      []hop
	}{
		// the first hop leaves a.example: its origin is all any later hop
		// sends, whatever policy a later response sets, and none once a
		// response says no-referrer
		{"https://a.example/login?next=x", "POST", "https://a.example/account?tab=2", "", []hop{
			{"https://b.example/welcome", 302, "", "https://b.example/welcome", "https://a.example/"},
			{"/home#top", 301, "unsafe-url", "https://b.example/home#top", "https://a.example/"},
			{"javascript:alert(1)", 302, "", "", ""}, // refused: the chain is as it was
			{"?q", 307, "", "https://b.example/home?q#top", "https://a.example/"},
			{"http://b.example/", 308, "no-referrer", "http://b.example/#top", ""},
			{"//c.example:8080/x", 303, "origin", "http://c.example:8080/x#top", ""},
		}},
		// same origin: the full URL, stripped, until a hop leaves it
		{"https://a.example/login", "GET", "https://u:p@a.example/account?tab=2#f", "", []hop{
			{"/home", 302, "", "https://a.example/home", "https://a.example/account?tab=2"},
			{"https://a.example:8443/x", 302, "unsafe-url", "https://a.example:8443/x", "https://a.example/account?tab=2"},
			{"https://b.example/", 302, "strict-origin-when-cross-origin", "https://b.example/", "https://a.example/"},
			{"https://a.example/back", 302, "unsafe-url", "https://a.example/back", "https://a.example/"},
		}},
		// the first request, from an https page to an http URL, sent no
		// Referer (a downgrade), and no hop after it sends one
		{"http://example.com/old", "GET", "https://news.example/today", "", []hop{
			{"https://example.com/new", 301, "unsafe-url", "https://example.com/new", ""},
		}},
		// the record keeps '|' where the URI writes %7C: the next hop
		// resolves against the record, and its href keeps it too
		{"https://a.example/", "GET", "", "", []hop{
			{"https://a.example/x|y/z#f", 302, "", "https://a.example/x|y/z#f", ""},
			{"w", 302, "", "https://a.example/x|y/w#f", ""},
			{"HTTPS://A.example:443/v", 302, "", "https://a.example/v#f", ""},
		}},
		{"http://127.0.0.1:8080/a#frag", "PUT", "data:,x", "", []hop{
			{"http://localhost/b", 303, "", "http://localhost/b#frag", ""},
			{"https://[::1]/c", 307, "", "https://[::1]/c#frag", ""},
		}},
	} {
		chain, err := WebParser{}.NewRedirectChain(MustParse(c.current), c.method, parseOrZero(t, c.referrer), c.policy)
		if err != nil {
			t.Fatalf("NewRedirectChain(%q): %v", c.current, err)
		}
		current, method, policy := MustParse(c.current), c.method, c.policy
		// the Referer the request to current sent: the page's URL as the
		// policy strips it, then what each hop sent
		sent := (WebParser{}).Referrer(parseOrZero(t, c.referrer), current, policy)
		referrer := parseOrZero(t, sent)
		for _, want := range c.hops {
			got, err := chain.Follow(want.location, want.status, want.policy)
			p := policy
			if want.policy != "" {
				p = want.policy
			}
			single, serr := WebParser{}.Redirect(current, want.location, want.status, method, referrer, p)
			if want.href == "" {
				if !errors.Is(err, ErrRedirect) || serr == nil || err.Error() != serr.Error() {
					t.Errorf("%s: Follow(%q) = %v, want the error Redirect gives, %v", c.current, want.location, err, serr)
				}
				continue
			}
			if err != nil || got.Href != want.href || got.Referer != want.referer {
				t.Errorf("%s: Follow(%q) = %q, Referer %q, %v; want %q, %q", c.current, want.location, got.Href, got.Referer, err, want.href, want.referer)
				continue
			}
			if serr != nil || single.URL != got.URL || single.SameOrigin != got.SameOrigin || single.Referer != got.Referer ||
				single.Method != got.Method || strings.Join(single.Drop, " ") != strings.Join(got.Drop, " ") {
				t.Errorf("%s: Follow(%q) = %+v; Redirect gives %+v, %v", c.current, want.location, got, single, serr)
			}
			if u, err := ParseWeb(got.Href); err != nil || u != got.URL {
				t.Errorf("%s: Follow(%q): URL %v is not ParseWeb(Href) (%v)", c.current, want.location, got.URL, err)
			}
			if w := (WebParser{}).Referrer(parseOrZero(t, sent), got.URL, p); got.Referer != w {
				t.Errorf("%s: Follow(%q): Referer %q, Referrer of the one sent before (%q) gives %q", c.current, want.location, got.Referer, sent, w)
			}
			current, method, policy, sent = got.URL, got.Method, p, got.Referer
			referrer = parseOrZero(t, got.Referer)
		}
	}

	// a loop: 20 redirects, then a network error
	chain, err := WebParser{}.NewRedirectChain(MustParse("https://a.example/loop"), "GET", URI{}, "")
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 21; i++ {
		_, err := chain.Follow("/loop", 302, "")
		var e *Error
		if last := i == 21; last != (err != nil) || last && (!errors.As(err, &e) || !errors.Is(err, ErrRedirect) || e.Offset != 0 || e.Input != "/loop") {
			t.Fatalf("redirect %d: %v", i, err)
		}
	}
	if _, err := (WebParser{}).NewRedirectChain(MustParse("http://a:99999/"), "GET", URI{}, ""); !errors.Is(err, ErrWebBase) {
		t.Errorf("a bad current URL: %v, want ErrWebBase", err)
	}
}

// TestRedirectChainTable follows the chains of
// testdata/redirect_chain_node.txt, computed from the standards' text by
// testdata/redirect_chain_node.js: each hop's next URL, same-origin
// answer, method, headers to drop and Referer, and a refused Location
// that leaves the chain as it was. The first Referer of each chain is
// WebParser.Referrer's of the page and the first URL.
func TestRedirectChainTable(t *testing.T) {
	var chain *RedirectChain
	var label string
	counts := map[string]int{}
	for _, r := range readQuotedRows(t, "testdata/redirect_chain_node.txt") {
		counts[r.kind]++
		switch r.kind {
		case "chain":
			current, page := MustParseWeb(t, r.args[0]), parseOrZero(t, r.args[1])
			policy := ReferrerPolicy(r.args[2])
			if got := (WebParser{}).Referrer(page, current, policy); got != r.args[3] {
				t.Errorf("line %d: the first request's Referer %q, want %q", r.line, got, r.args[3])
			}
			var err error
			if chain, err = (WebParser{}).NewRedirectChain(current, r.words[0], page, policy); err != nil {
				t.Fatalf("line %d: NewRedirectChain: %v", r.line, err)
			}
			label = fmt.Sprintf("chain of line %d", r.line)
		case "hop", "refuse":
			status, _ := strconv.Atoi(r.words[0])
			h, err := chain.Follow(r.args[0], status, ReferrerPolicy(r.args[1]))
			if r.kind == "refuse" {
				if !errors.Is(err, ErrWeb) && !errors.Is(err, ErrRedirect) {
					t.Errorf("line %d (%s): Follow(%q) = %+v, %v; want a refusal", r.line, label, r.args[0], h, err)
				}
				continue
			}
			wantSame, wantMethod := r.words[1] == "true", r.words[2]
			if err != nil || h.Href != r.args[2] || h.SameOrigin != wantSame || h.Method != wantMethod ||
				strings.Join(h.Drop, " ") != r.args[3] || h.Referer != r.args[4] {
				t.Errorf("line %d (%s): Follow(%q, %d, %q) =\n\t%q %v %s %q %q, %v; want\n\t%q %v %s %q %q", r.line, label,
					r.args[0], status, r.args[1], h.Href, h.SameOrigin, h.Method, h.Drop, h.Referer, err,
					r.args[2], wantSame, wantMethod, r.args[3], r.args[4])
			}
			if u, err := ParseWeb(h.Href); err != nil || u != h.URL {
				t.Errorf("line %d: URL %v is not ParseWeb(Href) (%v)", r.line, h.URL, err)
			}
		default:
			t.Fatalf("line %d: unknown kind %q", r.line, r.kind)
		}
	}
	if counts["hop"] < 500 {
		t.Errorf("%d hops, want at least 500", counts["hop"])
	}
	t.Logf("testdata/redirect_chain_node.txt: %v", counts)
}

// parseOrZero is MustParse, and the zero URI for "".
func parseOrZero(t *testing.T, s string) URI {
	if s == "" {
		return URI{}
	}
	return MustParseWeb(t, s)
}

// FuzzRedirectChain follows up to three hops with a RedirectChain and
// with WebParser.Redirect given what the hop before left (the URL, the
// method, the policy and the Referer it sent): the same URL, same-origin
// answer, Referer, method and headers to drop on every hop, a Referer that
// is Referrer of the one sent before (none after none),
// the same error where one fails (and then the chain goes on as it was),
// and an Href that ParseWeb reads as the URL.
func FuzzRedirectChain(f *testing.F) {
	f.Add("https://a.com/x#f", "POST", "https://u:p@a.com/p?q#f", uint8(0), "//b.com", 302, uint8(9), "/x|y/z", 303, uint8(7), "w?q", 307, uint8(2))
	f.Add("http://a/reset?token=1", "PUT", "http://a/", uint8(8), "http:b", 301, uint8(0), "javascript:x", 302, uint8(9), "HTTP://A:80/%7e", 308, uint8(9))
	f.Add("https://a.com/", "GET", "data:,x", uint8(2), "/\\evil.test", 301, uint8(9), "#", 302, uint8(9), "..", 302, uint8(1))
	f.Fuzz(func(t *testing.T, current, method, referrer string, pol uint8,
		loc1 string, status1 int, pol1 uint8, loc2 string, status2 int, pol2 uint8, loc3 string, status3 int, pol3 uint8) {
		policyOf := func(b uint8) ReferrerPolicy {
			if int(b) < len(referrerPolicies) {
				return referrerPolicies[b]
			}
			return ""
		}
		cu, err := ParseWeb(current)
		if err != nil {
			return
		}
		ru, _ := ParseWeb(referrer)
		policy := policyOf(pol)
		chain, err := WebParser{}.NewRedirectChain(cu, method, ru, policy)
		if err != nil {
			t.Fatalf("NewRedirectChain(%q): %v", current, err)
		}
		// the Referer the request to cu sent, which Redirect takes
		sent := (WebParser{}).Referrer(ru, cu, policy)
		ru, _ = ParseWeb(sent)
		for _, hop := range []struct {
			location string
			status   int
			policy   ReferrerPolicy
		}{{loc1, status1, policyOf(pol1)}, {loc2, status2, policyOf(pol2)}, {loc3, status3, policyOf(pol3)}} {
			got, err := chain.Follow(hop.location, hop.status, hop.policy)
			p := policy
			if hop.policy != "" {
				p = hop.policy
			}
			want, werr := WebParser{}.Redirect(cu, hop.location, hop.status, method, ru, p)
			if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
				t.Fatalf("Follow(%q) from %v: %v; Redirect: %v", hop.location, cu, err, werr)
			}
			if err != nil {
				continue
			}
			if got.URL != want.URL || got.SameOrigin != want.SameOrigin || got.Referer != want.Referer ||
				got.Method != want.Method || strings.Join(got.Drop, " ") != strings.Join(want.Drop, " ") {
				t.Fatalf("Follow(%q) from %v = %+v; Redirect gives %+v", hop.location, cu, got, want)
			}
			if u, err := ParseWeb(got.Href); err != nil || u != got.URL {
				t.Fatalf("Follow(%q) from %v: Href %q, ParseWeb gives %v, %v; URL %v", hop.location, cu, got.Href, u, err, got.URL)
			}
			// a Referer is the one sent before, stripped again: never more
			if w := (WebParser{}).Referrer(ru, got.URL, p); got.Referer != w || sent == "" && w != "" {
				t.Fatalf("Follow(%q) from %v: Referer %q after %q; Referrer gives %q", hop.location, cu, got.Referer, sent, w)
			}
			cu, method, policy, sent = got.URL, got.Method, p, got.Referer
			ru, _ = ParseWeb(sent)
		}
	})
}
