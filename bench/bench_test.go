// Package bench compares this module's normalization with
// github.com/PuerkitoBio/purell over the same corpus, in the same run. It
// is a separate module so that the library itself has no dependencies.
//
//	cd bench && go test -bench . -benchmem
package bench

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/PuerkitoBio/purell"
	"github.com/seed0915fd1c/uri"
)

// corpusFile holds real-world URLs, one per line: the shared test data
// beside the clone (../shared/data/corpus.txt from the repository root),
// never copied into the repository.
const corpusFile = "../../shared/data/corpus.txt"

// corpus returns the URLs of corpusFile that this package parses (about
// 39 of 2,760 are not valid RFC 3986 URIs), and skips when it is absent.
func corpus(tb testing.TB) []string {
	tb.Helper()
	b, err := os.ReadFile(corpusFile)
	if errors.Is(err, fs.ErrNotExist) {
		tb.Skip(corpusFile + " not found: get the shared test data (corpus.txt, real-world URLs) beside the clone")
	}
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, s := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if uri.Valid(s) {
			out = append(out, s)
		}
	}
	return out
}

var sink string

// BenchmarkNormalize normalizes each corpus URL from its text to the text
// of its normal form: Parse, Normalize(SchemeBased) and String here, or
// Parse and Key, or NormalizeString (the text-to-text call, like purell's);
// NormalizeURLString with FlagsSafe (lowercase scheme and host, uppercase
// escapes, decode unreserved escapes, remove the default port, remove an
// empty port) for purell.
func BenchmarkNormalize(b *testing.B) {
	in := corpus(b)
	run := func(b *testing.B, f func(string)) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range in {
				f(s)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/url")
		b.ReportMetric(float64(testing.AllocsPerRun(1, func() {
			for _, s := range in {
				f(s)
			}
		}))/float64(len(in)), "allocs/url")
	}
	b.Run("uri", func(b *testing.B) {
		run(b, func(s string) {
			u, _ := uri.Parse(s)
			sink = u.Normalize(uri.SchemeBased).String()
		})
	})
	b.Run("uri-key", func(b *testing.B) {
		run(b, func(s string) {
			u, _ := uri.Parse(s)
			sink = u.Key(uri.SchemeBased)
		})
	})
	b.Run("uri-string", func(b *testing.B) {
		run(b, func(s string) {
			sink, _ = uri.NormalizeString(s, uri.SchemeBased)
		})
	})
	b.Run("purell", func(b *testing.B) {
		run(b, func(s string) {
			sink, _ = purell.NormalizeURLString(s, purell.FlagsSafe)
		})
	})
}

// TestSameResults compares the two normal forms over the corpus. They
// differ where purell departs from RFC 3986, and the test checks that every
// difference is one of those departures:
//
//   - "empty path": purell keeps "http://a", where RFC 3986, Section 6.2.3
//     and RFC 9110, Section 4.2.3 make it "http://a/";
//   - "empty fragment": purell drops a "#" (RFC 3986, Section 6.2.3 says
//     the fragment is never normalized);
//   - "empty port": purell keeps "ssh://a:/" (RFC 3986, Section 6.2.3 drops
//     an empty port);
//   - "hex case": purell leaves "%2c" in a query (RFC 3986, Section 6.2.2.1
//     uppercases every triplet);
//   - "decoded reserved": purell decodes percent-encoded reserved
//     characters ("%2F", "%40", "%27", ...), which changes the URI (RFC
//     3986, Section 2.2): "file:///p/a%2Fb" becomes "file:///p/a/b";
//   - "IDNA": purell converts a percent-encoded host to Punycode, which RFC
//     3986 leaves to the application.
func TestSameResults(t *testing.T) {
	count := map[string]int{}
	for _, s := range corpus(t) {
		u, _ := uri.Parse(s)
		ours := u.Normalize(uri.SchemeBased)
		out, err := purell.NormalizeURLString(s, purell.FlagsSafe)
		if err != nil {
			t.Errorf("purell fails on %q: %v", s, err)
			continue
		}
		if out == ours.String() {
			count["same"]++
			continue
		}
		theirs, err := uri.Parse(out)
		if err != nil {
			t.Errorf("purell makes %q of %q, which is not a URI: %v", out, s, err)
			continue
		}
		why := []string{}
		if theirs.HasAuthority && theirs.Path == "" && ours.Path == "/" {
			theirs.Path = "/"
			why = append(why, "empty path")
		}
		if ours.HasFragment && ours.Fragment == "" && !theirs.HasFragment {
			theirs.HasFragment = true
			why = append(why, "empty fragment")
		}
		if theirs.HasPort && theirs.Port == "" {
			theirs.HasPort = false
			why = append(why, "empty port")
		}
		if n := theirs.Normalize(uri.SchemeBased); n != theirs {
			theirs = n
			why = append(why, "hex case")
		}
		if theirs != ours && sameData(theirs, ours) {
			theirs = ours
			why = append(why, "decoded reserved")
		}
		if theirs.Host != ours.Host && strings.Contains(theirs.Host, "xn--") {
			theirs.Host = ours.Host
			why = append(why, "IDNA")
		}
		if theirs != ours {
			t.Errorf("%q: uri %q, purell %q: an unexplained difference", s, ours, out)
			continue
		}
		for _, w := range why {
			count[w]++
		}
	}
	t.Logf("%v", count)
}

// sameData reports whether a and b have the same components once decoded.
func sameData(a, b uri.URI) bool {
	dec := func(s string) string { d, _ := uri.Decode(s); return d }
	return a.Scheme == b.Scheme && dec(a.Userinfo) == dec(b.Userinfo) && dec(a.Host) == dec(b.Host) &&
		a.Port == b.Port && dec(a.Path) == dec(b.Path) && dec(a.Query) == dec(b.Query) &&
		dec(a.Fragment) == dec(b.Fragment) && a.HasQuery == b.HasQuery && a.HasFragment == b.HasFragment
}
