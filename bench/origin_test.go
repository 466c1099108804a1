package bench

// Trusted origins (issue 32), same run, same inputs:
//
//	cd bench && go test -run '^$' -bench 'OriginAllows' -benchmem -count 6
//
// BenchmarkOriginAllows matches an Origin header value against 100
// configured origins, 90 exact and 10 wildcards ("https://*.wild-7.example.org"),
// with uri's OriginSet.Allows and with rs/cors's Cors.OriginAllowed,
// a widely used CORS middleware's matcher (a list of exact origins, then
// the wildcards, each a prefix and a suffix). The issue names jub0bs/cors;
// the module proxy here refuses it (403), so rs/cors stands in.

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/rs/cors"
	"github.com/seed0915fd1c/uri"
)

// originPatterns are the 100 patterns of the library's own benchmark
// (origin_set_test.go): 90 origins and 10 wildcards.
func originPatterns() []string {
	var p []string
	for i := 0; i < 90; i++ {
		p = append(p, "https://origin-"+strconv.Itoa(i)+".example.com")
	}
	for i := 0; i < 10; i++ {
		p = append(p, "https://*.wild-"+strconv.Itoa(i)+".example.org")
	}
	return p
}

// originCases are the Origin values matched: an exact hit, a wildcard
// hit, and a miss.
var originCases = []struct {
	name, origin string
	allowed      bool
}{
	{"exact", "https://origin-50.example.com", true},
	{"wildcard", "https://a.b.wild-7.example.org", true},
	{"miss", "https://nowhere.example.net:8443", false},
}

// TestOriginAllowsBeside checks that both matchers answer the
// benchmark's cases as expected, so that they time the same decision,
// and records where rs/cors answers otherwise on origins a browser can
// send or an attacker can choose.
func TestOriginAllowsBeside(t *testing.T) {
	set, err := uri.ParseOriginSet(originPatterns(), nil)
	if err != nil {
		t.Fatal(err)
	}
	c := cors.New(cors.Options{AllowedOrigins: originPatterns()})
	allowed := func(origin string) bool {
		r, _ := http.NewRequest("GET", "https://api.example.com/", nil)
		r.Header.Set("Origin", origin)
		return c.OriginAllowed(r)
	}
	for _, o := range originCases {
		if set.Allows(o.origin) != o.allowed || allowed(o.origin) != o.allowed {
			t.Errorf("%s: uri %v, rs/cors %v, want %v", o.origin, set.Allows(o.origin), allowed(o.origin), o.allowed)
		}
	}
	// rs/cors lowercases the value before it compares, so it allows
	// spellings no browser sends (HTML, "serialization of an origin"
	// writes the host in lowercase); harmless, but not the header's
	// grammar. The wildcard is a prefix and a suffix of the text, which
	// here also stops at a label boundary because the pattern's suffix
	// starts with a dot.
	for _, c := range []struct {
		origin    string
		uri, cors bool
	}{
		{"HTTPS://ORIGIN-50.EXAMPLE.COM", false, true},
		{"https://wild-7.example.org", false, false},
		{"https://evilwild-7.example.org", false, false},
		{"https://a.wild-7.example.org.attacker.example", false, false},
		{"https://a.wild-7.example.org:443", false, false},
	} {
		if got, gotCORS := set.Allows(c.origin), allowed(c.origin); got != c.uri || gotCORS != c.cors {
			t.Errorf("%s: uri %v, rs/cors %v; want %v, %v", c.origin, got, gotCORS, c.uri, c.cors)
		}
	}
}

func BenchmarkOriginAllows(b *testing.B) {
	set, err := uri.ParseOriginSet(originPatterns(), nil)
	if err != nil {
		b.Fatal(err)
	}
	c := cors.New(cors.Options{AllowedOrigins: originPatterns()})
	for _, o := range originCases {
		b.Run("uri/"+o.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				set.Allows(o.origin)
			}
		})
		r, _ := http.NewRequest("GET", "https://api.example.com/", nil)
		r.Header.Set("Origin", o.origin)
		b.Run("rs-cors/"+o.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c.OriginAllowed(r)
			}
		})
	}
}
