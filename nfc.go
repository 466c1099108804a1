package uri

import (
	"slices"
	"unicode/utf8"
)

// Unicode Normalization Form C (UAX #15, Unicode Normalization Forms),
// for UTS #46, Section 4, step 2 ("Normalize") and its validity
// criterion V1, from the tables in idna_tables.go.
//
// NFC(s) is the canonical decomposition of s (UAX #15, Section 1.2),
// put in canonical order (the Unicode Standard, Section 3.11, D109), then
// recomposed by the Canonical Composition Algorithm (D117), which skips
// the composites marked Full_Composition_Exclusion. Hangul syllables are
// decomposed and composed arithmetically (Section 3.12).

// nfcValue returns r's normalization value: for a code point with a
// canonical decomposition, nfcHasDecomp | NFC_Quick_Check<<12 | the
// number of its full decomposition in nfcDecompOff; for any other,
// NFC_Quick_Check<<8 | Canonical_Combining_Class. A code point that
// decomposes has combining class 0 unless its NFC_Quick_Check is No
// (gen_idna_tables.go checks it), which is all the quick check needs.
func nfcValue(r rune) uint16 {
	if uint32(r) > utf8.MaxRune {
		return 0
	}
	return nfcLeaf[int(nfcMid[int(nfcTop[r>>nfcShift1])<<(nfcShift1-nfcShift2)|int(r>>nfcShift2)&(1<<(nfcShift1-nfcShift2)-1)])<<nfcShift2|int(r)&(1<<nfcShift2-1)]
}

const nfcHasDecomp = 1 << 15

// NFC_Quick_Check values (UAX #15, Section 9).
const (
	qcYes = iota
	qcMaybe
	qcNo
)

// nfcProps returns r's Canonical_Combining_Class and NFC_Quick_Check.
func nfcProps(r rune) (ccc, qc uint8) {
	v := nfcValue(r)
	if v&nfcHasDecomp != 0 {
		return 0, uint8(v >> 12 & 3)
	}
	return uint8(v), uint8(v >> 8 & 3)
}

// nfcQuickCheck is the quick check of UAX #15, Section 9: qcYes when rs
// is in NFC, qcNo when it is not, and qcMaybe when only normalizing can
// tell; at is the index of the first code point that is not Yes, or of
// the one out of canonical order.
func nfcQuickCheck(rs []rune) (result uint8, at int) {
	var last uint8
	result = qcYes
	for i, r := range rs {
		if r < 0x300 { // combining class 0, NFC_QC Yes
			last = 0
			continue
		}
		ccc, qc := nfcProps(r)
		if last > ccc && ccc != 0 || qc == qcNo {
			if result == qcYes {
				at = i
			}
			return qcNo, at
		}
		if qc == qcMaybe && result == qcYes {
			result, at = qcMaybe, i
		}
		last = ccc
	}
	return result, at
}

// appendNFC appends NFC(src) to dst, which must not overlap src. Only
// the segments around the quick check's doubts are normalized; the rest
// is copied. A segment runs from the last starter before a doubt (it is
// Yes, so it does not compose with what precedes it, and no reordering
// crosses it) to the next starter that is Yes, which nothing before it
// can compose with either. It takes time O(n log n) in the length of
// src, and O(n) unless a run of combining marks is longer than 16.
func appendNFC(dst, src []rune) []rune {
	for {
		res, at := nfcQuickCheck(src)
		if res == qcYes {
			return append(dst, src...)
		}
		begin := at
		for begin > 0 {
			begin--
			if ccc, _ := nfcProps(src[begin]); ccc == 0 {
				break
			}
		}
		end := at + 1
		for end < len(src) {
			if ccc, qc := nfcProps(src[end]); ccc == 0 && qc == qcYes {
				break
			}
			end++
		}
		dst = append(dst, src[:begin]...)
		start := len(dst)
		for _, r := range src[begin:end] {
			dst = appendDecomposed(dst, r)
		}
		canonicalOrder(dst[start:])
		dst = dst[:start+compose(dst[start:])]
		src = src[end:]
	}
}

// isNFC reports whether rs is in NFC (UTS #46, Section 4.1, V1).
func isNFC(rs []rune) bool {
	res, _ := nfcQuickCheck(rs)
	if res != qcMaybe {
		return res == qcYes
	}
	var buf [64]rune
	out := buf[:0]
	if len(rs) > len(buf) {
		out = make([]rune, 0, len(rs)+len(rs)/2)
	}
	return slices.Equal(appendNFC(out, rs), rs)
}

