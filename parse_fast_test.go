package uri

import (
	"errors"
	"math/bits"
	"strings"
	"testing"
)

// The fast path of Parse (parseFast) against the rule-per-function parser
// (parseRules), its oracle: they must accept the same strings under every
// start rule, with the same URI, and Parse's error must be the one
// parseRules reports.

// startRules are the four start rules with their entry points.
var startRules = []struct {
	name  string
	rule  rule
	parse func(string) (URI, error)
}{
	{"URI-reference", ruleReference, Parse},
	{"URI", ruleURI, ParseURI},
	{"absolute-URI", ruleAbsolute, ParseAbsolute},
	{"relative-ref", ruleRelative, ParseRelative},
}

// checkFast checks, for s under every start rule, that parseFast accepts
// exactly what parseRules accepts, with the same URI; that the entry point
// returns that URI, or an *Error holding parseRules' offset, sentinel and
// expected text, with the zero URI; and that Valid agrees.
func checkFast(t testing.TB, s string) {
	for _, sr := range startRules {
		var fast, slow URI
		ok := parseFast(s, sr.rule, &fast)
		at, f := parseRules(s, sr.rule, &slow)
		if ok != (f.err == nil) {
			t.Fatalf("%s %q: parseFast says valid=%v, parseRules %v at %d", sr.name, s, ok, f.err, at)
		}
		if ok && fast != slow {
			t.Fatalf("%s %q:\nparseFast  %#v\nparseRules %#v", sr.name, s, fast, slow)
		}
		u, err := sr.parse(s)
		if ok {
			if err != nil || u != slow {
				t.Fatalf("%s %q: the entry point gives %#v, %v; want %#v", sr.name, s, u, err, slow)
			}
			continue
		}
		var e *Error
		want := Error{Input: s, Offset: at, Err: f.err, Expected: f.want}
		if !errors.As(err, &e) || *e != want || u != (URI{}) {
			t.Fatalf("%s %q: the entry point gives %#v, %#v; want the zero URI and %#v", sr.name, s, u, err, &want)
		}
		if sr.rule == ruleReference && Valid(s) {
			t.Fatalf("Valid(%q) = true; Parse: %v", s, err)
		}
	}
	if _, err := Parse(s); Valid(s) != (err == nil) {
		t.Fatalf("Valid(%q) = %v; Parse: %v", s, Valid(s), err)
	}
}

// TestStopTable checks stopTable against classTable for every byte and
// every class: a run of a class stops at the bytes outside it and at '%'.
func TestStopTable(t *testing.T) {
	for bit := uint16(1); bit != 0; bit <<= 1 {
		for c := 0; c < 256; c++ {
			if got, want := stopTable[c]&bit != 0, classTable[c]&bit == 0 || c == '%'; got != want {
				t.Errorf("stopTable[%q] bit %#x = %v, want %v", c, bit, got, want)
			}
			if got, want := runStop[bits.TrailingZeros16(bit)][c] == 1, stopTable[c]&bit != 0; got != want {
				t.Errorf("runStop[%d][%q] = %v, want %v", bits.TrailingZeros16(bit), c, got, want)
			}
		}
	}
}

// TestRunOf checks runOf against a loop over one byte at a time, from
// every offset of strings of every length from 0 to 40 with the byte that
// ends the run (or none) at every place, for every class.
func TestRunOf(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for stop := 0; stop <= n; stop++ {
			for _, end := range []byte{'%', ' ', '/', ':', '@', '?', '#', 0x80} {
				b := []byte(strings.Repeat("a1", n)[:n])
				if stop < n {
					b[stop] = end
				}
				s := string(b)
				for bit := uint16(1); bit < cPct; bit <<= 1 {
					for i := 0; i <= n; i++ {
						want := i
						for want < n && stopTable[s[want]]&bit == 0 {
							want++
						}
						if got := runOf(s, i, bit); got != want {
							t.Fatalf("runOf(%q, %d, %#x) = %d, want %d", s, i, bit, got, want)
						}
					}
				}
			}
		}
	}
}

