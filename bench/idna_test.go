package bench

import (
	"testing"

	"github.com/seed0915fd1c/uri"
	"golang.org/x/net/idna"
)

// TestSameResultsIDNA plugs golang.org/x/net/idna into uri.Normalizer, as
// README shows: internationalized host names compare equal to their
// A-labels at SchemeBased, whatever their spelling.
func TestSameResultsIDNA(t *testing.T) {
	n := uri.Normalizer{Schemes: uri.DefaultSchemes(), IDNA: idna.Lookup.ToASCII}
	for _, tt := range [][2]string{
		{"http://%E4%BE%8B.jp/", "http://xn--fsq.jp/"},
		{"http://%E4%BE%8B.JP/", "HTTP://XN--FSQ.jp:80/"},
		{"https://%C3%BC%C3%B1%C3%AF%C3%A7%C3%B8d%C3%A9.example/", "https://xn--d-5fahvj8bya.example/"}, // Python and Node agree,
		{"http://%EF%BC%A5xample.com/", "http://example.com/"},                                          // fullwidth E, mapped by UTS #46
		{"http://Bu%C3%9Fe.de/", "http://xn--bue-6ka.de/"},                                              // ß is kept (nontransitional)
	} {
		a, b := uri.MustParse(tt[0]), uri.MustParse(tt[1])
		if !n.Equivalent(a, b, uri.SchemeBased) {
			t.Errorf("%q and %q differ with x/net/idna: %q, %q", tt[0], tt[1], n.Key(a, uri.SchemeBased), n.Key(b, uri.SchemeBased))
		}
		// the built-in DomainToASCII agrees (issue #22)
		if !uri.Equivalent(a, b, uri.SchemeBased) {
			t.Errorf("%q and %q differ with the built-in DomainToASCII", tt[0], tt[1])
		}
	}
	// A name IDNA rejects is compared by its text.
	bad := uri.MustParse("http://a%E2%80%AEb.example/")
	if got := n.Normalize(bad, uri.SchemeBased); got != bad.Normalize(uri.SchemeBased) {
		t.Errorf("a name x/net/idna rejects was changed: %q", got)
	}
}