// nfcString returns s in NFC, and s itself when it already is. Invalid
// UTF-8 comes out as U+FFFD.
func nfcString(s string) string {
	i := 0
	for i < len(s) && s[i] < 0xCC { // below U+0300, and no invalid UTF-8 either: 0xCC is U+0300's first byte
		i++
	}
	if i == len(s) && utf8.ValidString(s) {
		return s
	}
	var buf [64]rune
	rs := buf[:0]
	for _, r := range s {
		rs = append(rs, r)
	}
	if res, _ := nfcQuickCheck(rs); res == qcYes && utf8.ValidString(s) {
		return s
	}
	var out [64]rune
	return string(appendNFC(out[:0], rs))
}

// Hangul syllable arithmetic (the Unicode Standard, Section 3.12).
const (
	hangulSBase  = 0xAC00
	hangulLBase  = 0x1100
	hangulVBase  = 0x1161
	hangulTBase  = 0x11A7
	hangulLCount = 19
	hangulVCount = 21
	hangulTCount = 28
	hangulNCount = hangulVCount * hangulTCount
	hangulSCount = hangulLCount * hangulNCount
)

// appendDecomposed appends the full canonical decomposition of r.
func appendDecomposed(dst []rune, r rune) []rune {
	if s := r - hangulSBase; 0 <= s && s < hangulSCount {
		dst = append(dst, hangulLBase+s/hangulNCount, hangulVBase+s%hangulNCount/hangulTCount)
		if t := s % hangulTCount; t != 0 {
			dst = append(dst, hangulTBase+t)
		}
		return dst
	}
	v := nfcValue(r)
	if v&nfcHasDecomp == 0 {
		return append(dst, r)
	}
	i := int(v & 0xFFF)
	for _, c := range nfcDecompData[nfcDecompOff[i-1]:nfcDecompOff[i]] {
		dst = append(dst, c)
	}
	return dst
}

// canonicalOrder sorts each run of non-starters of rs by combining class,
// keeping the order of equal classes (the Canonical Ordering Algorithm,
// the Unicode Standard, Section 3.11, D109). Short runs are sorted in
// place; a long one through keys, in O(n log n).
func canonicalOrder(rs []rune) {
	for i := 0; i < len(rs); {
		if ccc, _ := nfcProps(rs[i]); ccc == 0 {
			i++
			continue
		}
		j := i + 1
		for j < len(rs) {
			if ccc, _ := nfcProps(rs[j]); ccc == 0 {
				break
			}
			j++
		}
		run := rs[i:j]
		if len(run) <= 16 {
			for k := 1; k < len(run); k++ {
				c, _ := nfcProps(run[k])
				for m := k; m > 0; m-- {
					if p, _ := nfcProps(run[m-1]); p <= c {
						break
					}
					run[m-1], run[m] = run[m], run[m-1]
				}
			}
		} else {
			keys := make([]uint64, len(run))
			for k, r := range run {
				ccc, _ := nfcProps(r)
				keys[k] = uint64(ccc)<<56 | uint64(k)<<21 | uint64(r)
			}
			slices.Sort(keys)
			for k, key := range keys {
				run[k] = rune(key & 0x1FFFFF)
			}
		}
		i = j
	}
}

// compose recomposes rs, fully decomposed and in canonical order, in
// place (the Canonical Composition Algorithm, the Unicode Standard,
// Section 3.11, D117), and returns the length of the result. A
// character C composes with the last starter S before it unless a
// character between them has combining class 0 or at least C's.
func compose(rs []rune) int {
	starter := -1 // index in the output of the last starter
	last := 256   // combining class of the last character written after it, 0 for the starter itself
	n := 0
	for _, c := range rs {
		ccc, qc := nfcProps(c)
		if starter >= 0 && qc == qcMaybe && (last < int(ccc) || last == 0) {
			if p, ok := composePair(rs[starter], c); ok {
				rs[starter] = p
				continue
			}
		}
		if ccc == 0 {
			starter = n
		}
		last = int(ccc)
		rs[n] = c
		n++
	}
	return n
}

// composePair returns the primary composite of a and b, if there is one
// that Full_Composition_Exclusion does not exclude. Only code points
// whose NFC_Quick_Check is Maybe are ever b (gen_idna_tables.go checks
// it), so compose asks only for those.
func composePair(a, b rune) (rune, bool) {
	if l := a - hangulLBase; 0 <= l && l < hangulLCount {
		if v := b - hangulVBase; 0 <= v && v < hangulVCount {
			return hangulSBase + (l*hangulVCount+v)*hangulTCount, true
		}
		return 0, false
	}
	if s := a - hangulSBase; 0 <= s && s < hangulSCount && s%hangulTCount == 0 {
		if t := b - hangulTBase; 0 < t && t < hangulTCount {
			return a + t, true
		}
		return 0, false
	}
	key := uint64(a)<<21 | uint64(b)
	lo, hi := 0, len(nfcCompositions)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if nfcCompositions[m]>>21 < key {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(nfcCompositions) && nfcCompositions[lo]>>21 == key {
		return rune(nfcCompositions[lo] & 0x1FFFFF), true
	}
	return 0, false
}
