package uri

import (
	"flag"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Hostile input: every entry point must take time linear in the input and
// memory bounded by a small constant times it, on adversarial shapes as
// well as on ordinary URLs.
//
// The shapes are built as URI values, field by field, so that shapes the
// grammar rejects (a host of a million colons in brackets) still reach the
// methods of URI; Parse and Valid get their text. BenchmarkHostile times
// every entry point on every shape at 10 KB, 100 KB and 1 MB: each tenfold
// input should cost about ten times as much. TestHostileMemory checks the
// allocations, which, unlike time, can be counted exactly in a test: the
// number of allocations must not grow with the input, and the bytes
// allocated must stay below a small multiple of it. Speed is measured by
// the benchmarks only, never by a timed test.

// hostileShape builds a URI of about n bytes of one adversarial shape.
type hostileShape struct {
	name string
	make func(n int) URI
}

// rep repeats unit to about n bytes.
func rep(unit string, n int) string { return strings.Repeat(unit, max(n/len(unit), 1)) }

func httpURI(host, path string) URI {
	return URI{Scheme: "http", HasAuthority: true, Host: host, Path: path}
}

var hostileShapes = []hostileShape{
	// "%41%41...": a million triplets, which Normalize decodes.
	{"pct", func(n int) URI { return httpURI("h", "/"+rep("%41", n)) }},
	// "////...": a million empty segments.
	{"slashes", func(n int) URI { return httpURI("h", rep("/", n)) }},
	// "/../../..": a million ".." segments climbing above the root.
	{"dotdot", func(n int) URI { return httpURI("h", rep("/..", n)) }},
	// "/a/../a/..": segments pushed and popped.
	{"a-dotdot", func(n int) URI { return httpURI("h", "/"+rep("a/../", n)) }},
	// "1.1.1.1...": a host of dots and digits, a long would-be IPv4.
	{"dots-host", func(n int) URI { return httpURI(rep("1.", n)+"1", "/") }},
	// "00000...01": one long octal part for inet_aton and WHATWG.
	{"zeros-host", func(n int) URI { return httpURI(rep("0", n)+"1", "/") }},
	// "%41%41...": a percent-encoded host, decoded by Normalize and Vet.
	{"pct-host", func(n int) URI { return httpURI(rep("%41", n), "/") }},
	// "[1:1:1:...]": an IPv6-looking literal with too many pieces.
	{"ipv6-pieces", func(n int) URI { return httpURI("["+rep("1:", n)+"1]", "/") }},
	// "[::::...]": an IPv6-looking literal of colons.
	{"ipv6-colons", func(n int) URI { return httpURI("["+rep(":", n)+"]", "/") }},
	// "a.b:c.d:...": a long userinfo with labels and colons.
	{"userinfo", func(n int) URI {
		u := httpURI("h", "/")
		u.Userinfo, u.HasUserinfo = rep("a.b:", n), true
		return u
	}},
	// "http://h:1111...": a port of a million digits.
	{"port", func(n int) URI {
		u := httpURI("h", "/")
		u.Port, u.HasPort = rep("1", n), true
		return u
	}},
	// "?a=%41&a=%41...": a long query.
	{"query", func(n int) URI {
		u := httpURI("h", "/")
		u.Query, u.HasQuery = rep("a=%41&", n), true
		return u
	}},
	// "/%2e%2e/%2e%2e...": a finding in every segment, for Vet, and
	// dot segments that only appear after decoding, for Normalize.
	{"encoded-dots", func(n int) URI { return httpURI("h", rep("/%2e%2e", n)) }},
	// "%C0%AE%C0%AE...": overlong UTF-8 throughout.
	{"overlong", func(n int) URI { return httpURI("h", "/"+rep("%C0%AE", n)) }},
	// Shapes for Find and ParseTemplate: runs of "(", ":", "<", "a:" and
	// "{", which make candidates, brackets and expressions that never
	// close. Most are not valid URIs; String writes them as they are.
	{"parens", func(n int) URI { return httpURI("h", "/"+rep("(", n)) }},
	{"colons", func(n int) URI { return URI{Scheme: "a", Path: rep(":", n)} }},
	{"angles", func(n int) URI { return URI{Path: rep("<", n)} }},
	{"a-colon", func(n int) URI { return URI{Scheme: "a", Path: rep("a:", n)} }},
	{"lt-url", func(n int) URI { return URI{Path: rep("<a:%zz ", n)} }},
	{"braces", func(n int) URI { return URI{Path: rep("{", n)} }},
	// Shapes for ParseWeb: runs of "\\", "." segments, tabs and "%".
	{"backslashes", func(n int) URI { return httpURI("h", "/"+rep("\\", n)) }},
	{"dot-segments", func(n int) URI { return httpURI("h", rep("/.", n)) }},
	{"tabs", func(n int) URI { return httpURI("h", "/"+rep("a\t", n)) }},
	{"percents", func(n int) URI { return httpURI("h", "/"+rep("%", n)) }},
}

var hostileSizes = []int{10_000, 100_000, 1_000_000}

// hostileQuick is the pair of sizes the default form of TestHostileMemory
// and TestFindHostile compares, ten times apart, so that a buffer that
// grows by doubling shows above the slack of two allocations: 5 KB and
// 50 KB keep the README's test command within its time budget. The long
// form (-hostile.long, set by .ci/run) compares 10 KB with 1 MB.
var hostileQuick = [2]int{5_000, 50_000}

// hostileEntry is one entry point of the package, run on one input.
type hostileEntry struct {
	name string
	run  func(u URI, s string)
}

var (
	hostileBase = MustParse("http://a/b/c/d;p?q")
	hostileRef  = MustParse("../g?y#s")

	sinkFindings []Finding
	sinkBool     bool
	sinkErr      error
)

var hostileEntries = []hostileEntry{
	{"Parse", func(u URI, s string) {
		sinkURI, sinkErr = Parse(s)
		if sinkErr != nil {
			sinkString = sinkErr.Error()
		}
	}},
	{"Valid", func(u URI, s string) { sinkBool = Valid(s) }},
	{"String", func(u URI, s string) { sinkString = u.String() }},
	{"Validate", func(u URI, s string) {
		if sinkErr = u.Validate(); sinkErr != nil {
			sinkString = sinkErr.Error()
		}
	}},
	{"Vet", func(u URI, s string) { sinkFindings = u.Vet() }},
	{"Decode", func(u URI, s string) { sinkString, sinkErr = Decode(s) }},
	{"RemoveDotSegments", func(u URI, s string) { sinkString = RemoveDotSegments(u.Path) }},
	{"Resolve", func(u URI, s string) { sinkURI = hostileBase.Resolve(u) }},
	{"ResolveAsBase", func(u URI, s string) { sinkURI = u.Resolve(hostileRef) }},
	{"Normalize", func(u URI, s string) { sinkURI = u.Normalize(SchemeBased) }},
	{"Key", func(u URI, s string) { sinkString = u.Key(SchemeBased) }},
	{"Relativize", func(u URI, s string) { sinkURI, sinkBool = hostileSibling(u).Relativize(u) }},
	{"RelativizeAsBase", func(u URI, s string) { sinkURI, sinkBool = u.Relativize(hostileSibling(u)) }},
	{"Explain", func(u URI, s string) { sinkString = Explain(u, hostileSibling(u)).String() }},
	{"ExplainSelf", func(u URI, s string) { sinkBool = Explain(u, u.Normalize(SyntaxBased)).Equivalent }},
	{"Addrs", func(u URI, s string) { sinkBool = u.Addrs() != nil }},
	{"URL", func(u URI, s string) { sinkString = u.URL().Host }},
	{"WithPath", func(u URI, s string) { sinkURI, sinkErr = hostileBase.WithPath(u.Path) }},
	{"IRI", func(u URI, s string) { sinkString = u.IRI() }},
	{"ParseWeb", func(u URI, s string) { sinkURI, sinkErr = ParseWeb(s) }},
	{"ResolveWeb", func(u URI, s string) { sinkURI, sinkErr = hostileBase.ResolveWeb(s) }},
	{"Origin", func(u URI, s string) { sinkString, sinkErr = WebParser{}.Origin("blob:" + s) }},
	{"Find", func(u URI, s string) {
		for m := range (Finder{Suffix: true}).Find(s) {
			sinkURI = m.URI
		}
	}},
	{"Template", func(u URI, s string) {
		if t, err := ParseTemplate(s); err == nil {
			sinkString, sinkErr = t.Expand(nil)
		}
	}},
}

// hostileSibling is u with a short path and no query or fragment, so that
// Relativize between the two has to compare the paths.
func hostileSibling(u URI) URI {
	u.Path, u.Query, u.HasQuery, u.Fragment, u.HasFragment = "/a/b/c", "", false, "", false
	return u
}

// hostileBytesPerByte bounds the bytes an entry point allocates per byte
// of input, beyond a constant 64 KB. Relativize builds and resolves
// several candidate references, each about as long as the input; against
// a base of a million empty segments the answer itself is a million
// "../", three bytes per byte of input, before it is checked by resolving.
// Explain normalizes both URIs at two levels and keeps each result, and
// its String writes the differing components; a million-byte query is
// copied about fifteen times (a hand-built path of backslashes, about
// seventeen), in a constant number of allocations (issue #10 asked for
// this bound to be pinned). WithPath writes a '/' of data as
// "%2F", three bytes, into a growing buffer.
// ParseWeb keeps the URL's components as the Standard encodes them (up to
// three bytes per byte), writes the RFC 3986 text from them (up to three
// times again, for a '%' that starts no triplet) and parses a copy of it.
var hostileBytesPerByte = map[string]int{"Relativize": 8, "RelativizeAsBase": 12, "Explain": 18, "ExplainSelf": 8, "WithPath": 10, "ParseWeb": 12, "ResolveWeb": 12, "Origin": 12}

func sizeName(n int) string {
	switch {
	case n >= 1_000_000:
		return strconv.Itoa(n/1_000_000) + "MB"
	case n >= 1000:
		return strconv.Itoa(n/1000) + "KB"
	}
	return strconv.Itoa(n) + "B"
}

// BenchmarkHostile times every entry point on every shape at every size,
// as BenchmarkHostile/<entry>/<shape>/<size>. Run it with a short
// -benchtime; compare each size with the next for the tenfold ratio.
func BenchmarkHostile(b *testing.B) {
	for _, e := range hostileEntries {
		b.Run(e.name, func(b *testing.B) {
			for _, sh := range hostileShapes {
				b.Run(sh.name, func(b *testing.B) {
					for _, n := range hostileSizes {
						u := sh.make(n)
						s := u.String()
						b.Run(sizeName(n), func(b *testing.B) {
							b.SetBytes(int64(len(s)))
							b.ReportAllocs()
							for b.Loop() {
								e.run(u, s)
							}
						})
					}
				})
			}
		})
	}
}

// allocated returns the allocations and the bytes of one call of f, after
// one call to warm up (lazily built tables, pools), measured as
// testing.AllocsPerRun measures, with one P so that no other goroutine's
// allocations are counted. Two calls instead of AllocsPerRun's and a second
// measurement's five keep the README's test command quick.
func allocated(f func()) (allocs float64, bytes uint64) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	f()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return float64(m1.Mallocs - m0.Mallocs), m1.TotalAlloc - m0.TotalAlloc
}

