package bench

// Query strings (issue #23): uri.ParseForm against net/url's ParseQuery,
// and changing one parameter with URI.WithQueryParam against the url.Values
// round trip (ParseQuery, Set, Encode), over the queries of the corpus, in
// the same run:
//
//	cd bench && go test -run '^$' -bench 'ParseForm|SetQueryParam' -benchmem -count 6

import (
	"net/url"
	"strings"
	"testing"

	"github.com/seed0915fd1c/uri"
)

// corpusQueries returns the non-empty queries of the corpus URLs, and the
// URLs they come from.
func corpusQueries(tb testing.TB) (queries, urls []string) {
	for _, s := range corpus(tb) {
		if u, _ := uri.Parse(s); u.Query != "" {
			queries, urls = append(queries, u.Query), append(urls, s)
		}
	}
	if len(queries) < 100 {
		tb.Fatalf("%d queries in the corpus, want at least 100", len(queries))
	}
	return queries, urls
}

// firstKey is the key of the first pair of q, as WithQueryParam reads it.
func firstKey(q string) string {
	for k := range (uri.URI{HasQuery: true, Query: q}).QueryParams() {
		return k
	}
	return ""
}

// perQuery runs f over every query in each iteration and reports the time
// and allocations per query.
func perQuery(b *testing.B, in []string, f func(i int, q string)) {
	b.ReportAllocs()
	for b.Loop() {
		for i, q := range in {
			f(i, q)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/query")
	b.ReportMetric(testing.AllocsPerRun(1, func() {
		for i, q := range in {
			f(i, q)
		}
	})/float64(len(in)), "allocs/query")
}

// BenchmarkParseForm reads every pair of each corpus query: with
// uri.ParseForm (the URL Standard's parser) and with net/url's ParseQuery,
// which builds a url.Values map. "plain" is the subset of queries without
// '%' or '+', where ParseForm yields substrings and allocates nothing.
func BenchmarkParseForm(b *testing.B) {
	queries, _ := corpusQueries(b)
	var plain []string
	for _, q := range queries {
		if !strings.ContainsAny(q, "%+") {
			plain = append(plain, q)
		}
	}
	for _, set := range []struct {
		suffix string
		in     []string
	}{{"", queries}, {"-plain", plain}} {
		b.Run("uri"+set.suffix, func(b *testing.B) {
			perQuery(b, set.in, func(_ int, q string) {
				for k, v := range uri.ParseForm(q) {
					sink, sink = k, v
				}
			})
		})
		b.Run("neturl"+set.suffix, func(b *testing.B) {
			perQuery(b, set.in, func(_ int, q string) {
				v, _ := url.ParseQuery(q)
				sinkValues = v
			})
		})
	}
}

var sinkValues url.Values

// BenchmarkSetQueryParam sets the first key of each corpus query to a new
// value: on the query with URI.WithQueryParam, which keeps every other
// pair byte for byte, and with the url.Values round trip (ParseQuery, Set,
// Encode), which sorts and re-encodes them; and on the whole URL, from
// text to text, with Parse, WithQueryParam and String against url.Parse,
// Query, Set, Encode and String.
func BenchmarkSetQueryParam(b *testing.B) {
	queries, urls := corpusQueries(b)
	keys := make([]string, len(queries))
	for i, q := range queries {
		keys[i] = firstKey(q)
	}
	b.Run("query/uri", func(b *testing.B) {
		perQuery(b, queries, func(i int, q string) {
			u := uri.URI{HasQuery: true, Query: q}
			sink = u.WithQueryParam(keys[i], "2").Query
		})
	})
	b.Run("query/neturl", func(b *testing.B) {
		perQuery(b, queries, func(i int, q string) {
			v, _ := url.ParseQuery(q)
			v.Set(keys[i], "2")
			sink = v.Encode()
		})
	})
	b.Run("url/uri", func(b *testing.B) {
		perQuery(b, urls, func(i int, s string) {
			u, _ := uri.Parse(s)
			sink = u.WithQueryParam(keys[i], "2").String()
		})
	})
	b.Run("url/neturl", func(b *testing.B) {
		perQuery(b, urls, func(i int, s string) {
			u, _ := url.Parse(s)
			v := u.Query()
			v.Set(keys[i], "2")
			u.RawQuery = v.Encode()
			sink = u.String()
		})
	})
}

// TestSetQueryParamSame checks that the two ways of setting a parameter
// agree on what a server reads, and counts the queries whose other pairs
// the url.Values round trip rewrites.
func TestSetQueryParamSame(t *testing.T) {
	queries, _ := corpusQueries(t)
	rewritten := 0
	for _, q := range queries {
		k := firstKey(q)
		if strings.Contains(q, "+") {
			continue // net/url reads '+' as a space, WithQueryParam as a plus sign
		}
		ours := uri.URI{HasQuery: true, Query: q}.WithQueryParam(k, "2").Query
		v, err := url.ParseQuery(q)
		if err != nil {
			continue // net/url rejects it (a ';')
		}
		v.Set(k, "2")
		theirs := v.Encode()
		got, err := url.ParseQuery(ours)
		if err != nil || got.Encode() != theirs {
			t.Errorf("%q: set %q: ours %q reads as %v (%v), net/url's %q", q, k, ours, got, err, theirs)
		}
		if ours != theirs {
			rewritten++
		}
	}
	t.Logf("%d corpus queries: the url.Values round trip rewrites the other pairs of %d", len(queries), rewritten)
}
