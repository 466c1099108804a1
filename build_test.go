package uri

import (
	"errors"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestBuild(t *testing.T) {
	must := func(u URI, err error) URI {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	u := must(URI{}.WithScheme("https"))
	u = must(u.WithHost("example.com"))
	u = must(u.WithPath("docs", "a b", "c/d", "ü"))
	u = u.WithQueryParam("q", "x&y=z+1")
	u = u.AddQueryParam("tag", "a")
	u = u.AddQueryParam("tag", "b")
	u = u.WithFragment("sec 1")
	const want = "https://example.com/docs/a%20b/c%2Fd/%C3%BC?q=x%26y%3Dz%2B1&tag=a&tag=b#sec%201"
	if u.String() != want {
		t.Fatalf("built %q\n want %q", u, want)
	}
	if err := u.Validate(); err != nil {
		t.Fatal(err)
	}
	if v, ok := u.QueryParam("q"); !ok || v != "x&y=z+1" {
		t.Errorf("QueryParam(q) = %q, %v", v, ok)
	}
	var segs []string
	for s, err := range u.DecodedSegments() {
		if err != nil {
			t.Fatal(err)
		}
		segs = append(segs, s)
	}
	if !slices.Equal(segs, []string{"docs", "a b", "c/d", "ü"}) {
		t.Errorf("segments = %q", segs)
	}

	tests := []struct {
		got, want string
	}{
		{u.WithQueryParam("tag", "c").String(), "https://example.com/docs/a%20b/c%2Fd/%C3%BC?q=x%26y%3Dz%2B1&tag=c#sec%201"},
		{u.WithoutQueryParam("tag").String(), "https://example.com/docs/a%20b/c%2Fd/%C3%BC?q=x%26y%3Dz%2B1#sec%201"},
		{u.WithoutQueryParam("absent").String(), u.String()},
		{u.WithoutQuery().WithoutFragment().String(), "https://example.com/docs/a%20b/c%2Fd/%C3%BC"},
		{MustParse("http://a/?x=1").WithoutQueryParam("x").String(), "http://a/?"},
		{MustParse("http://a/").WithoutQueryParam("x").String(), "http://a/"},
		{MustParse("http://a/?a=1&&b=2&a=3").WithQueryParam("a", "9").String(), "http://a/?a=9&&b=2"}, // the empty pair stays (issue #23)
		{MustParse("http://a/?%61=1").WithQueryParam("a", "2").String(), "http://a/?a=2"},
		{must(MustParse("http://a/x").WithPath()).String(), "http://a"},
		{must(MustParse("http://a").WithPath("")).String(), "http://a/"},
		{must(MustParse("s:").WithPath("", "x")).String(), "s:/.//x"},
		{must(MustParse("http://a/").WithPort(8080)).String(), "http://a:8080/"},
		{must(MustParse("http://a/").WithUser("jo:e@x")).String(), "http://jo%3Ae%40x@a/"},
		{must(MustParse("http://a/").WithUserPassword("joe", "p:w d")).String(), "http://joe:p:w%20d@a/"},
		{MustParse("http://u:p@a/").WithoutUserinfo().String(), "http://a/"},
		{must(MustParse("http://a/").WithAddr(netip.MustParseAddr("2001:db8::1"))).String(), "http://[2001:db8::1]/"},
		{must(MustParse("http://a/").WithAddr(netip.MustParseAddr("192.0.2.1"))).String(), "http://192.0.2.1/"},
		{must(MustParse("http://a/").WithAddr(netip.MustParseAddr("::ffff:192.0.2.1"))).String(), "http://[::ffff:192.0.2.1]/"},
		{must(MustParse("http://a/").WithHost("exa{mple}")).String(), "http://exa%7Bmple%7D/"},
		{must(MustParse("//a/").WithScheme("git+ssh")).String(), "git+ssh://a/"},
		{must(MustParse("http://a/").WithScheme("")).String(), "//a/"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got  %q\nwant %q", tt.got, tt.want)
		}
	}

	errs := []struct {
		name string
		err  error
		want error
	}{
		{"scheme 1x", second(URI{}.WithScheme("1x")), ErrScheme},
		{"scheme with colon", second(URI{}.WithScheme("a:b")), ErrScheme},
		{"host beside a rootless path", second(MustParse("mailto:a@b").WithHost("h")), ErrPath},
		{"port beside a rootless path", second(MustParse("urn:x").WithPort(1)), ErrPath},
		{"zone", second(URI{}.WithAddr(netip.MustParseAddr("fe80::1%en0"))), ErrHost},
		{"invalid addr", second(URI{}.WithAddr(netip.Addr{})), ErrHost},
		{"no scheme, colon in first segment", second(MustParse("s:a:b").WithScheme("")), ErrScheme},
	}
	for _, tt := range errs {
		if !errors.Is(tt.err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, tt.err, tt.want)
		}
	}
}

func second(_ URI, err error) error { return err }

// FuzzBuild builds URIs from arbitrary data and checks that the result is
// valid and decodes back to the data.
func FuzzBuild(f *testing.F) {
	f.Add("https", "example.com", "a b", "c/d", "k", "v&=+", "frag", "user:x", "p@ss")
	f.Add("", "", "", "", "", "", "", "", "")
	f.Add("s", "%41", "..", ".", "%", "%zz", "#", "@", ":")
	f.Fuzz(func(t *testing.T, scheme, host, seg1, seg2, key, value, frag, user, pass string) {
		u, err := URI{}.WithScheme(scheme)
		if err != nil {
			if !errors.Is(err, ErrScheme) {
				t.Fatalf("WithScheme(%q): %v", scheme, err)
			}
			u = URI{Scheme: "s"}
		}
		steps := []func(URI) (URI, error){
			func(u URI) (URI, error) { return u.WithHost(host) },
			func(u URI) (URI, error) { return u.WithUserPassword(user, pass) },
			func(u URI) (URI, error) { return u.WithPath(seg1, seg2) },
			func(u URI) (URI, error) { return u.WithQueryParam(key, value), nil },
			func(u URI) (URI, error) { return u.WithFragment(frag), nil },
		}
		for i, step := range steps {
			v, err := step(u)
			if err != nil {
				// The documented rejections, and only those.
				switch {
				case i == 0 && errors.Is(err, ErrHost) && hostRejected(host):
				case i == 2 && errors.Is(err, ErrPath) && (seg1 == "." || seg1 == ".." || seg2 == "." || seg2 == ".."):
				default:
					t.Fatalf("building on %q: %v", u, err)
				}
				return
			}
			if err := v.Validate(); err != nil {
				t.Fatalf("built an invalid URI %q: %v", v, err)
			}
			if w, err := Parse(v.String()); err != nil || w != v {
				t.Fatalf("%q does not reparse to itself: %#v %v", v, w, err)
			}
			u = v
		}
		if got, ok := u.QueryParam(key); !ok || got != value {
			t.Errorf("QueryParam(%q) = %q, %v; want %q", key, got, ok, value)
		}
		if got, _ := Decode(u.Fragment); got != frag {
			t.Errorf("fragment decodes to %q, want %q", got, frag)
		}
		if got, _ := Decode(u.Host); got != host {
			t.Errorf("host decodes to %q, want %q", got, host)
		}
		var segs []string
		for s, err := range u.DecodedSegments() {
			if err != nil {
				t.Fatal(err)
			}
			segs = append(segs, s)
		}
		if !slices.Equal(segs, []string{seg1, seg2}) {
			t.Errorf("segments %q, want %q", segs, []string{seg1, seg2})
		}
		// Data never becomes a dot segment, not even after normalization,
		// and the host decodes to no delimiter.
		for _, l := range []Level{SyntaxBased, SchemeBased} {
			if p := u.Normalize(l).Path; RemoveDotSegments(p) != p {
				t.Errorf("%q at %v has the path %q, which has dot segments", u, l, p)
			}
		}
		if h, _ := Decode(u.Host); strings.ContainsAny(h, ":/?#[]@%\\") {
			t.Errorf("host %q decodes to a delimiter", u.Host)
		}
	})
}

// hostRejected is WithHost's documented rule, spelled independently:
// empty, a delimiter, '\', '%', a forbidden domain code point of the URL
// Standard, or, beyond ASCII, invalid UTF-8, U+FFFD, a control or white
// space.
func hostRejected(name string) bool {
	if name == "" || !utf8.ValidString(name) {
		return true
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(":/?#[]@\\% <>^|", r) ||
			r == utf8.RuneError || r >= 0x80 && (unicode.IsControl(r) || unicode.IsSpace(r)) {
			return true
		}
	}
	return false
}

// TestBuildersRejectSyntax holds issue #10, row 3 and its neighbours:
// data given to WithPath and WithHost never turns into syntax.
func TestBuildersRejectSyntax(t *testing.T) {
	base := MustParse("http://h/")
	for _, segs := range [][]string{{"files", "..", "admin"}, {"."}, {".."}, {"a", "."}} {
		if u, err := base.WithPath(segs...); !errors.Is(err, ErrPath) {
			t.Errorf("WithPath(%q) = %q, %v; want ErrPath", segs, u, err)
		}
	}
	for _, segs := range [][]string{{"..."}, {".a"}, {"a.."}, {"%2E%2E"}, {". "}} {
		u, err := base.WithPath(segs...)
		if err != nil {
			t.Errorf("WithPath(%q): %v", segs, err)
			continue
		}
		if p := u.Normalize(SchemeBased).Path; RemoveDotSegments(p) != p {
			t.Errorf("WithPath(%q) normalizes to %q", segs, p)
		}
	}
	for _, name := range []string{"", "127.0.0.1:6379", "[::1]", "::1", "a/b", "a@b", "a?b", "a#b", "a%3Ab", "a%b", "a\\b",
		"a b", "evil.com\x00.good.com", "a\tb", "a\nb", "a<b", "a>b", "a^b", "a|b", "a\x7fb", "a\u00a0b", "a\u0085b", "a\u3000b", "a\xffb", "a\ufffdb"} {
		if u, err := base.WithHost(name); !errors.Is(err, ErrHost) {
			t.Errorf("WithHost(%q) = %q, %v; want ErrHost", name, u, err)
		}
	}
	for _, tt := range [][2]string{{"example.com", "example.com"}, {"ex!ample", "ex!ample"}, {"例.jp", "%E4%BE%8B.jp"}, {"127.0.0.1", "127.0.0.1"}, {"a_b~c", "a_b~c"}, {"a\"b`c", "a%22b%60c"}, {"bücher.de", "b%C3%BCcher.de"}} {
		u, err := base.WithHost(tt[0])
		if err != nil || u.Host != tt[1] {
			t.Errorf("WithHost(%q) = %q, %v; want host %q", tt[0], u.Host, err, tt[1])
		}
	}
}