// allocatedGrowth measures small and large with allocated and returns
// small's allocations and large's allocations and bytes. The counters are
// the runtime's, so other work in the process while a call runs adds to
// them (seen with Go 1.24 on a loaded machine, and with some -run
// selections: a few allocations in some runs). Before returning
// counts that ok refuses, it runs the collector twice, measures three
// more times and keeps the least of each count, since other work only
// ever adds.
func allocatedGrowth(small, large func(), ok func(a0, a1 float64, b1 uint64) bool) (a0, a1 float64, b1 uint64) {
	a0, _ = allocated(small)
	a1, b1 = allocated(large)
	for i := 0; i < 3 && !ok(a0, a1, b1); i++ {
		runtime.GC()
		runtime.GC()
		x0, _ := allocated(small)
		x1, y1 := allocated(large)
		a0, a1, b1 = min(a0, x0), min(a1, x1), min(b1, y1)
	}
	return a0, a1, b1
}

// hostileLong selects the long form of TestHostileMemory and
// TestFindHostile, 10 KB against 1 MB inputs, which .ci/run sets; the
// default form compares hostileQuick's 5 KB and 50 KB, so that the
// README's test command stays quick.
var hostileLong = flag.Bool("hostile.long", false, "TestHostileMemory, TestFindHostile: compare 10 KB with 1 MB inputs (default 5 KB with 50 KB)")

