package uri

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestJSONRoundTrip(t *testing.T) {
	type page struct {
		Self  URI   `json:"self"`
		Links []URI `json:"links"`
		Base  *URI  `json:"base,omitempty"`
	}
	in := page{
		Self:  MustParse("http://a/b?"),
		Links: []URI{MustParse("http://a/b#"), MustParse("../c"), MustParse(""), MustParse("urn:x:y")},
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"self":"http://a/b?","links":["http://a/b#","../c","","urn:x:y"]}`
	if string(b) != want {
		t.Fatalf("json.Marshal = %s, want %s", b, want)
	}
	var out page
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out.Self != in.Self || len(out.Links) != len(in.Links) {
		t.Fatalf("round trip: %+v", out)
	}
	for i := range in.Links {
		if out.Links[i] != in.Links[i] {
			t.Errorf("link %d: %#v, want %#v", i, out.Links[i], in.Links[i])
		}
	}

	// Unmarshalling validates, and the error is the parser's.
	err = json.Unmarshal([]byte(`{"self":"http://a/b c"}`), &out)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrPath) || e.Offset != 10 {
		t.Errorf("json.Unmarshal of an invalid URI: %v", err)
	}
	// Marshalling refuses a hand-built value that would not read back.
	if _, err := json.Marshal(URI{Scheme: "http", Path: "//x"}); !errors.Is(err, ErrPath) {
		t.Errorf("json.Marshal of an invalid URI: %v", err)
	}
}

func TestXMLAndBinary(t *testing.T) {
	type doc struct {
		XMLName xml.Name `xml:"doc"`
		Href    URI      `xml:"href,attr"`
		Src     URI      `xml:"src"`
	}
	in := doc{Href: MustParse("http://a/?q=1&r=2"), Src: MustParse("//cdn/x.js")}
	b, err := xml.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out doc
	if err := xml.Unmarshal(b, &out); err != nil || out.Href != in.Href || out.Src != in.Src {
		t.Fatalf("xml round trip of %s: %+v, %v", b, out, err)
	}
	u := MustParse("s://u@h:1/p?q#f")
	bin, err := u.MarshalBinary()
	var v URI
	if err != nil || v.UnmarshalBinary(bin) != nil || v != u {
		t.Fatalf("binary round trip: %q %v %#v", bin, err, v)
	}
	// AppendText appends, and leaves the buffer alone on failure.
	buf := []byte("x=")
	if buf, err = u.AppendText(buf); err != nil || string(buf) != "x=s://u@h:1/p?q#f" {
		t.Errorf("AppendText = %q, %v", buf, err)
	}
	if got, err := (URI{Path: "a:b"}).AppendText(buf); err == nil || string(got) != string(buf) {
		t.Errorf("AppendText of an invalid URI = %q, %v", got, err)
	}
}

func TestFlagTextVar(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(new(bytes.Buffer))
	var endpoint URI
	fs.TextVar(&endpoint, "endpoint", MustParse("http://localhost:8080/"), "the service endpoint")
	if err := fs.Parse([]string{"-endpoint", "https://example.com/api?v=2"}); err != nil {
		t.Fatal(err)
	}
	if endpoint != MustParse("https://example.com/api?v=2") {
		t.Errorf("endpoint = %v", endpoint)
	}
	if err := fs.Parse([]string{"-endpoint", "http://exa mple.com/"}); err == nil || !strings.Contains(err.Error(), "invalid host") {
		t.Errorf("flag with an invalid URI: %v", err)
	}
	if def := fs.Lookup("endpoint").DefValue; def != "http://localhost:8080/" {
		t.Errorf("DefValue = %q", def)
	}
}

// TestSQL round-trips through the Valuer and Scanner interfaces the way
// database/sql calls them, without a driver.
func TestSQL(t *testing.T) {
	u := MustParse("https://user@example.com/a%20b?#")
	v, err := u.Value()
	if err != nil || v != "https://user@example.com/a%20b?#" {
		t.Fatalf("Value = %v, %v", v, err)
	}
	var back URI
	if err := back.Scan(v); err != nil || back != u {
		t.Fatalf("Scan(string) = %#v, %v", back, err)
	}
	back = URI{}
	if err := back.Scan([]byte("https://user@example.com/a%20b?#")); err != nil || back != u {
		t.Fatalf("Scan([]byte) = %#v, %v", back, err)
	}
	if err := back.Scan(nil); err == nil {
		t.Error("Scan(nil) succeeded")
	}
	if err := back.Scan(42); err == nil {
		t.Error("Scan(42) succeeded")
	}
	if err := back.Scan("not a uri"); !errors.Is(err, ErrPath) {
		t.Errorf("Scan(invalid) = %v", err)
	}
	// A nullable column: sql.Null[URI] uses Scan for non-NULL values.
	var n sql.Null[URI]
	if err := n.Scan(nil); err != nil || n.Valid {
		t.Errorf("Null.Scan(nil) = %v, %v", n, err)
	}
	if err := n.Scan("urn:a:b"); err != nil || !n.Valid || n.V != MustParse("urn:a:b") {
		t.Errorf("Null.Scan = %v, %v", n, err)
	}
	if _, err := (URI{Scheme: "1"}).Value(); !errors.Is(err, ErrScheme) {
		t.Errorf("Value of an invalid URI: %v", err)
	}
}

func TestRedactedAndLogging(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://user:secret@example.com/x", "http://user:xxxxx@example.com/x"},
		{"http://user:@example.com/", "http://user:xxxxx@example.com/"},
		{"http://user@example.com/", "http://user@example.com/"},
		{"http://example.com/a:b@c", "http://example.com/a:b@c"},
		{"ftp://a:b:c@h", "ftp://a:xxxxx@h"},
		{"mailto:a:b@example.com", "mailto:a:b@example.com"},
	}
	for _, tt := range tests {
		if got := MustParse(tt.in).Redacted(); got != tt.want {
			t.Errorf("Redacted(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	log.Info("fetch", "url", MustParse("https://bob:hunter2@example.com/"))
	if strings.Contains(buf.String(), "hunter2") || !strings.Contains(buf.String(), `"url":"https://bob:xxxxx@example.com/"`) {
		t.Errorf("slog output: %s", buf.String())
	}
}

func TestAccessors(t *testing.T) {
	tests := []struct {
		in                 string
		authority          string
		absolute, relative bool
	}{
		{"http://u@h:8/p", "u@h:8", true, false},
		{"http://h/p#f", "h", false, false},
		{"http://[::1]:/", "[::1]:", true, false},
		{"file:///etc", "", true, false},
		{"mailto:a@b", "", true, false},
		{"//h/p", "h", false, true},
		{"../p", "", false, true},
		{"#f", "", false, true},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		if got := u.Authority(); got != tt.authority {
			t.Errorf("Authority(%q) = %q, want %q", tt.in, got, tt.authority)
		}
		if u.IsAbsolute() != tt.absolute || u.IsRelative() != tt.relative {
			t.Errorf("%q: IsAbsolute %v, IsRelative %v", tt.in, u.IsAbsolute(), u.IsRelative())
		}
	}
}

// netURLRepresents reports whether net/url can hold u without changing its
// text: the exceptions URL documents.
func netURLRepresents(u URI) bool {
	switch {
	case u.HasFragment && u.Fragment == "":
		return false
	case u.HasAuthority && u.Host == "" && !u.HasUserinfo && !u.HasPort && (u.Scheme == "" || u.Path == ""):
		return false
	case u.HasAuthority && u.Scheme == "" && u.Host == "" && !u.HasUserinfo:
		return false
	case u.HasUserinfo && u.URL().User.String() != u.Userinfo:
		return false
	case u.HostKind() == RegName && strings.Contains(u.Host, "%"):
		return false
	case u.HostKind() == IPvFuture:
		return false // kept encoded: see URL
	}
	return true
}

// TestNetURLRoundTrip converts every URL of the corpus both ways.
func TestNetURLRoundTrip(t *testing.T) {
	seeds := corpusSeeds(t)
	in := append(seeds, readCaseInputs(t)...)
	var represented, other, fromErr int
	for _, s := range in {
		u, err := Parse(s)
		if err != nil {
			continue
		}
		nu := u.URL()
		if netURLRepresents(u) {
			represented++
			if got := nu.String(); got != s {
				t.Errorf("URL(%q).String() = %q", s, got)
			}
			if back, err := FromURL(nu); err != nil || back != u {
				t.Errorf("FromURL(URL(%q)) = %#v, %v", s, back, err)
			}
		} else {
			other++
		}
		// net/url's own parse, converted: the text must be net/url's.
		pu, err := url.Parse(s)
		if err != nil {
			continue
		}
		v, err := FromURL(pu)
		if err != nil {
			fromErr++
			continue
		}
		want := pu.String()
		if pu.Host == "" && pu.User == nil && pu.Scheme == "" && strings.HasPrefix(want, "//") {
			want = "/." + want // a path, not an authority: see FromURL
		}
		if v.String() != want {
			t.Errorf("FromURL(url.Parse(%q)) = %q, net/url says %q", s, v.String(), pu.String())
		}
	}
	t.Logf("%d URIs round-trip through net/url exactly; %d use a form net/url cannot hold; FromURL rejected %d of net/url's texts", represented, other, fromErr)
	if seeds != nil && represented < 2700 || represented < 200 {
		t.Errorf("only %d exact round trips", represented)
	}
	if _, err := FromURL(nil); err == nil {
		t.Error("FromURL(nil) succeeded")
	}
	if _, err := FromURL(&url.URL{Scheme: "http", Host: "[fe80::1%en0]", Path: "/"}); !errors.Is(err, ErrHost) {
		t.Errorf("FromURL with a zone: %v", err)
	}
}

// readCaseInputs returns the valid inputs of testdata/parse.txt.
func readCaseInputs(t *testing.T) []string {
	var out []string
	for _, r := range readCases(t, "testdata/parse.txt") {
		if r.verb == "ok" {
			out = append(out, r.input)
		}
	}
	return out
}

func TestIsSameDocument(t *testing.T) {
	base := MustParse("http://a/b/c/d;p?q#top")
	tests := []struct {
		ref  string
		want bool
	}{
		{"", true},
		{"#s", true},
		{"#", true},
		{"d;p?q", true},
		{"./d;p?q#x", true},
		{"http://a/b/c/d;p?q#z", true},
		{"//a/b/c/d;p?q", true},
		{"?q", true},
		{"?", false},
		{"d;p", false},
		{"d;p?y", false},
		{"g", false},
		{"http://a/b/c/d;p", false},
		{"HTTP://a/b/c/d;p?q", false},
	}
	for _, tt := range tests {
		if got := base.IsSameDocument(MustParse(tt.ref)); got != tt.want {
			t.Errorf("IsSameDocument(%q) = %v, want %v", tt.ref, got, tt.want)
		}
	}
}

// TestFromURLPathNotHost checks that a URL without a host whose path
// starts with "//" stays a path: what net/http's ReadRequest builds for
// "GET //evil.example/steal" must not become the host evil.example.
func TestFromURLPathNotHost(t *testing.T) {
	backend := MustParse("http://backend/")
	for _, target := range []string{"//evil.example/steal", "//evil.example", "///x", "//", "//u:p@evil:1/x?q", "//evil.example/a%2Fb", "//[::1]:80/"} {
		r, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET " + target + " HTTP/1.1\r\nHost: h\r\n\r\n")))
		if err != nil {
			t.Fatalf("ReadRequest(%q): %v", target, err)
		}
		if r.URL.Host != "" {
			t.Fatalf("ReadRequest(%q): net/http reads the host %q", target, r.URL.Host)
		}
		u, err := FromURL(r.URL)
		if err != nil {
			// net/url keeps '[' in a path, which RFC 3986 does not allow
			var e *Error
			if !errors.As(err, &e) || e.Input != r.URL.String() || e.Offset != strings.IndexByte(e.Input, '[') {
				t.Errorf("FromURL(%q): %v", target, err)
			}
			continue
		}
		// The path means net/http's path, once the "/." guard (a dot
		// segment) is read, and the URI resolves onto the backend.
		if u.HasAuthority || RemoveDotSegments(u.Path) != r.URL.EscapedPath() || checkInvariants(u) != nil {
			t.Errorf("FromURL(%q) = %#v (net/http's path %q)", target, u, r.URL.EscapedPath())
		}
		if got := backend.Resolve(u); got.Host != "backend" || got.Path != "/."+r.URL.EscapedPath() && got.Path != r.URL.EscapedPath() {
			t.Errorf("FromURL(%q) resolved against %q = %q", target, backend.String(), got.String())
		}
	}
	for _, c := range []struct {
		u    *url.URL
		want string
	}{
		{&url.URL{Path: "//x/y"}, "/.//x/y"},
		{&url.URL{Path: "//x/y", RawPath: "//x%2Fy"}, "/.//x%2Fy"},
		{&url.URL{Scheme: "http", OmitHost: true, Path: "//x/y"}, "http:/.//x/y"},
		{&url.URL{Scheme: "http", Path: "//x/y"}, "http:////x/y"}, // net/url writes an empty authority itself
		{&url.URL{Scheme: "http", Host: "h", Path: "//x/y"}, "http://h//x/y"},
		{&url.URL{User: url.User("u"), Path: "//x"}, "//u@//x"}, // an empty host after the userinfo
		{&url.URL{Path: "/x"}, "/x"},
	} {
		u, err := FromURL(c.u)
		if err != nil || u.String() != c.want {
			t.Errorf("FromURL(%#v) = %q, %v; want %q", c.u, u.String(), err, c.want)
		}
	}
	// An error in the text after the guard points into u.String().
	nu := &url.URL{Path: "//x", RawQuery: "a b"}
	var e *Error
	if _, err := FromURL(nu); !errors.As(err, &e) || e.Input != nu.String() || e.Offset != 5 || !errors.Is(err, ErrQuery) {
		t.Errorf("FromURL(%q): %v", nu.String(), err)
	}
}

// TestFromURLOpaqueAndHost checks that FromURL does not read a host that
// net/http does not dial: a URL with Host or User and an Opaque part,
// which u.String() writes instead of the authority, converts only when
// the Opaque part names exactly that authority.
func TestFromURLOpaqueAndHost(t *testing.T) {
	for _, c := range []struct {
		u    *url.URL
		want string // "" for ErrHost
	}{
		{&url.URL{Scheme: "http", Host: "good", Opaque: "//evil.com/x"}, ""},
		{&url.URL{Scheme: "http", Host: "good", Opaque: "evil"}, ""},
		{&url.URL{Scheme: "http", User: url.User("u"), Opaque: "x"}, ""},
		{&url.URL{Scheme: "http", Host: "good", Opaque: "//good.evil/x"}, ""},
		{&url.URL{Scheme: "http", Host: "good", Opaque: "//u@good/x"}, ""},
		{&url.URL{Host: "good", Opaque: "//evil/x"}, ""},
		{&url.URL{Scheme: "http", Host: "good", Opaque: "//good/x"}, "http://good/x"},
		{&url.URL{Scheme: "http", Host: "good", Opaque: "//good"}, "http://good"},
		{&url.URL{Scheme: "http", Host: "good:8080", Opaque: "//good:8080/x%2Fy", RawQuery: "q"}, "http://good:8080/x%2Fy?q"},
		{&url.URL{Scheme: "http", User: url.UserPassword("u", "p"), Host: "good", Opaque: "//u:p@good/x"}, "http://u:p@good/x"},
		{&url.URL{Scheme: "mailto", Opaque: "a@b"}, "mailto:a@b"},
	} {
		u, err := FromURL(c.u)
		if c.want == "" {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrHost) || e.Input != c.u.String() || strings.Contains(err.Error(), "p@") {
				t.Errorf("FromURL(%#v) = %q, %v; want ErrHost", c.u, u.String(), err)
			}
			continue
		}
		if err != nil || u.String() != c.want {
			t.Errorf("FromURL(%#v) = %q, %v; want %q", c.u, u.String(), err, c.want)
			continue
		}
		// net/http dials the Host the URI names.
		if got := c.u.Hostname(); got != u.Host {
			t.Errorf("FromURL(%#v): host %q, net/url's Hostname %q", c.u, u.Host, got)
		}
	}
}
