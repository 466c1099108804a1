package bench

// Redirects and origins (issue #20), same run, same inputs:
//
//	cd bench && go test -run '^$' -bench 'SameOrigin|ResolveHrefs' -benchmem -count 6
//
// BenchmarkSameOrigin: is a path-absolute reference (the corpus URLs'
// paths and queries, as a ?next= parameter carries them) on the base's
// origin? uri's SameOrigin against the check people write by hand over
// net/url: url.Parse, then the scheme and host compared (which gets
// "/\evil.com", "/\t/evil.com" and "https:evil.com" wrong).
//
// BenchmarkResolveHrefs: the corpus URLs as the hrefs of one page,
// resolved against it with a base prepared once (WebBase.Resolve) and
// with WebParser.Resolve, which reads the base again for every href.

import (
	"net/url"
	"testing"

	"github.com/seed0915fd1c/uri"
)

// corpusPaths returns the path and query of each corpus URL with an
// authority, as a path-absolute reference.
func corpusPaths(tb testing.TB) []string {
	var out []string
	for _, s := range corpus(tb) {
		u := uri.MustParse(s)
		if !u.HasAuthority {
			continue
		}
		r := u.Path
		if r == "" {
			r = "/"
		}
		if u.HasQuery {
			r += "?" + u.Query
		}
		out = append(out, r)
	}
	return out
}

// sinkBool: parse_test.go.

func BenchmarkSameOrigin(b *testing.B) {
	refs := corpusPaths(b)
	base := uri.MustParse("https://app.example.com/login?next=x")
	perURL := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(refs)), "ns/ref")
	}
	b.Run("uri", func(b *testing.B) {
		b.ReportAllocs()
		p := uri.WebParser{}
		for b.Loop() {
			for _, r := range refs {
				sinkBool = p.SameOrigin(base, r)
			}
		}
		perURL(b)
	})
	b.Run("uri-WebBase", func(b *testing.B) {
		b.ReportAllocs()
		wb, err := uri.WebParser{}.Base(base)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			for _, r := range refs {
				sinkBool = wb.SameOrigin(r)
			}
		}
		perURL(b)
	})
	b.Run("net-url", func(b *testing.B) {
		b.ReportAllocs()
		bu, _ := url.Parse(base.String())
		for b.Loop() {
			for _, r := range refs {
				u, err := url.Parse(r)
				sinkBool = err == nil && (u.Scheme == "" || u.Scheme == bu.Scheme) && (u.Host == "" || u.Host == bu.Host)
			}
		}
		perURL(b)
	})
}

// TestSameOriginAgrees checks that both readings call the benchmark's
// references same origin, so that the benchmark compares equal work.
func TestSameOriginAgrees(t *testing.T) {
	base := uri.MustParse("https://app.example.com/login?next=x")
	bu, _ := url.Parse(base.String())
	n := 0
	for _, r := range corpusPaths(t) {
		u, err := url.Parse(r)
		hand := err == nil && (u.Scheme == "" || u.Scheme == bu.Scheme) && (u.Host == "" || u.Host == bu.Host)
		if got := (uri.WebParser{}).SameOrigin(base, r); got != hand {
			t.Errorf("%q: SameOrigin %v, the net/url check %v", r, got, hand)
		}
		n++
	}
	t.Logf("%d path-absolute references", n)
}

func BenchmarkResolveHrefs(b *testing.B) {
	base := uri.MustParse("https://example.com/docs/guide/index.html")
	for _, in := range []struct {
		name string
		refs []string
	}{{"corpus", corpus(b)}, {"paths", corpusPaths(b)}} {
		perURL := func(b *testing.B) {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in.refs)), "ns/ref")
		}
		b.Run(in.name+"/uri-WebBase", func(b *testing.B) {
			b.ReportAllocs()
			wb, err := uri.WebParser{}.Base(base)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				for _, r := range in.refs {
					sinkURI, _ = wb.Resolve(r)
				}
			}
			perURL(b)
		})
		b.Run(in.name+"/uri-WebParser.Resolve", func(b *testing.B) {
			b.ReportAllocs()
			var p uri.WebParser
			for b.Loop() {
				for _, r := range in.refs {
					sinkURI, _ = p.Resolve(base, r)
				}
			}
			perURL(b)
		})
	}
}