// TestHostileMemory checks, for every entry point and shape, that the
// number of allocations at the large size (50 KB, or 1 MB with
// -hostile.long) is no more than at the small one (5 KB, or 10 KB; plus a
// slack of two, for buffers that grow once more), and that the bytes
// allocated stay within hostileBytesPerByte times the input (4 unless
// listed there) plus 64 KB.
func TestHostileMemory(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	if testing.Short() {
		t.Skip("large inputs; skipped in -short mode")
	}
	small, large := hostileQuick[0], hostileQuick[1]
	if *hostileLong {
		small, large = hostileSizes[0], hostileSizes[2]
	} else {
		t.Logf("comparing %s with %s inputs; -hostile.long (set by .ci/run) compares %s with %s", sizeName(small), sizeName(large), sizeName(hostileSizes[0]), sizeName(hostileSizes[2]))
	}
	for _, e := range hostileEntries {
		for _, sh := range hostileShapes {
			us, ul := sh.make(small), sh.make(large)
			ss, sl := us.String(), ul.String()
			perByte := hostileBytesPerByte[e.name]
			if perByte == 0 {
				perByte = 4
			}
			limit := uint64(perByte*len(sl) + 64<<10)
			a0, a1, b1 := allocatedGrowth(func() { e.run(us, ss) }, func() { e.run(ul, sl) }, func(a0, a1 float64, b1 uint64) bool {
				return a1 <= a0+2 && b1 <= limit
			})
			if a1 > a0+2 || b1 > limit {
				t.Errorf("%s on %s: %v allocations at %s, %v at %s; %d bytes at %s (limit %d)",
					e.name, sh.name, a0, sizeName(small), a1, sizeName(large), b1, sizeName(large), limit)
			}
		}
	}
}
