//go:build ignore

// gen_idna_tables writes idna_tables.go: the Unicode data that UTS #46
// processing (idna.go) and Normalization Form C (nfc.go) need, as
// three-level lookup tables. It reads, from the directory it is given,
// Unicode's data files for one version:
//
//   - IdnaMappingTable.txt: the UTS #46 status and mapping of every code
//     point (UTS #46, Section 5);
//   - UnicodeData.txt: canonical decompositions and General_Category
//     (Mark, for UTS #46, Section 4.1, V6);
//   - DerivedCombiningClass.txt: Canonical_Combining_Class (NFC, and
//     Virama for RFC 5892, Appendix A);
//   - CompositionExclusions.txt and DerivedNormalizationProps.txt:
//     Full_Composition_Exclusion and NFC_Quick_Check (UAX #15);
//   - DerivedBidiClass.txt: Bidi_Class (RFC 5893, Section 2);
//   - DerivedJoiningType.txt: Joining_Type (RFC 5892, Appendix A.1).
//
// The Unicode project publishes them at https://www.unicode.org/Public/
// (idna/ and ucd/). Run
//
//	go generate            (see the directive in idna.go)
//	go run gen_idna_tables.go gen_unicode.go [-o idna_tables.go | -o -] [-data path/to/unicode-17.0.0]
//
// gen_unicode.go says where the data comes from: a directory, or
// unicode.org, checked against the SHA-256 this file's output records.
//
// The generator checks what the code relies on (ASCII's statuses, that
// mappings are valid code points, the derivation of
// Full_Composition_Exclusion) and stops with a message when the data
// breaks it. TestIDNATablesGenerated runs it and compares its output with
// the committed file when the data is present.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"slices"
	"strconv"
	"strings"
)

// UTS #46 statuses, as idna.go numbers them (idnaValid, ...).
const (
	stValid = iota
	stDeviation
	stMapped
	stIgnored
	stDisallowed
)

// Bidi_Class values, as idna.go numbers them (bidiL, ...).
var bidiNames = map[string]int{
	"L": 0, "R": 1, "AL": 2, "AN": 3, "EN": 4, "ES": 5, "CS": 6, "ET": 7, "ON": 8, "BN": 9, "NSM": 10,
	// every other class (B, S, WS, LRE, LRO, RLE, RLO, PDF, LRI, RLI,
	// FSI, PDI) is bidiOther: RFC 5893's rules allow none of them.
	"B": 11, "S": 11, "WS": 11, "LRE": 11, "LRO": 11, "RLE": 11, "RLO": 11, "PDF": 11, "LRI": 11, "RLI": 11, "FSI": 11, "PDI": 11,
}

// bidiLong maps the long value names of the @missing lines to short ones.
var bidiLong = map[string]string{
	"Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL", "Arabic_Number": "AN",
	"European_Number": "EN", "European_Separator": "ES", "Common_Separator": "CS",
	"European_Terminator": "ET", "Other_Neutral": "ON", "Boundary_Neutral": "BN",
	"Nonspacing_Mark": "NSM", "Paragraph_Separator": "B", "Segment_Separator": "S",
	"White_Space": "WS", "Left_To_Right_Embedding": "LRE", "Left_To_Right_Override": "LRO",
	"Right_To_Left_Embedding": "RLE", "Right_To_Left_Override": "RLO",
	"Pop_Directional_Format": "PDF", "Left_To_Right_Isolate": "LRI",
	"Right_To_Left_Isolate": "RLI", "First_Strong_Isolate": "FSI", "Pop_Directional_Isolate": "PDI",
}

// Joining_Type values, as idna.go numbers them (joinU, ...).
var joiningNames = map[string]int{"U": 0, "C": 1, "D": 2, "L": 3, "R": 4, "T": 5, "Non_Joining": 0}

// The block sizes of the two tables, as -search found them smallest for
// Unicode 17.0.0.
const (
	idnaBits1, idnaBits2 = 8, 3
	nfcBits1, nfcBits2   = 10, 4
)

// inputs are the files the generator reads.
var inputs = []string{
	"IdnaMappingTable.txt", "UnicodeData.txt", "DerivedCombiningClass.txt",
	"CompositionExclusions.txt", "DerivedNormalizationProps.txt",
	"DerivedBidiClass.txt", "DerivedJoiningType.txt",
}

