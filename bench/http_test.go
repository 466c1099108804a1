package bench

import (
	"net"
	"net/url"
	"path"
	"testing"

	"github.com/seed0915fd1c/uri"
)

// httpCorpus returns a request for each http and https URL of the corpus
// with a non-empty host.
func httpCorpus(tb testing.TB) []HTTPRequest { return HTTPRequests(corpus(tb)) }

// sinkURI, sinkURL: parse_test.go.
var (
	sinkForm uri.TargetForm
	sinkErr  error
)

// runHTTP runs f over every request of in per iteration, and reports the
// time and allocations per request.
func runHTTP(b *testing.B, in []HTTPRequest, f func(HTTPRequest)) {
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range in {
			f(r)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/req")
	b.ReportMetric(testing.AllocsPerRun(1, func() {
		for _, r := range in {
			f(r)
		}
	})/float64(len(in)), "allocs/req")
}

// BenchmarkTargetURI reads each request's target and Host field: TargetURI
// here, url.ParseRequestURI and net.SplitHostPort (what a handler does with
// net/url) for the peer; the requests are made from the http and https
// URLs of corpus-large.txt, in a new order every pass (corpus=large), and
// of corpus.txt replayed (corpus=hot).
func BenchmarkTargetURI(b *testing.B) {
	for _, c := range corpora(b, nil) {
		in := HTTPRequests(c.urls)
		b.Run("corpus="+c.name+"/impl=uri", func(b *testing.B) {
			runTraffic(b, in, c.shuffle, 0, "req", func(r HTTPRequest) {
				sinkURI, sinkForm, sinkErr = uri.TargetURI("GET", r.Target, r.Host, false)
			})
		})
		b.Run("corpus="+c.name+"/impl=neturl", func(b *testing.B) {
			runTraffic(b, in, c.shuffle, 0, "req", func(r HTTPRequest) {
				sinkURL, sinkErr = url.ParseRequestURI(r.Target)
				sink, sink, sinkErr = net.SplitHostPort(r.Host)
			})
		})
	}
}

// BenchmarkParseHost reads each Host field: ParseHost here,
// net.SplitHostPort for the peer.
func BenchmarkParseHost(b *testing.B) {
	in := httpCorpus(b)
	b.Run("uri", func(b *testing.B) {
		runHTTP(b, in, func(r HTTPRequest) { sinkURI, sinkErr = uri.ParseHost(r.Host) })
	})
	b.Run("net", func(b *testing.B) {
		runHTTP(b, in, func(r HTTPRequest) { sink, sink, sinkErr = net.SplitHostPort(r.Host) })
	})
}

// BenchmarkRoutePath computes each request's routed path from its target
// URI: RoutePath here; path.Clean of net/url's decoded path, a common
// hand-written router, for the peer (which reads "%2F" as '/', and
// forwards a different path than it routed).
func BenchmarkRoutePath(b *testing.B) {
	in := httpCorpus(b)
	targets := make([]uri.URI, len(in))
	urls := make([]*url.URL, len(in))
	for i, r := range in {
		targets[i], _, _ = uri.TargetURI("GET", r.Target, r.Host, false)
		urls[i], _ = url.ParseRequestURI(r.Target)
	}
	b.Run("uri", func(b *testing.B) {
		i := 0
		runHTTP(b, in, func(HTTPRequest) {
			sink, sinkURI, sinkErr = uri.RoutePath(targets[i%len(targets)], uri.PathPolicy{Slash: uri.KeepSlash})
			i++
		})
	})
	b.Run("path.Clean", func(b *testing.B) {
		i := 0
		runHTTP(b, in, func(HTTPRequest) {
			if u := urls[i%len(urls)]; u != nil {
				sink = path.Clean(u.Path)
			}
			i++
		})
	})
}

// BenchmarkDialAddr computes the address to dial for each corpus URL:
// DialAddr here; net/url's Hostname, Port and net.JoinHostPort with the
// default port for the peer.
func BenchmarkDialAddr(b *testing.B) {
	var us []uri.URI
	var urls []*url.URL
	for _, s := range corpus(b) {
		u := uri.MustParse(s)
		if _, err := u.DialAddr(); err == nil {
			us = append(us, u)
			urls = append(urls, u.URL())
		}
	}
	in := make([]HTTPRequest, len(us))
	b.Run("uri", func(b *testing.B) {
		i := 0
		runHTTP(b, in, func(HTTPRequest) {
			sink, sinkErr = us[i%len(us)].DialAddr()
			i++
		})
	})
	b.Run("neturl", func(b *testing.B) {
		i := 0
		runHTTP(b, in, func(HTTPRequest) {
			u := urls[i%len(urls)]
			port := u.Port()
			if port == "" {
				port = map[string]string{"http": "80", "https": "443", "ftp": "21"}[u.Scheme]
			}
			sink = net.JoinHostPort(u.Hostname(), port)
			i++
		})
	})
}

// TestHTTPCorpus checks that the benchmarks compare like with like: on
// every corpus request, TargetURI accepts what url.ParseRequestURI
// accepts, reads the same path and query, and allocates nothing.
func TestHTTPCorpus(t *testing.T) {
	in := httpCorpus(t)
	if len(in) < 2000 {
		t.Fatalf("%d requests from the corpus", len(in))
	}
	for _, r := range in {
		u, form, err := uri.TargetURI("GET", r.Target, r.Host, false)
		nu, nerr := url.ParseRequestURI(r.Target)
		if err != nil || nerr != nil || form != uri.OriginForm {
			t.Errorf("%q, Host %q: %v, %v, %v", r.Target, r.Host, form, err, nerr)
			continue
		}
		if d, _ := uri.Decode(u.Path); d != nu.Path || u.Query != nu.RawQuery || u.Authority() != r.Host {
			t.Errorf("%q, Host %q: %q %q %q; net/url %q %q", r.Target, r.Host, d, u.Query, u.Authority(), nu.Path, nu.RawQuery)
		}
	}
	if n := testing.AllocsPerRun(2, func() {
		for _, r := range in {
			uri.TargetURI("GET", r.Target, r.Host, false)
			uri.ParseHost(r.Host)
		}
	}); n != 0 {
		t.Errorf("TargetURI and ParseHost: %v allocations over the corpus", n)
	}
}
