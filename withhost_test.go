package uri

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestWithHostRow8 holds issue #24, row 8: WithHost rejects a name that
// no resolver nor IDNA processing accepts, at the first byte at fault.
func TestWithHostRow8(t *testing.T) {
	base := MustParse("https://h/")
	for _, tt := range []struct {
		name string
		off  int
	}{
		{"a b", 1},
		{"evil.com\x00.good.com", 8},
		{"a\tb", 1}, {"a\r\nb", 1}, {"\x7f", 0}, {"a<b", 1}, {"a>b", 1}, {"a^b", 1}, {"a|b", 1},
		{"a:b", 1}, {"a%41", 1}, {"a\\b", 1},
		{"b\u00a0c", 1}, {"b\u2028c", 1}, {"b\u0085c", 1}, {"é\u3000", 2}, {"ab\xff", 2}, {"a\ufffd", 1},
	} {
		u, err := base.WithHost(tt.name)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrHost) || e.Offset != tt.off || e.Input != tt.name {
			t.Errorf("WithHost(%q) = %q, %#v; want ErrHost at offset %d", tt.name, u, err, tt.off)
		}
	}
	for _, tt := range [][2]string{
		{"example.com", "https://example.com/"},
		{"EXAMPLE.com.", "https://EXAMPLE.com./"},
		{"a_b-c~d!$&'()*+,;=", "https://a_b-c~d!$&'()*+,;=/"},
		{"{a}`\"", "https://%7Ba%7D%60%22/"},
		{"bücher.de", "https://b%C3%BCcher.de/"},
		{"xn--bcher-kva.de", "https://xn--bcher-kva.de/"},
	} {
		u, err := base.WithHost(tt[0])
		if err != nil || u.String() != tt[1] {
			t.Errorf("WithHost(%q) = %q, %v; want %q", tt[0], u, err, tt[1])
		}
		checkWithHostReaders(t, tt[0], u)
	}
	// Without UTS #46 processing, code points that it maps to a forbidden
	// domain code point are data, as the doc says; IRI shows them encoded.
	for _, tt := range [][2]string{
		{"a\uFF0Fb", "https://a%EF%BC%8Fb/"},
		{"good.com\uFE6Bevil", "https://good.com%EF%B9%ABevil/"},
		{"a\u2100b", "https://a%E2%84%80b/"},
	} {
		u, err := base.WithHost(tt[0])
		if err != nil || u.String() != tt[1] || u.IRI() != tt[1] {
			t.Errorf("WithHost(%q) = %q (IRI %q), %v; want %q", tt[0], u, u.IRI(), err, tt[1])
		}
	}
}

// checkWithHostReaders checks the other side of WithHost's result: net/url
// and the URI's own URL method read the host name was, or net/url rejects
// it; a browser (the web parser) reads it lowercased, unless it is a
// number (an IPv4 address, which WithAddr writes) or needs IDNA.
func checkWithHostReaders(t testing.TB, name string, u URI) {
	t.Helper()
	if err := u.Validate(); err != nil {
		t.Fatalf("WithHost(%q) = %q: %v", name, u, err)
	}
	if d, err := Decode(u.Host); err != nil || d != name {
		t.Fatalf("WithHost(%q) has the host %q, which decodes to %q", name, u.Host, d)
	}
	if v, err := url.Parse(u.String()); err == nil && v.Hostname() != name {
		t.Fatalf("WithHost(%q) = %q: net/url reads the host %q", name, u, v.Hostname())
	}
	if h := u.URL().Hostname(); h != name {
		if d, _ := Decode(h); d != name {
			t.Fatalf("WithHost(%q).URL() has the host %q", name, h)
		}
	}
	lower := strings.ToLower(name)
	for i := 0; i < len(lower); i++ {
		if lower[i] >= utf8.RuneSelf {
			return // IDNA
		}
	}
	if strings.Contains(lower, "xn--") || endsInNumber(lower) {
		return
	}
	w, err := ParseWeb(u.String())
	if err != nil {
		t.Fatalf("WithHost(%q) = %q, which a browser rejects: %v", name, u, err)
	}
	if d, _ := Decode(w.Host); d != lower {
		t.Fatalf("WithHost(%q) = %q: a browser reads the host %q", name, u, d)
	}
}

// FuzzWithHost checks WithHost on any name: it accepts exactly what its
// documented rule (hostRejected, spelled independently) accepts, rejects
// the rest with ErrHost at an offset inside the name, and what it accepts
// net/url, URL() and a browser read as the same host.
func FuzzWithHost(f *testing.F) {
	for _, s := range []string{"example.com", "a b", "evil.com\x00.good.com", "bücher.de", "b\u00a0c", "{a}", "0x7f.1", "EXAMPLE.COM", "\xff", "a\u3000"} {
		f.Add(s)
	}
	base := MustParse("https://h/x")
	f.Fuzz(func(t *testing.T, name string) {
		u, err := base.WithHost(name)
		if rejected := hostRejected(name); rejected != (err != nil) {
			t.Fatalf("WithHost(%q) = %q, %v; the rule says rejected=%v", name, u, err, rejected)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrHost) || e.Input != name || e.Offset < 0 || e.Offset > len(name) {
				t.Fatalf("WithHost(%q): %#v", name, err)
			}
			return
		}
		checkWithHostReaders(t, name, u)
	})
}
