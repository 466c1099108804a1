//go:build ignore

// gen_confusables writes confusables_table.go: the tables of UTS #39,
// Unicode Security Mechanisms, that IRI uses to decide which characters it
// may show decoded in a userinfo or a host (see displayLabel). It reads
// five files of one Unicode version:
//
//	confusables.txt       UTS #39 prototypes, for skeletons (Section 4)
//	UnicodeData.txt       canonical decompositions, for the NFD of a skeleton
//	IdentifierStatus.txt  Identifier_Status (Section 3.1)
//	Scripts.txt           Script (UAX #24)
//	ScriptExtensions.txt  Script_Extensions (UAX #24; UTS #39, Section 5.1)
//
// and writes:
//
//   - delimLookalikes, the non-ASCII code points whose skeleton holds one of
//     iriDelims, the characters that make a person read a host, a port or
//     a userinfo boundary where there is none;
//   - latinLookalikes, the non-ASCII code points, of no script that the
//     Latin one is, whose skeleton is made only of Allowed characters of
//     the Latin, Common and Inherited scripts: the letters of a
//     whole-script confusable with a Latin label (UTS #39, Section 4);
//   - asciiSkeleton, the non-ASCII code points whose Identifier_Status is
//     Allowed and whose skeleton is ASCII: a label of them and ASCII
//     reads as an ASCII label (UTS #39, Section 4);
//   - idAllowed, the non-ASCII code points whose Identifier_Status is
//     Allowed, with their augmented Script_Extensions (UTS #39, Section
//     5.1) as a set of bits, one per script of an Allowed character.
//
// Run it with go generate, or by hand:
//
//	go run gen_confusables.go gen_unicode.go [-o confusables_table.go] [-data path/to/unicode-17.0.0]
//
// gen_unicode.go says where the data comes from: a directory, or
// unicode.org, checked against the SHA-256 this file's output records.
//
// With -o -, it writes the file to standard output (the test that checks
// the committed file uses that).
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"log"
	"slices"
	"strings"
)

// delims are the characters whose look-alikes IRI never shows in a userinfo
// or a host, so that what a person reads as the host is the host:
//
//	: / ? # [ ] @   the delimiters of RFC 3986, Section 2.2 (gen-delims): a
//	                look-alike ends a userinfo, a host or a port to the eye
//	.               the label separator: a look-alike makes a host read as a
//	                name under another domain
//	%               the escape of Section 2.1: a look-alike makes a host
//	                read as holding an encoded character
//	\               read as '/' by browsers (URL Standard, special schemes)
//	space " < >     the delimiters of URIs in text (RFC 3986, Appendix C): a
//	                look-alike makes the URI seem to end there
const delims = ":/?#[]@.%\\ \"<>"

// aliases gives the short Script property value (as ScriptExtensions.txt
// writes it) of each long one (as Scripts.txt writes it) that a character
// with Identifier_Status Allowed has. The generator stops if it meets
// another.
var aliases = map[string]string{
	"Arabic": "Arab", "Armenian": "Armn", "Bengali": "Beng", "Bopomofo": "Bopo",
	"Common": "Zyyy", "Cyrillic": "Cyrl", "Devanagari": "Deva", "Ethiopic": "Ethi",
	"Georgian": "Geor", "Grantha": "Gran", "Greek": "Grek", "Gujarati": "Gujr",
	"Gurmukhi": "Guru", "Han": "Hani", "Hangul": "Hang", "Hebrew": "Hebr",
	"Hiragana": "Hira", "Inherited": "Zinh", "Kannada": "Knda", "Katakana": "Kana",
	"Khmer": "Khmr", "Lao": "Laoo", "Latin": "Latn", "Malayalam": "Mlym",
	"Myanmar": "Mymr", "Oriya": "Orya", "Sinhala": "Sinh", "Tamil": "Taml",
	"Telugu": "Telu", "Thaana": "Thaa", "Thai": "Thai", "Tibetan": "Tibt",
}