var search = flag.Bool("search", false, "try every block size and report the smallest tables")

func main() { run("idna_tables.go", generate) }

// ucd is what the generator reads.
type ucd struct {
	version  string
	status   []uint8
	mapping  []string // UTF-8, for mapped and deviation code points
	ccc      []uint8
	mark     []bool
	bidi     []uint8
	joining  []uint8
	decomp   map[rune][]rune // canonical, one level
	qc       []uint8         // NFC_Quick_Check: 0 Yes, 1 Maybe, 2 No
	fce      []bool          // Full_Composition_Exclusion
	excluded []bool          // CompositionExclusions.txt
}

func read() (*ucd, error) {
	n := maxRune + 1
	u := &ucd{
		status: make([]uint8, n), mapping: make([]string, n), ccc: make([]uint8, n),
		mark: make([]bool, n), bidi: make([]uint8, n), joining: make([]uint8, n),
		decomp: map[rune][]rune{}, qc: make([]uint8, n), fce: make([]bool, n), excluded: make([]bool, n),
	}
	seen := make([]bool, n)

	// IdnaMappingTable.txt: every code point once.
	lines, _, version, err := readUCD("IdnaMappingTable.txt")
	if err != nil {
		return nil, err
	}
	if version == "" {
		return nil, fmt.Errorf("IdnaMappingTable.txt has no Version line")
	}
	u.version = version
	for _, l := range lines {
		st := -1
		switch l.f[0] {
		case "valid":
			st = stValid
		case "deviation":
			st = stDeviation
		case "mapped":
			st = stMapped
		case "ignored":
			st = stIgnored
		case "disallowed":
			st = stDisallowed
		default:
			return nil, fmt.Errorf("IdnaMappingTable.txt: status %q is not one this generator knows (UTS #46 changed?)", l.f[0])
		}
		to := ""
		if len(l.f) > 1 && l.f[1] != "" {
			rs, err := parseCodePoints(l.f[1])
			if err != nil {
				return nil, err
			}
			to = string(rs)
		}
		if (st == stMapped) != (to != "") && st != stDeviation {
			return nil, fmt.Errorf("IdnaMappingTable.txt: %04X: status %s with mapping %q", l.lo, l.f[0], to)
		}
		for r := l.lo; r <= l.hi; r++ {
			if seen[r] {
				return nil, fmt.Errorf("IdnaMappingTable.txt: %04X listed twice", r)
			}
			seen[r] = true
			u.status[r], u.mapping[r] = uint8(st), to
		}
	}
	for r := range seen {
		if !seen[r] {
			return nil, fmt.Errorf("IdnaMappingTable.txt: %04X missing", r)
		}
	}

	// UnicodeData.txt: General_Category Mark and canonical decompositions.
	b, err := readFile("UnicodeData.txt")
	if err != nil {
		return nil, err
	}
	var first rune = -1
	for s := range strings.Lines(string(b)) {
		f := strings.Split(strings.TrimRight(s, "\r\n"), ";")
		if len(f) < 6 {
			continue
		}
		cps, err := parseCodePoints(f[0])
		if err != nil || len(cps) != 1 {
			return nil, fmt.Errorf("UnicodeData.txt: bad line %q", s)
		}
		r := cps[0]
		lo := r
		switch {
		case strings.HasSuffix(f[1], ", First>"):
			first = r
			continue
		case strings.HasSuffix(f[1], ", Last>"):
			lo = first
		}
		isMark := f[2] == "Mn" || f[2] == "Mc" || f[2] == "Me"
		for c := lo; c <= r; c++ {
			u.mark[c] = isMark
		}
		if d := f[5]; d != "" && !strings.HasPrefix(d, "<") {
			rs, err := parseCodePoints(d)
			if err != nil {
				return nil, err
			}
			u.decomp[r] = rs
		}
	}

	// DerivedCombiningClass.txt
	lines, _, _, err = readUCD("DerivedCombiningClass.txt")
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		v, err := strconv.ParseUint(l.f[0], 10, 8)
		if err != nil {
			return nil, fmt.Errorf("DerivedCombiningClass.txt: %v", err)
		}
		for r := l.lo; r <= l.hi; r++ {
			u.ccc[r] = uint8(v)
		}
	}

	// DerivedNormalizationProps.txt: NFC_QC and Full_Composition_Exclusion.
	lines, _, _, err = readUCD("DerivedNormalizationProps.txt")
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		switch {
		case l.f[0] == "NFC_QC" && len(l.f) > 1:
			v := map[string]uint8{"M": 1, "N": 2}[l.f[1]]
			if v == 0 {
				return nil, fmt.Errorf("DerivedNormalizationProps.txt: NFC_QC %q", l.f[1])
			}
			for r := l.lo; r <= l.hi; r++ {
				u.qc[r] = v
			}
		case l.f[0] == "Full_Composition_Exclusion":
			for r := l.lo; r <= l.hi; r++ {
				u.fce[r] = true
			}
		}
	}

	// CompositionExclusions.txt
	lines, _, _, err = readUCD("CompositionExclusions.txt")
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		for r := l.lo; r <= l.hi; r++ {
			u.excluded[r] = true
		}
	}

	// DerivedBidiClass.txt: the @missing defaults, in order, then the data.
	lines, missing, _, err := readUCD("DerivedBidiClass.txt")
	if err != nil {
		return nil, err
	}
	for _, l := range append(missing, lines...) {
		name := l.f[0]
		if short, ok := bidiLong[name]; ok {
			name = short
		}
		v, ok := bidiNames[name]
		if !ok {
			return nil, fmt.Errorf("DerivedBidiClass.txt: Bidi_Class %q", l.f[0])
		}
		for r := l.lo; r <= l.hi; r++ {
			u.bidi[r] = uint8(v)
		}
	}

	// DerivedJoiningType.txt
	lines, missing, _, err = readUCD("DerivedJoiningType.txt")
	if err != nil {
		return nil, err
	}
	for _, l := range append(missing, lines...) {
		v, ok := joiningNames[l.f[0]]
		if !ok {
			return nil, fmt.Errorf("DerivedJoiningType.txt: Joining_Type %q", l.f[0])
		}
		for r := l.lo; r <= l.hi; r++ {
			u.joining[r] = uint8(v)
		}
	}
	return u, nil
}

