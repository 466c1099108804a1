package uri

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// RFC 3492, Section 7.1: the sample strings, verbatim (code points, then
// the Punycode). The RFC writes uppercase digits where its samples carry
// case annotations (Appendix A), which this encoder does not produce:
// sample (I) has "b1abfaaepdrnnbgefbaDotcwatmq2g4l" in the RFC, and its
// decoding is checked with that spelling below.
var punycodeRFC3492 = []struct {
	name, cps, puny string
}{
	{"(A) Arabic (Egyptian)", "0644 064A 0647 0645 0627 0628 062A 0643 0644 0645 0648 0634 0639 0631 0628 064A 061F", "egbpdaj6bu4bxfgehfvwxn"},
	{"(B) Chinese (simplified)", "4ED6 4EEC 4E3A 4EC0 4E48 4E0D 8BF4 4E2D 6587", "ihqwcrb4cv8a8dqg056pqjye"},
	{"(C) Chinese (traditional)", "4ED6 5011 7232 4EC0 9EBD 4E0D 8AAA 4E2D 6587", "ihqwctvzc91f659drss3x8bo0yb"},
	{"(D) Czech", "0050 0072 006F 010D 0070 0072 006F 0073 0074 011B 006E 0065 006D 006C 0075 0076 00ED 010D 0065 0073 006B 0079", "Proprostnemluvesky-uyb24dma41a"},
	{"(E) Hebrew", "05DC 05DE 05D4 05D4 05DD 05E4 05E9 05D5 05D8 05DC 05D0 05DE 05D3 05D1 05E8 05D9 05DD 05E2 05D1 05E8 05D9 05EA", "4dbcagdahymbxekheh6e0a7fei0b"},
	{"(F) Hindi (Devanagari)", "092F 0939 0932 094B 0917 0939 093F 0928 094D 0926 0940 0915 094D 092F 094B 0902 0928 0939 0940 0902 092C 094B 0932 0938 0915 0924 0947 0939 0948 0902", "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"},
	{"(G) Japanese (kanji and hiragana)", "306A 305C 307F 3093 306A 65E5 672C 8A9E 3092 8A71 3057 3066 304F 308C 306A 3044 306E 304B", "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"},
	{"(H) Korean (Hangul syllables)", "C138 ACC4 C758 BAA8 B4E0 C0AC B78C B4E4 C774 D55C AD6D C5B4 B97C C774 D574 D55C B2E4 BA74 C5BC B9C8 B098 C88B C744 AE4C", "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"},
	{"(I) Russian (Cyrillic)", "043F 043E 0447 0435 043C 0443 0436 0435 043E 043D 0438 043D 0435 0433 043E 0432 043E 0440 044F 0442 043F 043E 0440 0443 0441 0441 043A 0438", "b1abfaaepdrnnbgefbadotcwatmq2g4l"},
	{"(J) Spanish", "0050 006F 0072 0071 0075 00E9 006E 006F 0070 0075 0065 0064 0065 006E 0073 0069 006D 0070 006C 0065 006D 0065 006E 0074 0065 0068 0061 0062 006C 0061 0072 0065 006E 0045 0073 0070 0061 00F1 006F 006C", "PorqunopuedensimplementehablarenEspaol-fmd56a"},
	{"(K) Vietnamese", "0054 1EA1 0069 0073 0061 006F 0068 1ECD 006B 0068 00F4 006E 0067 0074 0068 1EC3 0063 0068 1EC9 006E 00F3 0069 0074 0069 1EBF 006E 0067 0056 0069 1EC7 0074", "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"},
	{"(L) 3<nen>B<gumi><kinpachi><sensei>", "0033 5E74 0042 7D44 91D1 516B 5148 751F", "3B-ww4c5e180e575a65lsy2b"},
	{"(M) <amuro><namie>-with-SUPER-MONKEYS", "5B89 5BA4 5948 7F8E 6075 002D 0077 0069 0074 0068 002D 0053 0055 0050 0045 0052 002D 004D 004F 004E 004B 0045 0059 0053", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"},
	{"(N) Hello-Another-Way-<sorezore><no><basho>", "0048 0065 006C 006C 006F 002D 0041 006E 006F 0074 0068 0065 0072 002D 0057 0061 0079 002D 305D 308C 305E 308C 306E 5834 6240", "Hello-Another-Way--fc4qua05auwb3674vfr0b"},
	{"(O) <hitotsu><yane><no><shita>2", "3072 3068 3064 5C4B 6839 306E 4E0B 0032", "2-u9tlzr9756bt3uc0v"},
	{"(P) Maji<de>Koi<suru>5<byou><mae>", "004D 0061 006A 0069 3067 004B 006F 0069 3059 308B 0035 79D2 524D", "MajiKoi5-783gue6qz075azm5e"},
	{"(Q) <pafii>de<runba>", "30D1 30D5 30A3 30FC 0064 0065 30EB 30F3 30D0", "de-jg4avhby1noc0d"},
	{"(R) <sono><supiido><de>", "305D 306E 30B9 30D4 30FC 30C9 3067", "d9juau41awczczp"},
	{"(S) -> $1.00 <-", "002D 003E 0020 0024 0031 002E 0030 0030 0020 003C 002D", "-> $1.00 <--"},
}

func TestPunycodeRFC3492(t *testing.T) {
	for _, tt := range punycodeRFC3492 {
		rs := parseCodePointList(t, tt.cps)
		enc, ok := punycodeEncode(nil, rs)
		if !ok || string(enc) != tt.puny {
			t.Errorf("%s: encode = %q, %v; want %q", tt.name, enc, ok, tt.puny)
		}
		for _, in := range []string{tt.puny, strings.ToUpper(tt.puny)} {
			dec, ok := punycodeDecode(nil, []rune(in))
			want := rs
			if in != tt.puny { // the basic code points keep the case they have
				want = []rune(strings.ToUpper(string(rs)))
				for i, r := range rs {
					if r >= 0x80 {
						want[i] = r
					}
				}
			}
			if !ok || !slices.Equal(dec, want) {
				t.Errorf("%s: decode(%q) = %q, %v; want %q", tt.name, in, string(dec), ok, string(want))
			}
		}
	}
	if dec, ok := punycodeDecode(nil, []rune("b1abfaaepdrnnbgefbaDotcwatmq2g4l")); !ok || string(dec) != "почемужеонинеговорятпорусски" {
		t.Errorf("decode of sample (I) as the RFC spells it = %q, %v", string(dec), ok)
	}
}

// parseCodePointList reads hexadecimal code points separated by spaces.
func parseCodePointList(t testing.TB, s string) []rune {
	t.Helper()
	var rs []rune
	for _, f := range strings.Fields(s) {
		var v rune
		for _, c := range f {
			d, ok := hexDigitValue(c)
			if !ok {
				t.Fatalf("bad code point %q", f)
			}
			v = v<<4 | d
		}
		rs = append(rs, v)
	}
	return rs
}

func hexDigitValue(c rune) (rune, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// TestPunycodeErrors: the inputs RFC 3492's decoder rejects (Section 6.2:
// "fail"), each for one reason, and the encoder's overflow.
func TestPunycodeErrors(t *testing.T) {
	for _, tt := range []struct {
		in, why string
	}{
		{"-abc", "a delimiter with no basic code points before it starts the deltas"},
		{"ab-c=", "'=' is not a digit"},
		{"99", "truncated integer"},
		{"ü-abc", "a non-basic code point before the last delimiter"},
		{"zzzzzzzzzzzz", "overflow of i"},
		{"ls8h=", "a character that is not a digit"},
		{"99999a", "U+48A3C1, beyond U+10FFFF"},
		{"00000a", "U+35F61E, beyond U+10FFFF"},
	} {
		if got, ok := punycodeDecode(nil, []rune(tt.in)); ok {
			t.Errorf("decode(%q) = %q, want failure: %s", tt.in, string(got), tt.why)
		}
		if got, ok := punycodeDecodeLong(nil, []rune(tt.in)); ok {
			t.Errorf("decode(%q), the long way, = %q, want failure: %s", tt.in, string(got), tt.why)
		}
	}
	// A surrogate is a code point that no Go string holds.
	if enc, ok := punycodeEncode(nil, []rune{0xD800}); ok {
		if got, ok := punycodeDecode(nil, []rune(string(enc))); ok {
			t.Errorf("decode(%q) = %q, want failure: a surrogate", enc, string(got))
		}
	}
	// The largest code point at a position that makes the delta overflow.
	long := append([]rune(strings.Repeat("a", 2100)), 0x10FFFF)
	if _, ok := punycodeEncode(nil, long); ok {
		t.Errorf("encode of 2100 basic code points then U+10FFFF did not overflow")
	}
	if _, ok := punycodeEncodeLong(nil, long); ok {
		t.Errorf("encode of 2100 basic code points then U+10FFFF, the long way, did not overflow")
	}
}

// TestPunycodeOracle compares the two ways, the RFC's loops and the two
// passes with Fenwick trees, on random labels of every size the buffers
// on the stack and punyShort switch at.
func TestPunycodeOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune{'a', 'b', '-', '0', 'z', 0xE0, 0xE9, 0xFC, 0x3B1, 0x5D0, 0x4E00, 0x4E01, 0xAC00, 0x1F600, 0x10FFFD}
	for _, n := range []int{0, 1, 2, 3, 5, 8, 20, 63, 64, 65, 100, 300} {
		for range 20 {
			rs := make([]rune, n)
			for i := range rs {
				rs[i] = alphabet[rng.IntN(len(alphabet))]
			}
			checkPunycode(t, rs)
		}
	}
}

// checkPunycode checks that the two ways of encoding rs agree, and
// that each of the two ways of decoding gives rs back.
func checkPunycode(t *testing.T, rs []rune) {
	t.Helper()
	enc, ok := punycodeEncode(nil, rs)
	long, longOK := punycodeEncodeLong(nil, rs)
	if ok != longOK || ok && string(enc) != string(long) {
		t.Fatalf("encode(%q) = %q, %v; the long way gives %q, %v", string(rs), enc, ok, long, longOK)
	}
	if !ok {
		return
	}
	for _, decode := range []func(dst, s []rune) ([]rune, bool){punycodeDecode, punycodeDecodeLong} {
		dec, ok := decode(nil, []rune(string(enc)))
		if !ok || !slices.Equal(dec, rs) {
			t.Fatalf("decode(encode(%q)) = %q, %v", string(rs), string(dec), ok)
		}
	}
}

// FuzzPunycode checks that decode(encode(x)) is x, that the RFC's loops
// and the long way agree, and that whatever decodes encodes back to
// itself (Punycode has one spelling per label, up to the case of its
// digits), which appendASCII relies on.
func FuzzPunycode(f *testing.F) {
	for _, tt := range punycodeRFC3492 {
		f.Add(tt.puny)
	}
	f.Add("ü-abc")
	f.Add("münchen")
	f.Add("zzzzzzzzzzzz")
	f.Fuzz(func(t *testing.T, s string) {
		rs := []rune(s)
		checkPunycode(t, rs)
		dec, ok := punycodeDecode(nil, rs)
		want, wantOK := punycodeDecodeLong(nil, rs)
		if ok != wantOK || ok && !slices.Equal(dec, want) {
			t.Fatalf("decode(%q) = %q, %v; the long way gives %q, %v", s, string(dec), ok, string(want), wantOK)
		}
		if !ok {
			return
		}
		enc, ok := punycodeEncode(nil, dec)
		if !ok {
			t.Fatalf("encode(decode(%q)) overflows", s)
		}
		// The deltas' digits come back lowercase; the basic code points as
		// they were.
		b := strings.LastIndexByte(s, '-')
		if !strings.EqualFold(string(enc), s) {
			t.Fatalf("encode(decode(%q)) = %q", s, enc)
		}
		if b > 0 && string(enc[:b]) != s[:b] {
			t.Fatalf("encode(decode(%q)) = %q: the basic code points changed", s, enc)
		}
	})
}