// augment lists the scripts UTS #39, Section 5.1 adds to a script set: Han
// is also written with Bopomofo (Hanb), Japanese (Jpan) and Korean (Kore);
// Hiragana and Katakana are Japanese, Hangul Korean, Bopomofo Hanb.
var augment = map[string][]string{
	"Hani": {"Hanb", "Jpan", "Kore"},
	"Hira": {"Jpan"}, "Kana": {"Jpan"},
	"Hang": {"Kore"},
	"Bopo": {"Hanb"},
}

// named are the script bits the package names as constants.
var named = []struct{ name, code string }{
	{"scriptLatin", "Latn"}, {"scriptHan", "Hani"}, {"scriptHiragana", "Hira"},
	{"scriptKatakana", "Kana"}, {"scriptBopomofo", "Bopo"}, {"scriptHangul", "Hang"},
	{"scriptJpan", "Jpan"}, {"scriptHanb", "Hanb"}, {"scriptKore", "Kore"},
	{"scriptHebrew", "Hebr"}, {"scriptGreek", "Grek"}, {"scriptCyrillic", "Cyrl"},
}

func main() { run("confusables_table.go", generate) }

// read calls fn for each data line of the input file name (readUCD): its
// code point range and its fields after the first. It returns the file's
// Unicode version.
func read(name string, fn func(lo, hi rune, f []string)) string {
	data, _, version, err := readUCD(name)
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range data {
		fn(l.lo, l.hi, l.f)
	}
	return version
}

// runes reads code points in hex separated by spaces.
func runes(s string) []rune {
	rs, err := parseCodePoints(s)
	if err != nil {
		log.Fatal(err)
	}
	return rs
}