// check verifies what idna.go and nfc.go take for granted.
func (u *ucd) check() error {
	// ASCII: idnaProcess maps 'A'-'Z' to lowercase and keeps every other
	// ASCII code point without looking it up.
	for r := rune(0); r < 0x80; r++ {
		want, to := uint8(stValid), ""
		if 'A' <= r && r <= 'Z' {
			want, to = stMapped, string(r+'a'-'A')
		}
		if u.status[r] != want || u.mapping[r] != to {
			return fmt.Errorf("ASCII %q has UTS #46 status %d %q; idna.go assumes %d %q", r, u.status[r], u.mapping[r], want, to)
		}
	}
	// Mappings produce valid code points, or the three full stops' '.'.
	for r, to := range u.mapping {
		if u.status[r] != stMapped {
			continue
		}
		for _, c := range to {
			if u.status[c] != stValid && u.status[c] != stDeviation {
				return fmt.Errorf("%04X maps to %04X, whose status is %d", r, c, u.status[c])
			}
			if c == '.' && to != "." {
				return fmt.Errorf("%04X maps to %q: a full stop inside a mapping", r, to)
			}
		}
	}
	// idna.go looks for right-to-left code points from U+0590 on.
	for r := rune(0); r < 0x590; r++ {
		if b := u.bidi[r]; b == 1 || b == 2 || b == 3 {
			return fmt.Errorf("%04X has Bidi_Class R, AL or AN; idna.go assumes none below U+0590", r)
		}
	}
	// nfc.go's quick check passes every code point below U+0300 without
	// looking it up.
	for r := rune(0); r < 0x300; r++ {
		if u.ccc[r] != 0 || u.qc[r] != 0 {
			return fmt.Errorf("%04X has combining class %d and NFC_QC %d; nfc.go assumes 0 and Yes below U+0300", r, u.ccc[r], u.qc[r])
		}
	}
	// Full_Composition_Exclusion is CompositionExclusions.txt, the
	// singletons and the non-starter decompositions (UAX #15, Section 5).
	for r := range u.fce {
		d, ok := u.decomp[rune(r)]
		derived := u.excluded[r] || ok && (len(d) == 1 || u.ccc[r] != 0 || u.ccc[d[0]] != 0)
		if derived != u.fce[r] {
			return fmt.Errorf("%04X: Full_Composition_Exclusion %v, derived %v", r, u.fce[r], derived)
		}
	}
	return nil
}

