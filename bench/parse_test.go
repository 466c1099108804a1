package bench

import (
	"net/url"
	"testing"

	"github.com/seed0915fd1c/uri"
)

// The Parse comparison of issue #26: uri.Parse, Valid, String and
// AppendTo against net/url's url.Parse and URL.String, on the corpus URLs
// that both accept, in the same run; and, beside them, the table-scan
// floor, a loop that only reads each byte through a 256-entry table, as
// the bytes-per-second bound a validating parser cannot beat.
//
//	cd bench && go test -run '^$' -bench 'Parse$|Valid$|String$|ParseString$|ScanFloor$' -benchmem -count 10

// bothCorpus returns the corpus URLs that both uri.Parse and url.Parse
// accept, so that both sides parse the same strings, and their total
// length in bytes.
func bothCorpus(tb testing.TB) ([]string, int) {
	var out []string
	n := 0
	for _, s := range corpus(tb) {
		if _, err := url.Parse(s); err == nil {
			out = append(out, s)
			n += len(s)
		}
	}
	return out, n
}

// runCorpus times f over every URL of in, one op being one pass over the
// corpus; it reports bytes per second (SetBytes) and ns per URL.
func runCorpus(b *testing.B, in []string, bytes int, f func(string)) {
	b.SetBytes(int64(bytes))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range in {
			f(s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/url")
}

var (
	sinkURI  uri.URI
	sinkURL  *url.URL
	sinkStr  string
	sinkBool bool
	sinkBuf  []byte
	sinkBits uint16
)

// neturlParses reports whether url.Parse accepts s: the Parse benchmarks
// run on the URLs both packages accept.
func neturlParses(s string) bool { _, err := url.Parse(s); return err == nil }

// BenchmarkParse is Parse against url.Parse on the URLs both accept, in
// the same run, on corpus-large.txt in a new order every pass
// (corpus=large) and on corpus.txt replayed (corpus=hot, the hot loop).
// Compare the two sides with benchstat -col /impl.
func BenchmarkParse(b *testing.B) {
	for _, c := range corpora(b, neturlParses) {
		n := totalBytes(c.urls)
		b.Run("corpus="+c.name+"/impl=uri", func(b *testing.B) {
			runTraffic(b, c.urls, c.shuffle, n, "url", func(s string) { sinkURI, _ = uri.Parse(s) })
		})
		b.Run("corpus="+c.name+"/impl=uri-Valid", func(b *testing.B) {
			runTraffic(b, c.urls, c.shuffle, n, "url", func(s string) { sinkBool = uri.Valid(s) })
		})
		b.Run("corpus="+c.name+"/impl=net-url", func(b *testing.B) {
			runTraffic(b, c.urls, c.shuffle, n, "url", func(s string) { sinkURL, _ = url.Parse(s) })
		})
	}
}

// BenchmarkValid is Valid alone, on every URL of each corpus that it
// accepts.
func BenchmarkValid(b *testing.B) {
	for _, c := range corpora(b, nil) {
		n := totalBytes(c.urls)
		b.Run("corpus="+c.name+"/impl=uri", func(b *testing.B) {
			runTraffic(b, c.urls, c.shuffle, n, "url", func(s string) { sinkBool = uri.Valid(s) })
		})
	}
}

// BenchmarkString recomposes values parsed beforehand: uri's URI.String
// against net/url's URL.String.
func BenchmarkString(b *testing.B) {
	in, n := bothCorpus(b)
	ours := make([]uri.URI, len(in))
	theirs := make([]*url.URL, len(in))
	for i, s := range in {
		ours[i] = uri.MustParse(s)
		theirs[i], _ = url.Parse(s)
	}
	run := func(b *testing.B, f func(int)) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			for i := range in {
				f(i)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/url")
	}
	b.Run("uri", func(b *testing.B) { run(b, func(i int) { sinkStr = ours[i].String() }) })
	b.Run("net-url", func(b *testing.B) { run(b, func(i int) { sinkStr = theirs[i].String() }) })
	b.Run("uri-AppendTo", func(b *testing.B) {
		buf := make([]byte, 0, 4096)
		run(b, func(i int) { buf = ours[i].AppendTo(buf[:0]) })
		sinkBuf = buf
	})
}

// BenchmarkParseString is the text-to-text trip: Parse, then String.
func BenchmarkParseString(b *testing.B) {
	in, n := bothCorpus(b)
	b.Run("uri", func(b *testing.B) {
		runCorpus(b, in, n, func(s string) { u, _ := uri.Parse(s); sinkStr = u.String() })
	})
	b.Run("net-url", func(b *testing.B) {
		runCorpus(b, in, n, func(s string) { u, _ := url.Parse(s); sinkStr = u.String() })
	})
}

// floorTable is a 256-entry table of the shape of the library's class
// table (16 bits per byte); the floor reads each byte of the input
// through it and nothing else.
var floorTable = func() (t [256]uint16) {
	for c := range t {
		t[c] = uint16(c) * 0x9E37
	}
	return t
}()

// BenchmarkScanFloor is the table-scan floor: every byte of every URL read
// once through a 256-entry table, the results ORed together so that the
// loads cannot be dropped; the call and per-URL loop of the other
// benchmarks are included.
func BenchmarkScanFloor(b *testing.B) {
	in, n := bothCorpus(b)
	b.Run("table", func(b *testing.B) {
		runCorpus(b, in, n, func(s string) {
			var acc uint16
			for i := 0; i < len(s); i++ {
				acc |= floorTable[s[i]]
			}
			sinkBits |= acc
		})
	})
}
