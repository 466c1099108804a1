package uri

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// parseHexRunes reads code points written in hexadecimal and separated by
// spaces, as UCD files write them.
func parseHexRunes(s string) ([]rune, bool) { return appendHexRunes(nil, s) }

// appendHexRunes appends the code points of s, as parseHexRunes reads
// them, to dst.
func appendHexRunes(dst []rune, s string) ([]rune, bool) {
	var v rune
	digits := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if digits > 0 {
				dst = append(dst, v)
			}
			v, digits = 0, 0
			continue
		}
		d, ok := hexDigitValue(rune(s[i]))
		if !ok {
			return nil, false
		}
		v, digits = v<<4|d, digits+1
	}
	return dst, true
}

// TestNormalizationTest checks the NFC invariants of Unicode's
// NormalizationTest.txt (UAX #15, Section 16): on every line, c2 ==
// toNFC(c1) == toNFC(c2) == toNFC(c3) and c4 == toNFC(c4) == toNFC(c5);
// and for every code point X not listed in Part 1, X == toNFC(X).
func TestNormalizationTest(t *testing.T) {
	data := readShared(t, "unicode-17.0.0/NormalizationTest.txt", "Unicode's NormalizationTest.txt for Unicode 17.0.0 (https://www.unicode.org/Public/17.0.0/ucd/)")
	var part1 [(utf8.MaxRune + 1) / 64]uint64 // a bit for each code point listed in Part 1
	part, n, lines, fails := "", 0, 0, 0
	var buf, cols []rune
	for text := range strings.Lines(string(data)) {
		n++
		if strings.HasPrefix(text, "@Part") {
			part, _, _ = strings.Cut(text, " ")
			continue
		}
		text, _, _ = strings.Cut(text, "#")
		if text == "" {
			continue
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		// The five columns, in one buffer for all the lines.
		var ends [6]int
		cols = cols[:0]
		for i := range 5 {
			col, rest, ok := strings.Cut(text, ";")
			if !ok {
				t.Fatalf("NormalizationTest.txt:%d: %d columns", n, i)
			}
			if cols, ok = appendHexRunes(cols, col); !ok {
				t.Fatalf("NormalizationTest.txt:%d: bad column %q", n, col)
			}
			ends[i+1] = len(cols)
			text = rest
		}
		var c [5][]rune
		for i := range c {
			c[i] = cols[ends[i]:ends[i+1]:ends[i+1]]
		}
		lines++
		if part == "@Part1" && len(c[0]) == 1 {
			part1[c[0][0]/64] |= 1 << (c[0][0] % 64)
		}
		for _, tt := range [...]struct{ in, want int }{{0, 1}, {1, 1}, {2, 1}, {3, 3}, {4, 3}} {
			buf = appendNFC(buf[:0], c[tt.in])
			if !slices.Equal(buf, c[tt.want]) || !isNFC(c[tt.want]) {
				fails++
				if fails <= 20 {
					t.Errorf("NormalizationTest.txt:%d: NFC(c%d %U) = %U, want c%d %U", n, tt.in+1, c[tt.in], buf, tt.want+1, c[tt.want])
				}
			}
		}
		if got := nfcString(string(c[0])); got != string(c[1]) {
			t.Errorf("NormalizationTest.txt:%d: nfcString(c1) = %+q, want %+q", n, got, string(c[1]))
		}
	}
	listed := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if part1[r/64]&(1<<(r%64)) != 0 {
			listed++
			continue
		}
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		one := []rune{r}
		if res, _ := nfcQuickCheck(one); res == qcYes {
			continue
		}
		if buf = appendNFC(buf[:0], one); !slices.Equal(buf, one) {
			t.Errorf("NFC(%U) = %U; a code point not in Part 1 is its own NFC", r, buf)
		}
	}
	t.Logf("NormalizationTest.txt: %d lines, 5 NFC invariants each; %d code points outside Part 1", lines, utf8.MaxRune+1-0x800-listed)
}