// TestParseFastCases runs testdata/parse_fast.txt as TestParseCases runs
// parse.txt, and checks that the two parsers agree on every input of both
// files and of the corpus.
func TestParseFastCases(t *testing.T) {
	rows := readCases(t, "testdata/parse_fast.txt")
	runParseRows(t, rows)
	for _, r := range append(rows, readCases(t, "testdata/parse.txt")...) {
		checkFast(t, r.input)
	}
	for _, s := range corpusSeeds(t) {
		checkFast(t, s)
	}
}

// TestParseFastShapes checks that the two parsers agree on every string
// of up to four bytes over an alphabet with a byte of each kind the
// grammar tells apart, after prefixes that put it in each component; and
// on runs that end, or hold a '%', at each offset of parseFast's
// four-byte steps.
func TestParseFastShapes(t *testing.T) {
	const alphabet = "a1:/?#@[]%. "
	words := []string{""}
	for n, from := 0, 0; n < 4; n++ {
		to := len(words)
		for _, w := range words[from:to] {
			for i := 0; i < len(alphabet); i++ {
				words = append(words, w+alphabet[i:i+1])
			}
		}
		from = to
	}
	for _, prefix := range []string{"", "s://", "s://u@", "//h/"} {
		for _, w := range words {
			checkFast(t, prefix+w)
		}
	}
	runs := 0
	for _, tmpl := range []string{"%s", "s:%s", "s://%s", "s://%s@h", "s://u@%s:1", "s://h/%s", "s://h?%s", "s://h#%s"} {
		for k := 0; k <= 8; k++ {
			for m := 0; m <= 4; m++ {
				for _, x := range []string{"", "%41", "%4", "%", ":", "@", "/", "?", "#", "[", " ", "\x80"} {
					checkFast(t, strings.Replace(tmpl, "%s", strings.Repeat("a", k)+x+strings.Repeat("b", m), 1))
					runs++
				}
			}
		}
	}
	t.Logf("%d words of up to 4 bytes after 4 prefixes, %d runs", len(words), runs)
}

// FuzzParseFast is the differential target of issue #26: on every input,
// parseFast and parseRules agree under every start rule (checkFast). Its
// seeds are the case files' inputs; the corpus runs through checkFast in
// TestParseFastCases, which costs a fraction of running it as seeds.
func FuzzParseFast(f *testing.F) {
	for _, name := range []string{"testdata/parse.txt", "testdata/parse_fast.txt"} {
		for _, r := range readCases(f, name) {
			f.Add(r.input)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkFast(t, s)
	})
}

// BenchmarkParsePaths compares, on the corpus and in the same run, the
// rule-per-function parser alone (the parser before issue #26's fast
// path) with parse (the fast path, and the rules when it fails).
func BenchmarkParsePaths(b *testing.B) {
	b.Run("rules", func(b *testing.B) {
		benchCorpus(b, func(s string) {
			var u URI
			parseRules(s, ruleReference, &u)
			sinkURI = u
		})
	})
	b.Run("fast", func(b *testing.B) {
		benchCorpus(b, func(s string) {
			var u URI
			parse(s, ruleReference, &u)
			sinkURI = u
		})
	})
}

// TestValidNeverAllocates checks that Valid allocates nothing for any
// input of the case files, invalid ones included (an IPv6 zone identifier
// made Valid build the error text until issue #26).
func TestValidNeverAllocates(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	for _, name := range []string{"testdata/parse.txt", "testdata/parse_fast.txt"} {
		for _, r := range readCases(t, name) {
			if n := testing.AllocsPerRun(10, func() { Valid(r.input) }); n != 0 {
				t.Errorf("%s:%d: Valid(%q): %v allocations", name, r.line, r.input, n)
			}
		}
	}
}
