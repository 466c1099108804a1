package bench

import (
	"testing"

	"github.com/seed0915fd1c/uri"
)

// TestSameResultsREADME runs the WebParser example of README.md.
func TestSameResultsREADME(t *testing.T) {
	p := uri.WebParser{IDNA: urlStandardIDNA.ToASCII}
	u, err := p.Parse("https://ÉXAMPLE.com/ö")
	if err != nil || u.String() != "https://xn--xample-9ua.com/%C3%B6" {
		t.Errorf("README example: %q, %v", u, err)
	}
	// the zero WebParser has "domain to ASCII" built in (issue #22)
	if z, err := uri.ParseWeb("https://ÉXAMPLE.com/ö"); err != nil || z != u {
		t.Errorf("the zero WebParser: %q, %v; with x/net/idna %q", z, err, u)
	}
}
