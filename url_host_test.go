package uri

import (
	"net/url"
	"strings"
	"testing"
)

// TestURLHostPort holds the rows of issue #10, row 1: a URL from URL() must
// make net/http dial the host and port that the accessors describe, or
// nothing at all.
func TestURLHostPort(t *testing.T) {
	for _, tt := range []struct {
		u              URI
		hostname, port string // what net/url reads from the *url.URL
	}{
		{MustParse("http://127.0.0.1%3A6379/"), "127.0.0.1%3A6379", ""},
		{MustParse("http://%5B%3A%3A1%5D/"), "%5B%3A%3A1%5D", ""},
		{MustParse("http://%5B%3A%3A1%5D:81/"), "%5B%3A%3A1%5D", "81"},
		{MustParse("http://a%40b/"), "a%40b", ""},
		{MustParse("http://a%2Fb/"), "a%2Fb", ""},
		{MustParse("http://a%20b/"), "a%20b", ""},
		{MustParse("http://a%25b/"), "a%25b", ""},
		{MustParse("http://a%00b/"), "a%00b", ""},
		{MustParse("http://a%FFb/"), "a%FFb", ""},
		{MustParse("http://[v1.x]:80/"), "%5Bv1.x%5D", "80"},
		{MustParse("http://ex%61mple.com:8080/"), "example.com", "8080"},
		{MustParse("http://%E4%BE%8B.jp/"), "例.jp", ""},
		{MustParse("http://a!b$c/"), "a!b$c", ""},
		{MustParse("http://127.0.0.1:80/"), "127.0.0.1", "80"},
		{MustParse("http://[::1]:443/"), "::1", "443"},
		{MustParse("http://[::ffff:127.0.0.1]/"), "::ffff:127.0.0.1", ""},
		{MustParse("http://h:/"), "h", ""},
		{URI{Scheme: "http", HasAuthority: true, Host: "127.0.0.1:6379"}, "127.0.0.1%3A6379", ""},
		{URI{Scheme: "http", HasAuthority: true, Host: "[::1%eth0]"}, "%5B%3A%3A1%25eth0%5D", ""},
		{URI{Scheme: "http", HasAuthority: true, Host: "a@b"}, "a%40b", ""},
	} {
		v := tt.u.URL()
		if v.Hostname() != tt.hostname || v.Port() != tt.port {
			t.Errorf("%#v.URL(): Hostname %q, Port %q; want %q, %q", tt.u, v.Hostname(), v.Port(), tt.hostname, tt.port)
		}
		checkURLHost(t, tt.u)
	}
	b, err := MustParse("http://h/").WithHost("127.0.0.1:6379")
	if err == nil {
		if v := b.URL(); v.Port() != "" {
			t.Errorf("WithHost(%q).URL() dials port %q", "127.0.0.1:6379", v.Port())
		}
	}
}

// checkURLHost checks the property of URL for one URI: net/url reads from
// the *url.URL, and from its text, either the host and port u's accessors
// give, or a host with a '%' in it, which no resolver accepts.
func checkURLHost(t *testing.T, u URI) {
	t.Helper()
	if !u.HasAuthority {
		return
	}
	v := u.URL()
	wantHost := u.Host
	switch u.HostKind() {
	case IPv6:
		wantHost = strings.TrimSuffix(strings.TrimPrefix(u.Host, "["), "]")
	case RegName:
		wantHost = decodeOrRaw(u.Host)
	}
	if h := v.Hostname(); h != wantHost && !strings.Contains(h, "%") {
		t.Errorf("%#v.URL().Hostname() = %q, want %q or a host with '%%'", u, h, wantHost)
	}
	if v.Port() != u.Port && (u.Port != "" || v.Port() != "") {
		t.Errorf("%#v.URL().Port() = %q, want %q", u, v.Port(), u.Port)
	}
	if strings.Contains(v.Hostname(), "%") && strings.ContainsAny(v.Hostname(), ":[]@/?#") {
		t.Errorf("%#v.URL().Hostname() = %q holds a delimiter", u, v.Hostname())
	}
	w, err := url.Parse(v.String())
	if err != nil {
		return // net/url rejects its own text: nothing is dialled
	}
	if w.Hostname() != v.Hostname() || w.Port() != v.Port() {
		t.Errorf("%#v: url.Parse(URL().String()=%q) reads host %q port %q, URL() has %q %q", u, v.String(), w.Hostname(), w.Port(), v.Hostname(), v.Port())
	}
}

// FuzzURLHostPort checks checkURLHost on parsed input and on hand-built
// values whose host and port are arbitrary strings.
func FuzzURLHostPort(f *testing.F) {
	for _, s := range []string{"http://127.0.0.1%3A6379/", "http://%5B%3A%3A1%5D/", "http://[::1]:80/", "http://a@b:1/", "http://[v1.x]/", "http://%E4%BE%8B/"} {
		f.Add(s, "h", "80")
	}
	f.Add("", "127.0.0.1:6379", "")
	f.Add("", "[::1]", "1")
	f.Fuzz(func(t *testing.T, s, host, port string) {
		if u, err := Parse(s); err == nil {
			checkURLHost(t, u)
		}
		u := URI{Scheme: "http", HasAuthority: true, Host: host, Port: port, HasPort: port != "", Path: "/"}
		if u.Validate() != nil {
			// Only the host is at stake here: a port that is not digits is
			// out of scope (net/url rejects it), a host is kept closed.
			u.Port, u.HasPort = "", false
		}
		checkURLHost(t, u)
	})
}