func generate() ([]byte, error) {
	// Canonical decompositions (UnicodeData.txt, field 5 without a <tag>).
	decomp := map[rune][]rune{}
	read("UnicodeData.txt", func(lo, _ rune, f []string) {
		if len(f) > 5 && f[4] != "" && !strings.HasPrefix(f[4], "<") {
			decomp[lo] = runes(f[4])
		}
	})
	// nfd decomposes r fully. The order of combining marks (canonical
	// ordering) does not matter here: the tables ask only which characters
	// a skeleton holds.
	var nfd func(r rune, to []rune) []rune
	nfd = func(r rune, to []rune) []rune {
		const sBase, lBase, vBase, tBase, nV, nT, nS = 0xAC00, 0x1100, 0x1161, 0x11A7, 21, 28, 11172
		if s := r - sBase; s >= 0 && s < nS { // Hangul syllables (Unicode, Section 3.12)
			to = append(to, lBase+s/(nV*nT), vBase+s%(nV*nT)/nT)
			if t := s % nT; t != 0 {
				to = append(to, tBase+t)
			}
			return to
		}
		d, ok := decomp[r]
		if !ok {
			return append(to, r)
		}
		for _, x := range d {
			to = nfd(x, to)
		}
		return to
	}

	proto := map[rune][]rune{}
	version := read("confusables.txt", func(lo, hi rune, f []string) {
		if lo != hi || len(f) < 2 {
			log.Fatalf("confusables.txt: unexpected line %X %q", lo, f)
		}
		proto[lo] = runes(f[0])
	})
	// skeleton is UTS #39, Section 4's skeleton of the one character r:
	// NFD, each character replaced by its prototype, NFD again.
	skeleton := func(r rune) []rune {
		var mapped []rune
		for _, x := range nfd(r, nil) {
			if p, ok := proto[x]; ok {
				mapped = append(mapped, p...)
			} else {
				mapped = append(mapped, x)
			}
		}
		var s []rune
		for _, x := range mapped {
			s = nfd(x, s)
		}
		return s
	}

	allowed := map[rune]bool{}
	if v := read("IdentifierStatus.txt", func(lo, hi rune, f []string) {
		if f[0] == "Allowed" {
			for r := lo; r <= hi; r++ {
				allowed[r] = true
			}
		}
	}); v != version {
		return nil, fmt.Errorf("IdentifierStatus.txt is version %q, confusables.txt %q", v, version)
	}
	type scriptRange struct {
		lo, hi rune
		name   string // the long name
	}
	var scripts []scriptRange
	if v := read("Scripts.txt", func(lo, hi rune, f []string) {
		scripts = append(scripts, scriptRange{lo, hi, f[0]})
	}); v != version {
		return nil, fmt.Errorf("Scripts.txt is version %q, confusables.txt %q", v, version)
	}
	slices.SortFunc(scripts, func(a, b scriptRange) int { return int(a.lo - b.lo) })
	script := func(r rune) string {
		k, _ := slices.BinarySearchFunc(scripts, r, func(s scriptRange, r rune) int { return int(s.hi - r) })
		if k < len(scripts) && scripts[k].lo <= r {
			return scripts[k].name
		}
		return "Unknown"
	}
	ext := map[rune][]string{} // short names
	if v := read("ScriptExtensions.txt", func(lo, hi rune, f []string) {
		for r := lo; r <= hi; r++ {
			ext[r] = strings.Fields(f[0])
		}
	}); v != version {
		return nil, fmt.Errorf("ScriptExtensions.txt is version %q, confusables.txt %q", v, version)
	}
	// scx is r's Script_Extensions, in short names.
	scx := func(r rune) []string {
		if x, ok := ext[r]; ok {
			return x
		}
		long := script(r)
		if short, ok := aliases[long]; ok {
			return []string{short}
		}
		return []string{long} // a script of no Allowed character: compared by name only
	}
	common := func(r rune) bool { x := scx(r); return len(x) == 1 && (x[0] == "Zyyy" || x[0] == "Zinh") }
	latin := func(r rune) bool { return slices.Contains(scx(r), "Latn") }

	// The script bits: one per script of an Allowed character, and the
	// augmented sets.
	var codes []string
	for r := range allowed {
		long := script(r)
		short, ok := aliases[long]
		if !ok {
			return nil, fmt.Errorf("%U is Allowed and of the script %q, which the generator's aliases do not name", r, long)
		}
		if short != "Zyyy" && short != "Zinh" && !slices.Contains(codes, short) {
			codes = append(codes, short)
		}
	}
	for _, s := range []string{"Bopo", "Hanb", "Jpan", "Kore"} {
		if !slices.Contains(codes, s) {
			codes = append(codes, s)
		}
	}
	slices.Sort(codes)
	if len(codes) > 64 {
		return nil, fmt.Errorf("%d scripts do not fit in a uint64", len(codes))
	}
	bit := map[string]uint64{}
	for i, c := range codes {
		bit[c] = 1 << i
	}
	// set is r's augmented script set; Common and Inherited are every script.
	set := func(r rune) uint64 {
		if common(r) {
			return ^uint64(0)
		}
		var s uint64
		for _, c := range scx(r) {
			s |= bit[c] // a script without a bit is none of an Allowed character's: dropping it only narrows the set
			for _, a := range augment[c] {
				s |= bit[a]
			}
		}
		return s
	}

	var delimRanges, latinRanges, asciiRanges []rune // lo, hi pairs
	add := func(rs []rune, r rune) []rune {
		if n := len(rs); n > 0 && rs[n-1] == r-1 {
			rs[n-1] = r
			return rs
		}
		return append(rs, r, r)
	}
	type idRange struct {
		lo, hi rune
		set    int
	}
	var sets []uint64
	var ids []idRange
	// The code points to look at: those with a prototype, a decomposition
	// or the status Allowed; every other one is its own skeleton.
	var cands []rune
	for r := range proto {
		cands = append(cands, r)
	}
	for r := range decomp {
		cands = append(cands, r)
	}
	for r := range allowed {
		cands = append(cands, r)
	}
	slices.Sort(cands)
	cands = slices.Compact(cands)
	nDelim, nLatin, nASCII := 0, 0, 0
	ascii := func(sk []rune) bool { return !slices.ContainsFunc(sk, func(x rune) bool { return x >= 0x80 }) }
	for _, r := range "abcdefghijklmnopqrstuvwxyz0123456789-" {
		if !ascii(skeleton(r)) {
			return nil, fmt.Errorf("the skeleton of %q is not ASCII, which asciiSkeleton assumes of letters, digits and '-'", r)
		}
	}
	for _, r := range cands {
		if r < 0x80 {
			continue
		}
		sk := skeleton(r)
		if allowed[r] && ascii(sk) {
			asciiRanges = add(asciiRanges, r)
			nASCII++
		}
		if slices.ContainsFunc(sk, func(x rune) bool { return x < 0x80 && strings.ContainsRune(delims, x) }) {
			delimRanges = add(delimRanges, r)
			nDelim++
		}
		if !latin(r) && !common(r) && !slices.Equal(sk, nfd(r, nil)) && !slices.ContainsFunc(sk, func(x rune) bool {
			return !(x < 0x80 || allowed[x]) || !(latin(x) || common(x))
		}) {
			latinRanges = add(latinRanges, r)
			nLatin++
		}
		if !allowed[r] {
			continue
		}
		s := set(r)
		k := slices.Index(sets, s)
		if k < 0 {
			k = len(sets)
			sets = append(sets, s)
		}
		if n := len(ids); n > 0 && rune(ids[n-1].hi) == r-1 && ids[n-1].set == k {
			ids[n-1].hi = r
		} else {
			ids = append(ids, idRange{r, r, k})
		}
	}
	if len(sets) > 256 {
		return nil, fmt.Errorf("%d script sets do not fit in a uint8", len(sets))
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by gen_confusables.go from Unicode %s's confusables.txt, IdentifierStatus.txt, Scripts.txt, ScriptExtensions.txt and UnicodeData.txt. DO NOT EDIT.\n\n", version)
	b.WriteString("// The input files and their SHA-256 (TestConfusablesTableGenerated regenerates this file from them):\n//\n")
	if err := writeSums(&b, "confusables.txt", "IdentifierStatus.txt", "Scripts.txt", "ScriptExtensions.txt", "UnicodeData.txt"); err != nil {
		return nil, err
	}
	b.WriteString("\n")
	b.WriteString("package uri\n\nimport \"unicode\"\n\n")
	fmt.Fprintf(&b, "// confusablesVersion is the Unicode version of the UTS #39 data the tables\n// of this file come from.\nconst confusablesVersion = %q\n\n", version)
	fmt.Fprintf(&b, "// iriDelims are the characters whose look-alikes IRI does not show in a\n// userinfo or a host: the gen-delims of RFC 3986, Section 2.2, the full\n// stop that separates labels, '%%', the '\\\\' that browsers read as '/', and\n// the delimiters of URIs in text of RFC 3986, Appendix C.\nconst iriDelims = %q\n\n", delims)
	fmt.Fprintf(&b, "// delimLookalikes holds the %d non-ASCII code points whose UTS #39\n// skeleton (Section 4) holds a character of iriDelims.\n", nDelim)
	writeTable(&b, "delimLookalikes", delimRanges)
	fmt.Fprintf(&b, "// latinLookalikes holds the %d non-ASCII code points, of neither the\n// Latin script nor Common or Inherited, whose UTS #39 skeleton (Section 4) is\n// another text made only of Allowed characters of the Latin, Common and\n// Inherited scripts: the letters of a whole-script confusable of a Latin\n// label.\n", nLatin)
	writeTable(&b, "latinLookalikes", latinRanges)
	fmt.Fprintf(&b, "// asciiSkeleton holds the %d non-ASCII code points whose Identifier_Status\n// is Allowed and whose UTS #39 skeleton (Section 4) is ASCII text, such as\n// U+3007 IDEOGRAPHIC NUMBER ZERO (\"O\") or U+00FE LATIN SMALL LETTER\n// THORN (\"p\"): a label of these and ASCII has the skeleton of an\n// ASCII label. (The skeletons of ASCII letters, digits and '-' are ASCII.)\n", nASCII)
	writeTable(&b, "asciiSkeleton", asciiRanges)

	b.WriteString("// scriptSet is a set of scripts, a bit each, augmented as UTS #39,\n// Section 5.1 says: Han adds Hanb, Jpan and Kore; Hiragana and Katakana add\n// Jpan; Hangul adds Kore; Bopomofo adds Hanb. Common and Inherited are every\n// script, ^scriptSet(0).\ntype scriptSet uint64\n\n")
	fmt.Fprintf(&b, "// The bits of a scriptSet, one per script of a character whose\n// Identifier_Status is Allowed (%s), the ones the package names.\nconst (\n", strings.Join(codes, " "))
	for _, n := range named {
		fmt.Fprintf(&b, "\t%s scriptSet = 1 << %d // %s\n", n.name, slices.Index(codes, n.code), n.code)
	}
	b.WriteString(")\n\n")
	fmt.Fprintf(&b, "// idScriptSets are the %d script sets idAllowed refers to.\nvar idScriptSets = [...]scriptSet{\n", len(sets))
	for i, s := range sets {
		var names []string
		for j, c := range codes {
			if s>>j&1 == 1 {
				names = append(names, c)
			}
		}
		if s == ^uint64(0) {
			names = []string{"Common and Inherited: every script"}
		}
		fmt.Fprintf(&b, "\t%#x, // %d: %s\n", s, i, strings.Join(names, " "))
	}
	b.WriteString("}\n\n")
	b.WriteString("// idRange is a range of code points, lo to lo+n, whose script set is\n// idScriptSets[set].\ntype idRange struct {\n\tlo  uint32\n\tn   uint16\n\tset uint8\n}\n\n")
	fmt.Fprintf(&b, "// idAllowed holds, sorted, the %d ranges of non-ASCII code points whose\n// Identifier_Status (UTS #39, Section 3.1) is Allowed, each with the index\n// in idScriptSets of its augmented Script_Extensions (Section 5.1): lo, the\n// length less one, the set.\nvar idAllowed = [...]idRange{\n", len(ids))
	for _, r := range ids {
		if r.hi-r.lo > 0xFFFF {
			return nil, fmt.Errorf("range %U-%U is too long for a uint16", r.lo, r.hi)
		}
		fmt.Fprintf(&b, "\t{0x%04X, %d, %d},\n", r.lo, r.hi-r.lo, r.set)
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

// writeTable writes a *unicode.RangeTable of the ranges rs (lo, hi pairs).
func writeTable(b *bytes.Buffer, name string, rs []rune) {
	fmt.Fprintf(b, "var %s = &unicode.RangeTable{\n", name)
	var r16, r32 []string
	latin := 0
	for i := 0; i < len(rs); i += 2 {
		e := fmt.Sprintf("{0x%04X, 0x%04X, 1},", rs[i], rs[i+1])
		switch {
		case rs[i] > 0xFFFF:
			r32 = append(r32, e)
		case rs[i+1] > 0xFFFF:
			log.Fatalf("range %U-%U crosses U+FFFF", rs[i], rs[i+1])
		default:
			r16 = append(r16, e)
		}
		if rs[i+1] <= 0xFF {
			latin++
		}
	}
	if len(r16) > 0 {
		fmt.Fprintf(b, "\tR16: []unicode.Range16{\n\t\t%s\n\t},\n", strings.Join(r16, "\n\t\t"))
	}
	if len(r32) > 0 {
		fmt.Fprintf(b, "\tR32: []unicode.Range32{\n\t\t%s\n\t},\n", strings.Join(r32, "\n\t\t"))
	}
	if latin > 0 {
		fmt.Fprintf(b, "\tLatinOffset: %d,\n", latin)
	}
	b.WriteString("}\n\n")
}
