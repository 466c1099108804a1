package bench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	whatwg "github.com/nlnwa/whatwg-url/url"
	"github.com/seed0915fd1c/uri"
	"golang.org/x/net/idna"
)

// urlStandardIDNA is UTS #46 with the options of the URL Standard's
// "domain to ASCII" (beStrict false): no STD3 rules, no hyphen checks,
// bidi and joiner checks, nontransitional, no DNS length check.
var urlStandardIDNA = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.VerifyDNSLength(false),
)

type wptCase struct {
	Input   string  `json:"input"`
	Base    *string `json:"base"`
	Href    string  `json:"href"`
	Failure bool    `json:"failure"`
}

func readWPT(tb testing.TB) []wptCase {
	path := filepath.Join("..", "..", "shared", "data", "wpt-url", "urltestdata.json")
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Skipf("the web-platform-tests URL data is not at %s: get urltestdata.json from web-platform-tests, url/resources/, to put there: %v", path, err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		tb.Fatal(err)
	}
	var cases []wptCase
	for _, r := range raw {
		var c wptCase
		if len(r) > 0 && r[0] == '{' && json.Unmarshal(r, &c) == nil {
			cases = append(cases, c)
		}
	}
	return cases
}

func nonASCIIHost(c wptCase) bool {
	for _, s := range []string{c.Input, c.Href} {
		if i := strings.Index(s, "//"); i >= 0 {
			s = s[i+2:]
		}
		if i := strings.IndexAny(s, "/?#"); i >= 0 {
			s = s[:i]
		}
		d := s
		if dd, err := uri.Decode(s); err == nil {
			d = dd
		}
		for i := 0; i < len(d); i++ {
			if d[i] >= utf8.RuneSelf {
				return true
			}
		}
		if strings.Contains(strings.ToLower(d), "xn--") {
			return true
		}
	}
	return false
}

func (c wptCase) run(p uri.WebParser) (string, error) {
	if c.Base == nil {
		return p.Href(c.Input)
	}
	b, err := p.Parse(*c.Base)
	if err != nil {
		return "", err
	}
	return p.ResolveHref(b, c.Input)
}

// TestSameResultsWeb runs every case of urltestdata.json with
// x/net/idna plugged in: all cases, those with non-ASCII and xn-- hosts
// included, and compares with github.com/nlnwa/whatwg-url on the same
// cases.
func TestSameResultsWeb(t *testing.T) {
	cases := readWPT(t)
	p := uri.WebParser{IDNA: urlStandardIDNA.ToASCII}
	pass, idnaCases, idnaPass, peer := 0, 0, 0, 0
	var fails []string
	for _, c := range cases {
		href, err := c.run(p)
		ok := c.Failure && err != nil || !c.Failure && err == nil && href == c.Href
		if nonASCIIHost(c) {
			idnaCases++
			if ok {
				idnaPass++
			}
		}
		if ok {
			pass++
		} else {
			fails = append(fails, c.Input+" | want "+c.Href+" | got "+href)
		}
		var pu *whatwg.Url
		var perr error
		if c.Base != nil {
			pu, perr = whatwg.ParseRef(*c.Base, c.Input)
		} else {
			pu, perr = whatwg.Parse(c.Input)
		}
		if c.Failure && perr != nil || !c.Failure && perr == nil && pu.Href(false) == c.Href {
			peer++
		}
	}
	t.Logf("urltestdata.json with x/net/idna: %d of %d pass (%d of the %d with non-ASCII or xn-- hosts); nlnwa/whatwg-url passes %d", pass, len(cases), idnaPass, idnaCases, peer)
	for _, f := range fails {
		t.Logf("FAIL: %s", f)
	}
}

// BenchmarkParseWeb is ParseWeb (the URL Standard) on every line of
// corpus-large.txt, in a new order every pass (corpus=large) and in the
// file's order every pass (corpus=large-fileorder, the order in which
// ../shared/bench/ada's harness reads it: bench/ada.sh runs the two
// alternately), and on corpus.txt replayed (corpus=hot), with Parse beside
// it and, on the hot loop only (it is 40 times slower),
// github.com/nlnwa/whatwg-url.
func BenchmarkParseWeb(b *testing.B) {
	all := readLines(b, largeCorpusFile)
	for _, c := range []trafficCorpus{
		{"large", all, true},
		{"large-fileorder", all, false},
		{"hot", corpus(b), false},
	} {
		n := totalBytes(c.urls)
		b.Run("corpus="+c.name+"/impl=uri", func(b *testing.B) {
			runTraffic(b, c.urls, c.shuffle, n, "url", func(s string) { sinkURI, _ = uri.ParseWeb(s) })
		})
		b.Run("corpus="+c.name+"/impl=uri-Parse", func(b *testing.B) {
			runTraffic(b, c.urls, c.shuffle, n, "url", func(s string) { sinkURI, _ = uri.Parse(s) })
		})
		if c.name == "hot" {
			b.Run("corpus="+c.name+"/impl=nlnwa-whatwg-url", func(b *testing.B) {
				runTraffic(b, c.urls, c.shuffle, n, "url", func(s string) { whatwg.Parse(s) })
			})
		}
	}
}
