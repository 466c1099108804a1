package bench

import (
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed0915fd1c/uri"
)

// Traffic: the benchmarks' inputs as a program that sees each URL once
// sees them. A corpus of 2,760 URLs replayed in a loop is learned by the
// CPU's branch predictors, and the figure it gives stops describing a
// crawler, a proxy or a log pipeline (issue #31). So every speed figure
// comes from corpus-large.txt, 22,002 distinct real URLs (61.6 bytes on
// average; corpus-large.md beside it says how it was made), read in a
// new pseudo-random order on every pass: the "large" corpus of the
// benchmarks. The small corpus, corpus.txt, stays beside it, replayed in
// the same order every pass, as the "hot" loop: the best case, a CPU that
// has just seen the input.

// largeCorpusFile is corpus-large.txt beside the clone
// (../shared/data/corpus-large.txt from the repository root), never
// copied into the repository.
const largeCorpusFile = "../../shared/data/corpus-large.txt"

// readLines returns the non-empty lines of file, and skips when it is
// absent, saying what to get.
func readLines(tb testing.TB, file string) []string {
	tb.Helper()
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		tb.Skip(file + " not found: get the shared test data (corpus.txt and corpus-large.txt, real-world URLs) beside the clone")
	}
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, s := range strings.Split(string(b), "\n") {
		if s = strings.TrimSuffix(s, "\r"); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// corpusLarge returns the URLs of corpus-large.txt that this package
// parses (RFC 3986 URI references).
func corpusLarge(tb testing.TB) []string {
	var out []string
	for _, s := range readLines(tb, largeCorpusFile) {
		if uri.Valid(s) {
			out = append(out, s)
		}
	}
	return out
}

// trafficCorpus is one corpus of the benchmarks, named in their names
// as corpus=large or corpus=hot.
type trafficCorpus struct {
	name    string
	urls    []string
	shuffle bool // a new order on every pass: true for large
}

// corpora returns the two corpora, large first; filter, when not nil,
// keeps the URLs it accepts.
func corpora(tb testing.TB, filter func(string) bool) []trafficCorpus {
	keep := func(in []string) []string {
		if filter == nil {
			return in
		}
		var out []string
		for _, s := range in {
			if filter(s) {
				out = append(out, s)
			}
		}
		return out
	}
	return []trafficCorpus{
		{"large", keep(corpusLarge(tb)), true},
		{"hot", keep(corpus(tb)), false},
	}
}

// rng is xorshift64*, the cheap generator of the shuffles. Its seed is
// fixed, so that every run of a benchmark sees the same sequence of
// orders, and both sides of a comparison see the same one.
type rng uint64

func (r *rng) next() uint64 {
	x := uint64(*r)
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	*r = rng(x)
	return x * 0x2545F4914F6CDD1D
}

// shuffle permutes in (Fisher–Yates).
func shuffle[T any](in []T, r *rng) {
	for i := len(in) - 1; i > 0; i-- {
		j := int(r.next() % uint64(i+1))
		in[i], in[j] = in[j], in[i]
	}
}

// runTraffic times f over every input of in, one op being one pass over
// all of them. With shuffle, each pass reads them in a new order, made
// with the timer stopped, so that no pass repeats the branch history of
// the one before. It reports ns per input (unit names it: "ns/url"),
// allocations per input, and, when bytes > 0, bytes per second.
func runTraffic[T any](b *testing.B, in []T, shuffled bool, bytes int, unit string, f func(T)) {
	if len(in) == 0 {
		b.Skip("no inputs")
	}
	order := slices.Clone(in)
	r := rng(0x9E3779B97F4A7C15)
	if bytes > 0 {
		b.SetBytes(int64(bytes))
	}
	b.ReportAllocs()
	var timed time.Duration
	for b.Loop() {
		if shuffled {
			b.StopTimer()
			shuffle(order, &r)
			b.StartTimer()
		}
		for _, s := range order {
			f(s)
		}
	}
	timed = b.Elapsed()
	b.ReportMetric(float64(timed.Nanoseconds())/float64(b.N)/float64(len(in)), "ns/"+unit)
	b.ReportMetric(testing.AllocsPerRun(1, func() {
		for _, s := range in {
			f(s)
		}
	})/float64(len(in)), "allocs/"+unit)
}

// totalBytes is the summed length of in.
func totalBytes(in []string) (n int) {
	for _, s := range in {
		n += len(s)
	}
	return n
}