// TestNFCLongRuns checks the sort of long runs of combining marks (more
// than 16) against a stable sort by combining class, and that they take
// no more than one allocation.
func TestNFCLongRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	marks := []rune{0x0300, 0x0301, 0x0316, 0x0323, 0x0327, 0x0334, 0x0345, 0x05B0, 0x0E48, 0x093C, 0x094D, 0x302A}
	for _, n := range []int{2, 16, 17, 40, 1000} {
		for range 10 {
			rs := []rune{'a'}
			for range n {
				rs = append(rs, marks[rng.IntN(len(marks))])
			}
			want := slices.Clone(rs)
			slices.SortStableFunc(want[1:], func(a, b rune) int {
				ca, _ := nfcProps(a)
				cb, _ := nfcProps(b)
				return int(ca) - int(cb)
			})
			got := slices.Clone(rs)
			canonicalOrder(got)
			if !slices.Equal(got, want) {
				t.Fatalf("canonicalOrder(%U) = %U, want %U", rs, got, want)
			}
		}
	}
}

// TestNFCExamples: the composition rules, one case each.
func TestNFCExamples(t *testing.T) {
	for _, tt := range []struct{ in, want, why string }{
		{"e\u0301", "é", "primary composite"},
		{"\u1100\u1161\u11A8", "각", "Hangul L, V and T (the Unicode Standard, Section 3.12)"},
		{"\uAC00\u11A8", "각", "Hangul LV and T"},
		{"a\u0323\u0302", "ậ", "canonical order, then composition across a mark of lower class"},
		{"a\u0302\u0323", "ậ", "reordered marks compose the same"},
		{"\u0958", "\u0915\u093C", "composition exclusion (CompositionExclusions.txt)"},
		{"\u212B", "Å", "singleton: ANGSTROM SIGN decomposes to Å"},
		{"\u0344", "\u0308\u0301", "non-starter decomposition, never recomposed"},
		{"\u0F73", "\u0F71\u0F72", "non-starter decomposition of a starter"},
		{"a\u0308\u0308", "ä\u0308", "a second mark of the same class is blocked"},
		{"\u0301e\u0301", "\u0301é", "a mark first has no starter to compose with"},
		{"<\u0338", "≮", "the URL Standard's example: '<' and U+0338 compose"},
		{"\u0B47\u0B3E", "\u0B4B", "two starters compose (Oriya vowel sign O)"},
		{"", "", "empty"},
	} {
		if got := nfcString(tt.in); got != tt.want {
			t.Errorf("NFC(%+q) = %+q, want %+q: %s", tt.in, got, tt.want, tt.why)
		}
	}
	if s := "already NFC: ünïcödé"; !isNFC([]rune(s)) || testing.AllocsPerRun(10, func() { sinkString = nfcString(s) }) != 0 {
		t.Error("nfcString allocates for a string already in NFC")
	}
}

// FuzzNFC checks that NFC is idempotent, that the quick check never says
// Yes to a string NFC changes, and that normalizing from the last starter
// before the first doubt (appendNFC) equals normalizing everything.
func FuzzNFC(f *testing.F) {
	f.Add("e\u0301\u0323a\u0302")
	f.Add("\u1100\u1161\u11A8\u0958")
	f.Add("<\u0338=\u0338")
	f.Fuzz(func(t *testing.T, s string) {
		rs := []rune(s)
		got := appendNFC(nil, rs)
		var full []rune
		for _, r := range rs {
			full = appendDecomposed(full, r)
		}
		canonicalOrder(full)
		full = full[:compose(full)]
		if !slices.Equal(got, full) {
			t.Fatalf("appendNFC(%+q) = %+q; normalizing it all gives %+q", s, string(got), string(full))
		}
		if again := appendNFC(nil, got); !slices.Equal(again, got) {
			t.Fatalf("NFC(NFC(%+q)) = %+q != %+q", s, string(again), string(got))
		}
		if !isNFC(got) {
			t.Fatalf("isNFC(NFC(%+q)) is false", s)
		}
		if res, _ := nfcQuickCheck(rs); res == qcYes && !slices.Equal(got, rs) {
			t.Fatalf("the quick check says %+q is NFC, but NFC gives %+q", s, string(got))
		}
		if isNFC(rs) != slices.Equal(got, rs) {
			t.Fatalf("isNFC(%+q) = %v, but NFC gives %+q", s, isNFC(rs), string(got))
		}
	})
}