// fullDecomp is the full canonical decomposition of r, or nil.
func (u *ucd) fullDecomp(r rune) []rune {
	d, ok := u.decomp[r]
	if !ok {
		return nil
	}
	var out []rune
	for _, c := range d {
		if dd := u.fullDecomp(c); dd != nil {
			out = append(out, dd...)
		} else {
			out = append(out, c)
		}
	}
	return out
}

// trie is a three-level lookup table: top[r>>shift1] is a block of mid
// entries, mid[...] a block of leaf values.
type trie struct {
	name           string
	bits1, bits2   uint // leaf block = 1<<bits2 code points; mid block = 1<<(bits1-bits2) leaf blocks
	top, mid, leaf []uint32
	leafWidth      int // bytes per leaf value
}

// size is the number of bytes the trie's three arrays take.
func (t *trie) size() int {
	return len(t.top)*widthFor(len(t.mid)>>(t.bits1-t.bits2)) + len(t.mid)*widthFor(len(t.leaf)>>t.bits2) + len(t.leaf)*t.leafWidth
}

// key returns vals as a string, for a map key.
func key(vals []uint32) string {
	b := make([]byte, 0, 4*len(vals))
	for _, v := range vals {
		b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return string(b)
}

// buildTrie builds the three-level trie for values with blocks of
// 1<<bits1 and 1<<bits2 code points, sharing identical blocks.
func buildTrie(name string, values []uint32, leafWidth int, bits1, bits2 uint) *trie {
	t := &trie{name: name, bits1: bits1, bits2: bits2, leafWidth: leafWidth}
	leafIdx := map[string]uint32{}
	var mids []uint32 // leaf block numbers, per leaf block of the whole range
	for lo := 0; lo < len(values); lo += 1 << bits2 {
		blk := values[lo : lo+1<<bits2]
		k := key(blk)
		i, ok := leafIdx[k]
		if !ok {
			i = uint32(len(t.leaf) >> bits2)
			leafIdx[k] = i
			t.leaf = append(t.leaf, blk...)
		}
		mids = append(mids, i)
	}
	midIdx := map[string]uint32{}
	per := 1 << (bits1 - bits2)
	for lo := 0; lo < len(mids); lo += per {
		blk := mids[lo : lo+per]
		k := key(blk)
		i, ok := midIdx[k]
		if !ok {
			i = uint32(len(t.mid) / per)
			midIdx[k] = i
			t.mid = append(t.mid, blk...)
		}
		t.top = append(t.top, i)
	}
	return t
}

// bestTrie tries every pair of block sizes and returns the smallest trie;
// -search prints the choice, which main's constants then fix.
func bestTrie(name string, values []uint32, leafWidth int) *trie {
	var best *trie
	for bits1 := uint(7); bits1 <= 14; bits1++ {
		for bits2 := uint(2); bits2 < bits1; bits2++ {
			if t := buildTrie(name, values, leafWidth, bits1, bits2); best == nil || t.size() < best.size() {
				best = t
			}
		}
	}
	return best
}

// writeArray writes a Go array of unsigned integers, 16 to a line.
func writeArray(b *bytes.Buffer, comment, name string, vals []uint32, width int) {
	typ := map[int]string{1: "uint8", 2: "uint16", 4: "uint32"}[width]
	fmt.Fprintf(b, "\n%s\nvar %s = [%d]%s{", comment, name, len(vals), typ)
	for i, v := range vals {
		if i%16 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		if width == 1 {
			fmt.Fprintf(b, "%d,", v)
		} else {
			fmt.Fprintf(b, "0x%0*X,", width*2, v)
		}
	}
	b.WriteString("\n}\n")
}

// widthFor is the number of bytes of the unsigned type that holds max.
func widthFor(max int) int {
	switch {
	case max < 1<<8:
		return 1
	case max < 1<<16:
		return 2
	}
	return 4
}

func (t *trie) write(b *bytes.Buffer, what string) {
	nMid := len(t.mid) >> (t.bits1 - t.bits2)
	nLeaf := len(t.leaf) >> t.bits2
	fmt.Fprintf(b, "\n// %s: a three-level table of %d bytes. The value of r is\n", what, t.size())
	fmt.Fprintf(b, "// %sLeaf[%sMid[%sTop[r>>%d]<<%d|r>>%d&%d]<<%d|r&%d].\n",
		t.name, t.name, t.name, t.bits1, t.bits1-t.bits2, t.bits2, 1<<(t.bits1-t.bits2)-1, t.bits2, 1<<t.bits2-1)
	fmt.Fprintf(b, "const (\n\t%sShift1 = %d\n\t%sShift2 = %d\n)\n", t.name, t.bits1, t.name, t.bits2)
	writeArray(b, fmt.Sprintf("// %sTop holds, for each block of %d code points, its block of %sMid (%d blocks).", t.name, 1<<t.bits1, t.name, nMid),
		t.name+"Top", t.top, widthFor(nMid))
	writeArray(b, fmt.Sprintf("// %sMid holds, for each block of %d code points, its block of %sLeaf (%d blocks).", t.name, 1<<t.bits2, t.name, nLeaf),
		t.name+"Mid", t.mid, widthFor(nLeaf))
	writeArray(b, fmt.Sprintf("// %sLeaf holds the values.", t.name), t.name+"Leaf", t.leaf, t.leafWidth)
}

// generate reads the data and returns the source of idna_tables.go.
func generate() ([]byte, error) {
	u, err := read()
	if err != nil {
		return nil, err
	}
	if err := u.check(); err != nil {
		return nil, err
	}

	// Mapping strings, numbered in code point order.
	var mapData strings.Builder
	mapOff := []uint32{0}
	mapIdx := map[string]int{}
	var deviations bytes.Buffer
	for r, to := range u.mapping {
		switch u.status[r] {
		case stMapped:
			if _, ok := mapIdx[to]; !ok {
				mapIdx[to] = len(mapOff) - 1
				mapData.WriteString(to)
				mapOff = append(mapOff, uint32(mapData.Len()))
			}
		case stDeviation:
			fmt.Fprintf(&deviations, "\t{0x%04X, %+q},\n", r, to)
		}
	}
	if len(mapOff)-1 >= 1<<13 {
		return nil, fmt.Errorf("%d distinct mappings do not fit the 13 bits of an idna value", len(mapOff)-1)
	}

	// The UTS #46 value of every code point (see idna.go, idnaValue).
	idnaVals := make([]uint32, maxRune+1)
	for r := range idnaVals {
		st := uint32(u.status[r])
		v := st << 13
		switch st {
		case stValid, stDeviation:
			v |= uint32(u.bidi[r]) | uint32(u.joining[r])<<4
			if u.mark[r] {
				v |= 1 << 7
			}
			if u.ccc[r] != 0 || u.qc[r] != 0 {
				v |= 1 << 8
			}
		case stMapped:
			v |= uint32(mapIdx[u.mapping[r]])
		}
		idnaVals[r] = v
	}
	idna := buildTrie("idna", idnaVals, 2, idnaBits1, idnaBits2)
	if *search {
		idna = bestTrie("idna", idnaVals, 2)
	}

	// NFC: decompositions, numbered in code point order, and compositions.
	var decData strings.Builder
	decOff := []uint32{0}
	decIdx := map[rune]int{}
	maxDecomp := 0
	var comps []uint64
	for r := rune(0); r <= maxRune; r++ {
		d := u.fullDecomp(r)
		if d == nil {
			continue
		}
		if u.qc[r] == 0 && u.ccc[r] != 0 {
			return nil, fmt.Errorf("%04X decomposes, is NFC_QC=Yes and has combining class %d; nfc.go's values assume 0", r, u.ccc[r])
		}
		decIdx[r] = len(decOff) // from 1: 0 is no decomposition
		decData.WriteString(string(d))
		decOff = append(decOff, uint32(decData.Len()))
		maxDecomp = max(maxDecomp, len(d))
		if one := u.decomp[r]; len(one) == 2 && !u.fce[r] {
			comps = append(comps, uint64(one[0])<<42|uint64(one[1])<<21|uint64(r))
		}
	}
	slices.Sort(comps)
	if len(decOff) >= 1<<12 {
		return nil, fmt.Errorf("%d decompositions do not fit the 12 bits of an nfc value", len(decOff)-1)
	}
	for _, c := range comps {
		if u.qc[c>>21&0x1FFFFF] != 1 {
			return nil, fmt.Errorf("%04X is the second of a composition but not NFC_QC=Maybe; nfc.go composes only those", c>>21&0x1FFFFF)
		}
	}
	// The NFC value of every code point (see nfc.go, nfcValue): with a
	// decomposition, 1<<15 | NFC_QC<<12 | its number; otherwise
	// NFC_QC<<8 | Canonical_Combining_Class.
	nfcVals := make([]uint32, maxRune+1)
	for r := range nfcVals {
		if i := decIdx[rune(r)]; i != 0 {
			nfcVals[r] = 1<<15 | uint32(u.qc[r])<<12 | uint32(i)
		} else {
			nfcVals[r] = uint32(u.qc[r])<<8 | uint32(u.ccc[r])
		}
	}
	nfc := buildTrie("nfc", nfcVals, 2, nfcBits1, nfcBits2)
	if *search {
		nfc = bestTrie("nfc", nfcVals, 2)
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, `// Code generated by gen_idna_tables.go from the Unicode Character Database, version %s. DO NOT EDIT.

// The input files and their SHA-256 (TestIDNATablesGenerated regenerates this file from them):
//
`, u.version)
	if err := writeSums(&b, inputs...); err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, `
package uri

// UnicodeVersion is the version of the Unicode Character Database whose
// UTS #46 mapping table (IdnaMappingTable.txt) and normalization data
// DomainToASCII, DomainToUnicode and IDNA use (UTS #46, Section 5; UAX #15).
const UnicodeVersion = %q
`, u.version)

	idna.write(&b, "idna holds the UTS #46 value of every code point (see idnaValue)")
	writeArray(&b, fmt.Sprintf("// idnaMapOff holds the offsets in idnaMapData of the %d distinct mappings\n// of IdnaMappingTable.txt: mapping i is idnaMapData[idnaMapOff[i]:idnaMapOff[i+1]].", len(mapOff)-1),
		"idnaMapOff", mapOff, widthFor(int(mapOff[len(mapOff)-1])))
	fmt.Fprintf(&b, "\n// idnaMapData holds the mappings, in UTF-8.\nconst idnaMapData = %+q\n", mapData.String())
	fmt.Fprintf(&b, "\n// idnaDeviations holds the code points whose status is deviation, and\n// what Transitional_Processing maps them to (UTS #46, Section 4, step 1).\nvar idnaDeviations = [...]struct {\n\tr  rune\n\tto string\n}{\n%s}\n", deviations.String())

	nfc.write(&b, "nfc holds the normalization value of every code point (see nfcValue)")
	fmt.Fprintf(&b, "\n// nfcMaxDecomp is the length in code points of the longest full canonical\n// decomposition.\nconst nfcMaxDecomp = %d\n", maxDecomp)
	writeArray(&b, fmt.Sprintf("// nfcDecompOff holds the offsets in nfcDecompData of the %d full canonical\n// decompositions: decomposition i (from 1) is nfcDecompData[nfcDecompOff[i-1]:nfcDecompOff[i]].", len(decOff)-1),
		"nfcDecompOff", decOff, widthFor(int(decOff[len(decOff)-1])))
	fmt.Fprintf(&b, "\n// nfcDecompData holds the decompositions, in UTF-8.\nconst nfcDecompData = %+q\n", decData.String())
	fmt.Fprintf(&b, "\n// nfcCompositions holds the %d primary composites, sorted: first<<42 | second<<21 | composite.\nvar nfcCompositions = [...]uint64{", len(comps))
	for i, c := range comps {
		if i%6 == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "0x%016X,", c)
	}
	b.WriteString("\n}\n")

	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "idna trie %d bytes (shifts %d, %d); nfc trie %d bytes (shifts %d, %d); %d mappings, %d bytes; %d decompositions; %d compositions\n",
		idna.size(), idna.bits1, idna.bits2, nfc.size(), nfc.bits1, nfc.bits2, len(mapOff)-1, mapData.Len(), len(decOff)-1, len(comps))
	fmt.Fprintln(os.Stderr)
	return src, nil
}
