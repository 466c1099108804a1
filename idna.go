package uri

import (
	"errors"
	"strings"
	"unicode/utf8"
)

//go:generate go run gen_idna_tables.go ../shared/data/unicode-17.0.0

// ErrIDNA reports a domain name that UTS #46 processing rejects (UTS #46,
// Section 4), or that the URL Standard's "domain to ASCII" rejects after
// it. DomainToASCII, DomainToUnicode and IDNA's methods return it inside
// an *Error whose Expected names the UTS #46 rule that failed, by the
// status code of Unicode's conformance file (IdnaTestV2.txt): P4, V1 to
// V7, U1, C1, C2, B1 to B6, A3, A4_1, A4_2 or X4_2.
var ErrIDNA = errors.New("uri: invalid internationalized domain name")

// IDNA is a UTS #46 processing profile: the flags of UTS #46, Section 4,
// for its ToASCII (Section 4.2) and ToUnicode (Section 4.3), with the
// mapping and normalization data of UnicodeVersion. The zero IDNA is the
// profile of the URL Standard's "domain to ASCII" and "domain to
// Unicode" (URL Standard, "IDNA", beStrict false): CheckHyphens,
// UseSTD3ASCIIRules, VerifyDnsLength, Transitional_Processing and
// IgnoreInvalidPunycode false, CheckBidi and CheckJoiners true.
//
// IDNA{CheckHyphens: true, UseSTD3ASCIIRules: true, VerifyDNSLength:
// true} is the URL Standard's beStrict profile, and the one to check a
// name for registration with: labels of letters, digits and inner
// hyphens only, at most 63 octets each and 253 in all, as RFC 5891,
// Section 4 and STD 3 (RFC 1123, Section 2.1) require.
//
// An IDNA is a small comparable value; methods never change it.
type IDNA struct {
	// CheckHyphens rejects a label with "-" in both its third and fourth
	// positions (V2), or at its start or end (V3).
	CheckHyphens bool
	// UseSTD3ASCIIRules allows, of ASCII, only the letters, digits and
	// "-" (U1).
	UseSTD3ASCIIRules bool
	// VerifyDNSLength is VerifyDnsLength: ToASCII rejects an empty
	// label, one longer than 63 octets (A4_2) or a name longer than 253
	// octets without its trailing dot (A4_1).
	VerifyDNSLength bool
	// Transitional is the deprecated Transitional_Processing: ToASCII
	// maps "ß" to "ss", "ς" to "σ" and drops U+200C and U+200D, as
	// IDNA2003 did. Browsers and the URL Standard leave it false.
	Transitional bool
	// IgnoreInvalidPunycode keeps a label that starts with "xn--" but is
	// not valid Punycode as it is, instead of rejecting it (P4); the label
	// is then not checked further.
	IgnoreInvalidPunycode bool
	// NoCheckBidi sets CheckBidi false: the rules of RFC 5893, Section 2
	// for labels of a domain name with right-to-left characters (B1 to
	// B6) are not applied.
	NoCheckBidi bool
	// NoCheckJoiners sets CheckJoiners false: U+200C ZERO WIDTH NON-JOINER
	// and U+200D ZERO WIDTH JOINER are not checked against the CONTEXTJ
	// rules of RFC 5892, Appendix A (C1, C2).
	NoCheckJoiners bool
}

// ToASCII converts domain to the ASCII form that DNS lookups use, as
// UTS #46's ToASCII does (UTS #46, Section 4.2): it maps each code point
// (Section 5: "Ｅ" to "e", "ß" kept, U+00AD dropped), normalizes to NFC,
// splits the result into labels at ".", decodes labels that start with
// "xn--", checks every label against the validity criteria (Section
// 4.1) and encodes each label that is not ASCII as "xn--" and its
// Punycode (RFC 3492). "U+3002", "U+FF0E" and "U+FF61" are full stops
// too: they map to ".".
//
// Where UTS #46 records an error, ToASCII returns "" and an *Error
// wrapping ErrIDNA: Offset is that of the label, or of the code point,
// at fault in domain, and Expected names the rule. Bytes of domain that
// are not UTF-8 read as U+FFFD, which is disallowed. ToASCII is
// idempotent: ToASCII of its result is that result. An ASCII domain
// whose labels do not start with "xn--" and that p accepts comes back
// lowercased, without allocating when it is lowercase already.
func (p IDNA) ToASCII(domain string) (string, error) {
	var w idnaWork
	s, f := p.convert(&w, domain, true)
	if f.code != 0 {
		return "", f.err(domain)
	}
	return s, nil
}

// ToUnicode converts domain to its Unicode form for display, as UTS #46's
// ToUnicode does (UTS #46, Section 4.3): the processing of ToASCII, with
// labels that start with "xn--" decoded and left so. It returns the
// result even where UTS #46 records an error, as Section 4.3 says, and
// then an *Error wrapping ErrIDNA too. A label that is not valid
// Punycode is kept as it is (lowercased); an empty label other than the
// last (the root) is an error (X4_2). A result that comes with an error
// may name another domain than the input ("xn--ascii-" reads "ascii"):
// use it only to show the input, never to look it up.
func (p IDNA) ToUnicode(domain string) (string, error) {
	var w idnaWork
	s, f := p.convert(&w, domain, false)
	if f.code != 0 {
		return s, f.err(domain)
	}
	return s, nil
}

// DomainToASCII is the URL Standard's "domain to ASCII" with beStrict
// false (URL Standard, "IDNA"), the conversion a browser applies to the
// host of an http, https, ws, wss, ftp or file URL. A domain of ASCII
// characters only is lowercased, whatever its labels (the Standard's
// change of 2026-06-25: "xn--a", "xn--" and "a.b.c.xn--pokxncvks" are
// kept, as browsers keep them); any other goes through UTS #46 ToASCII
// with the zero IDNA profile (CheckBidi and CheckJoiners on, the rest
// off), which must succeed. The result must not be empty, and must not
// contain a forbidden domain code point (URL Standard, "forbidden domain
// code point": C0 controls, space, '#', '%', '/', ':', '<', '>', '?',
// '@', '[', '\', ']', '^', '|' and U+007F).
//
// It returns an *Error wrapping ErrIDNA otherwise, with the Offset in
// domain of the label or code point at fault. DomainToASCII is
// idempotent, its result is ASCII and lowercase, and an ASCII domain
// already lowercase comes back without allocating.
func DomainToASCII(domain string) (string, error) {
	if i := idnaNonASCII(domain); i == len(domain) {
		if domain == "" {
			return "", idnaFault{code: codeEmpty}.err(domain)
		}
		for j := 0; j < len(domain); j++ {
			if isForbiddenDomain(domain[j]) {
				return "", idnaFault{code: codeForbidden, off: j}.err(domain)
			}
		}
		return asciiLower(domain), nil
	}
	var w idnaWork
	s, f := IDNA{}.convert(&w, domain, true)
	if f.code != 0 {
		return "", f.err(domain)
	}
	if s == "" {
		return "", idnaFault{code: codeEmpty}.err(domain)
	}
	for j := 0; j < len(s); j++ {
		if isForbiddenDomain(s[j]) {
			return "", idnaFault{code: codeForbidden, off: w.locateOutput(domain, s, j)}.err(domain)
		}
	}
	return s, nil
}

// DomainToUnicode is the URL Standard's "domain to Unicode" (URL
// Standard, "IDNA"): UTS #46 ToUnicode with the zero IDNA profile. Like
// the Standard, it returns the result even where UTS #46 records an
// error, and then the error too (an *Error wrapping ErrIDNA), which the
// Standard reports as a validation error. See IDNA.ToUnicode for what
// such a result may be. For a domain that DomainToASCII accepts and for
// which DomainToUnicode reports no error, DomainToASCII of the result is
// DomainToASCII of the domain.
func DomainToUnicode(domain string) (string, error) { return IDNA{}.ToUnicode(domain) }

// isForbiddenDomain reports whether c is a forbidden domain code point
// (URL Standard, "forbidden domain code point"): a forbidden host code
// point, a C0 control, '%' or U+007F DELETE.
func isForbiddenDomain(c byte) bool {
	return isForbiddenHost(c) || c <= 0x1F || c == '%' || c == 0x7F
}

// idnaNonASCII returns the index of the first byte of s that is not
// ASCII, or len(s).
func idnaNonASCII(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return i
		}
	}
	return len(s)
}

// asciiLower returns s with 'A' to 'Z' lowercased, s itself when there are
// none.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// UTS #46 statuses (UTS #46, Section 5), the top three bits of an idna
// value.
const (
	idnaValid = iota
	idnaDeviation
	idnaMapped
	idnaIgnored
	idnaDisallowed
)

// Bidi_Class values in an idna value (the Unicode Bidirectional
// Algorithm, UAX #9, Table 4), the ones RFC 5893, Section 2 names;
// bidiOther is every other class, which its rules never allow.
const (
	bidiL = iota
	bidiR
	bidiAL
	bidiAN
	bidiEN
	bidiES
	bidiCS
	bidiET
	bidiON
	bidiBN
	bidiNSM
	bidiOther
)

// Joining_Type values in an idna value (the Unicode Standard, Section
// 9.2), for RFC 5892, Appendix A.1.
const (
	joinU = iota
	joinC
	joinD
	joinL
	joinR
	joinT
)

// idnaValue returns r's UTS #46 value: its status in the top three bits;
// for a mapped code point, the number of its mapping (idnaMapOff) in the
// low 13 bits; for a valid or deviation one, its Bidi_Class (bits 0-3),
// Joining_Type (bits 4-6), whether its General_Category is Mark (bit 7)
// and whether NFC's quick check must look at it (bit 8: a combining
// class other than 0, or an NFC_Quick_Check other than Yes).
func idnaValue(r rune) uint16 {
	if uint32(r) > utf8.MaxRune {
		return idnaDisallowed << 13
	}
	return idnaLeaf[int(idnaMid[int(idnaTop[r>>idnaShift1])<<(idnaShift1-idnaShift2)|int(r>>idnaShift2)&(1<<(idnaShift1-idnaShift2)-1)])<<idnaShift2|int(r)&(1<<idnaShift2-1)]
}

const (
	idnaMark    = 1 << 7
	idnaNFCSlow = 1 << 8
)

// idnaStatus returns r's UTS #46 status: idnaValid, idnaDeviation,
// idnaMapped, idnaIgnored or idnaDisallowed (UTS #46, Section 5).
func idnaStatus(r rune) int { return int(idnaValue(r) >> 13) }

// idnaMapping returns what the mapping step of UTS #46 (Section 4, step 1,
// Nontransitional) turns r into, and whether that differs from r: the
// mapping of a mapped code point, "" for an ignored one. A valid,
// deviation or disallowed code point stays as it is (ok false).
func idnaMapping(r rune) (to string, ok bool) {
	v := idnaValue(r)
	switch v >> 13 {
	case idnaMapped:
		i := v & (1<<13 - 1)
		return idnaMapData[idnaMapOff[i]:idnaMapOff[i+1]], true
	case idnaIgnored:
		return "", true
	}
	return "", false
}

// idnaDeviationMapping returns what Transitional_Processing maps a
// deviation code point to.
func idnaDeviationMapping(r rune) string {
	for _, d := range idnaDeviations {
		if d.r == r {
			return d.to
		}
	}
	return string(r)
}

// idnaCode is a UTS #46 status code (IdnaTestV2.txt's notation), or one
// of the URL Standard's own two failures.
type idnaCode uint8

const (
	codeNone idnaCode = iota
	codeP4
	codeV1
	codeV2
	codeV3
	codeV4
	codeV6
	codeV7
	codeU1
	codeC1
	codeC2
	codeB1
	codeB2
	codeB3
	codeB4
	codeB5
	codeB6
	codeA3
	codeA41
	codeA42
	codeX42
	codeEmpty
	codeForbidden
)

// idnaExpected says, for each code, what the rule it names allows.
var idnaExpected = [...]string{
	codeP4:        `a label that starts with "xn--" to be valid Punycode (RFC 3492) of a label that is not all ASCII (UTS #46, Section 4, step 4, P4)`,
	codeV1:        "a label in Unicode Normalization Form C (UTS #46, Section 4.1, V1)",
	codeV2:        `no "-" in both the third and fourth positions of a label (UTS #46, Section 4.1, V2)`,
	codeV3:        `no "-" at the start or end of a label (UTS #46, Section 4.1, V3)`,
	codeV4:        `a decoded label that does not start with "xn--" (UTS #46, Section 4.1, V4)`,
	codeV6:        "a label that does not start with a combining mark (UTS #46, Section 4.1, V6)",
	codeV7:        "a code point whose UTS #46 status is valid (UTS #46, Section 4.1, V7)",
	codeU1:        `only the letters, digits and "-" of ASCII (UTS #46, Section 4.1, UseSTD3ASCIIRules, U1)`,
	codeC1:        "U+200C ZERO WIDTH NON-JOINER after a virama or between joining letters (RFC 5892, Appendix A.1, C1)",
	codeC2:        "U+200D ZERO WIDTH JOINER after a virama (RFC 5892, Appendix A.2, C2)",
	codeB1:        "a label of a right-to-left domain name to start with a letter, L, R or AL (RFC 5893, Section 2, rule 1, B1)",
	codeB2:        "only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM in a right-to-left label (RFC 5893, Section 2, rule 2, B2)",
	codeB3:        "a right-to-left label to end with R, AL, EN or AN, then NSM only (RFC 5893, Section 2, rule 3, B3)",
	codeB4:        "not both EN and AN in a right-to-left label (RFC 5893, Section 2, rule 4, B4)",
	codeB5:        "only L, EN, ES, CS, ET, ON, BN and NSM in a left-to-right label of a right-to-left domain name (RFC 5893, Section 2, rule 5, B5)",
	codeB6:        "a left-to-right label to end with L or EN, then NSM only (RFC 5893, Section 2, rule 6, B6)",
	codeA3:        "a label that Punycode can encode without overflow (RFC 3492, Section 6.4; UTS #46, Section 4.2, A3)",
	codeA41:       "a domain name of 1 to 253 octets, without its trailing dot (UTS #46, Section 4.2, A4_1)",
	codeA42:       "labels of 1 to 63 octets (UTS #46, Section 4.2, A4_2)",
	codeX42:       "no empty label but the last (UTS #46, Section 4.3, X4_2)",
	codeEmpty:     `a domain that is not empty (URL Standard, "domain to ASCII")`,
	codeForbidden: `no forbidden domain code point (URL Standard, "forbidden domain code point")`,
}

// idnaFault is the first error UTS #46 processing recorded: its code and
// the offset in the input of the label or code point at fault.
type idnaFault struct {
	code  idnaCode
	off   int
	label int // index of the label, to keep the leftmost fault
}

func (f idnaFault) err(domain string) error {
	return &Error{Input: domain, Offset: f.off, Err: ErrIDNA, Expected: idnaExpected[f.code]}
}

// idnaLabel is one label of the domain being processed.
type idnaLabel struct {
	start, end int  // the label in idnaWork.out
	in, inEnd  int  // the label's bytes in the input
	ace        bool // it starts with "xn--" and was decoded
	keep       bool // left as it was: not checked, and not re-encoded
}

// idnaWork holds the buffers of one conversion, on the caller's stack
// for domains of ordinary length.
type idnaWork struct {
	mapped, norm, out []rune
	labels            []idnaLabel
	fault             idnaFault
	mappedBuf         [96]rune
	normBuf           [96]rune
	outBuf            [96]rune
	labelBuf          [8]idnaLabel
	byteBuf           [128]byte
}

// record keeps f if it is the first fault, or in a label left of it.
func (w *idnaWork) record(f idnaFault) {
	if w.fault.code == 0 || f.label < w.fault.label {
		w.fault = f
	}
}

// convert runs UTS #46 processing (Section 4) on domain with p's flags,
// then ToASCII's conversion (Section 4.2) if toASCII, or ToUnicode's
// (Section 4.3). It returns the result, built even where an error was
// recorded (Unicode's conformance file gives one for every line), and
// the leftmost fault.
func (p IDNA) convert(w *idnaWork, domain string, toASCII bool) (string, idnaFault) {
	w.fault = idnaFault{}
	if s, ok := p.convertASCII(w, domain, toASCII); ok {
		return s, w.fault
	}

	// Step 1, Map (Section 4, step 1), with the labels' input offsets.
	w.mapped = w.mappedBuf[:0]
	w.labels = w.labelBuf[:0]
	label := idnaLabel{}
	for i := 0; i < len(domain); {
		c := domain[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c == '.' {
				label.inEnd = i
				w.labels = append(w.labels, label)
				label = idnaLabel{in: i + 1}
			}
			w.mapped = append(w.mapped, rune(c))
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(domain[i:])
		v := idnaValue(r)
		switch v >> 13 {
		case idnaValid, idnaDisallowed:
			w.mapped = append(w.mapped, r)
		case idnaDeviation:
			if p.Transitional {
				for _, c := range idnaDeviationMapping(r) {
					w.mapped = append(w.mapped, c)
				}
			} else {
				w.mapped = append(w.mapped, r)
			}
		case idnaMapped:
			m := v & (1<<13 - 1)
			to := idnaMapData[idnaMapOff[m]:idnaMapOff[m+1]]
			if to == "." { // U+3002, U+FF0E, U+FF61
				label.inEnd = i
				w.labels = append(w.labels, label)
				label = idnaLabel{in: i + size}
			}
			for _, c := range to {
				if p.Transitional && idnaValue(c)>>13 == idnaDeviation {
					// Transitional Processing maps "ß" to "ss" also where a
					// mapping yields it: U+1E9E "ẞ" reads "ss", as in
					// IdnaTestV2.txt (the only such mapping in Unicode 17).
					for _, d := range idnaDeviationMapping(c) {
						w.mapped = append(w.mapped, d)
					}
					continue
				}
				w.mapped = append(w.mapped, c)
			}
		}
		i += size
	}
	label.inEnd = len(domain)
	w.labels = append(w.labels, label)

	// Step 2, Normalize: NFC.
	w.norm = w.mapped
	for _, r := range w.mapped {
		if r >= 0x300 {
			if res, _ := nfcQuickCheck(w.mapped); res != qcYes {
				w.norm = appendNFC(w.normBuf[:0], w.mapped)
			}
			break
		}
	}

	// Steps 3 and 4, Break and Convert: split at '.', decode A-labels.
	w.out = w.outBuf[:0]
	k, start := 0, 0
	for j := 0; j <= len(w.norm); j++ {
		if j < len(w.norm) && w.norm[j] != '.' {
			continue
		}
		w.labels[k].start = len(w.out)
		p.convertLabel(w, k, w.norm[start:j])
		w.labels[k].end = len(w.out)
		if j < len(w.norm) {
			w.out = append(w.out, '.')
		}
		k++
		start = j + 1
	}

	// Is it a Bidi domain name (RFC 5893, Section 2; UTS #46, Section 4.1,
	// step 9): one with a code point of Bidi_Class R, AL or AN?
	bidi := false
	if !p.NoCheckBidi {
		for _, r := range w.out {
			if r >= 0x590 && isRTL(idnaValue(r)) {
				bidi = true
				break
			}
		}
	}
	for k := range w.labels {
		l := &w.labels[k]
		if l.keep {
			continue
		}
		if code, at := p.validate(w.out[l.start:l.end], l.ace, bidi); code != 0 {
			off := l.in
			if at >= 0 && !l.ace {
				off = idnaLocate(domain, l.in, l.inEnd, w.out[l.start+at])
			}
			w.record(idnaFault{code: code, off: off, label: k})
		}
		if l.start == l.end && !toASCII && (k < len(w.labels)-1 || len(w.labels) == 1) {
			w.record(idnaFault{code: codeX42, off: l.in, label: k})
		}
	}

	if toASCII {
		return p.appendASCII(w), w.fault
	}
	b := w.byteBuf[:0]
	for _, r := range w.out {
		b = utf8.AppendRune(b, r)
	}
	return string(b), w.fault
}

// convertLabel is step 4 of UTS #46 processing (Section 4) for label k,
// lab: it appends the label, decoded if it is an A-label, to w.out.
func (p IDNA) convertLabel(w *idnaWork, k int, lab []rune) {
	l := &w.labels[k]
	if len(lab) < 4 || lab[0] != 'x' || lab[1] != 'n' || lab[2] != '-' || lab[3] != '-' {
		w.out = append(w.out, lab...)
		return
	}
	if !idnaAllASCII(lab) {
		// 4.1: an A-label must be ASCII.
		w.out = append(w.out, lab...)
		l.keep = true
		w.record(idnaFault{code: codeP4, off: l.in, label: k})
		return
	}
	out, ok := punycodeDecode(w.out, lab[4:])
	if !ok {
		// 4.2: not Punycode.
		w.out = append(w.out, lab...)
		l.keep = true
		if !p.IgnoreInvalidPunycode {
			w.record(idnaFault{code: codeP4, off: l.in, label: k})
		}
		return
	}
	w.out = out
	l.ace = true
	// 4.3: the decoded label must not be empty or ASCII.
	if idnaAllASCII(w.out[l.start:]) {
		w.record(idnaFault{code: codeP4, off: l.in, label: k})
	}
}

// idnaAllASCII reports whether rs is all ASCII (or empty).
func idnaAllASCII(rs []rune) bool {
	for _, r := range rs {
		if r >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isRTL reports whether an idna value's Bidi_Class is R, AL or AN.
func isRTL(v uint16) bool {
	st := v >> 13
	b := v & 15
	return (st == idnaValid || st == idnaDeviation) && (b == bidiR || b == bidiAL || b == bidiAN)
}

// validate checks label, not empty, against the validity criteria of
// UTS #46, Section 4.1, for Nontransitional Processing if ace (the label
// was an A-label), otherwise for p's processing; bidi says the domain
// name is a Bidi domain name. It returns the first criterion that fails
// and the index in label of the code point at fault, or -1 when it is
// the label as a whole.
func (p IDNA) validate(label []rune, ace, bidi bool) (idnaCode, int) {
	if len(label) == 0 {
		return 0, -1
	}
	// V1: NFC. Labels that were not A-labels were normalized in step 2.
	if ace && !isNFC(label) {
		return codeV1, -1
	}
	if p.CheckHyphens {
		if len(label) >= 4 && label[2] == '-' && label[3] == '-' {
			return codeV2, 2
		}
		if label[0] == '-' {
			return codeV3, 0
		}
		if label[len(label)-1] == '-' {
			return codeV3, len(label) - 1
		}
	}
	// V4: a decoded label must not look like an A-label itself. (V5, no
	// '.', cannot fail: step 3 split at every '.', and Punycode inserts
	// no basic code point.)
	if ace && len(label) >= 4 && label[0] == 'x' && label[1] == 'n' && label[2] == '-' && label[3] == '-' {
		return codeV4, -1
	}
	// V6: no combining mark first.
	if v := idnaValue(label[0]); v>>13 <= idnaDeviation && v&idnaMark != 0 {
		return codeV6, 0
	}
	// V7: valid, or deviation in Nontransitional Processing; U1: STD3.
	joiners := false
	for i, r := range label {
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' { // mapped; only an A-label's basic code points could be
				return codeV7, i
			}
			if p.UseSTD3ASCIIRules && !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-') {
				return codeU1, i
			}
			continue
		}
		switch idnaValue(r) >> 13 {
		case idnaValid:
		case idnaDeviation:
			if p.Transitional && !ace {
				return codeV7, i
			}
			joiners = joiners || r == 0x200C || r == 0x200D
		default:
			return codeV7, i
		}
	}
	if joiners && !p.NoCheckJoiners {
		if code, at := checkJoiners(label); code != 0 {
			return code, at
		}
	}
	if bidi {
		if code, at := checkBidi(label); code != 0 {
			return code, at
		}
	}
	return 0, -1
}

// checkJoiners applies the CONTEXTJ rules of RFC 5892, Appendix A.1 and
// A.2 to each U+200C and U+200D of label (UTS #46, Section 4.1, step 8).
func checkJoiners(label []rune) (idnaCode, int) {
	for i, r := range label {
		if r != 0x200C && r != 0x200D {
			continue
		}
		// If Canonical_Combining_Class(Before(cp)) .eq. Virama Then True.
		if i > 0 {
			if ccc, _ := nfcProps(label[i-1]); ccc == 9 {
				continue
			}
		}
		if r == 0x200D {
			return codeC2, i
		}
		// If RegExpMatch((Joining_Type:{L,D})(Joining_Type:T)*\u200C
		// (Joining_Type:T)*(Joining_Type:{R,D})) Then True.
		before := i - 1
		for before >= 0 && joiningType(label[before]) == joinT {
			before--
		}
		after := i + 1
		for after < len(label) && joiningType(label[after]) == joinT {
			after++
		}
		if before < 0 || after >= len(label) {
			return codeC1, i
		}
		if jb, ja := joiningType(label[before]), joiningType(label[after]); (jb != joinL && jb != joinD) || (ja != joinR && ja != joinD) {
			return codeC1, i
		}
	}
	return 0, -1
}

// joiningType returns r's Joining_Type, U for a code point that is not
// valid.
func joiningType(r rune) int {
	v := idnaValue(r)
	if v>>13 > idnaDeviation {
		return joinU
	}
	return int(v >> 4 & 7)
}

// bidiClass returns r's Bidi_Class as far as RFC 5893 tells them apart,
// bidiOther for a code point that is not valid.
func bidiClass(r rune) int {
	v := idnaValue(r)
	if v>>13 > idnaDeviation {
		return bidiOther
	}
	return int(v & 15)
}

// checkBidi applies the six rules of RFC 5893, Section 2 (the Bidi Rule)
// to label, a label of a Bidi domain name (UTS #46, Section 4.1, step 9).
func checkBidi(label []rune) (idnaCode, int) {
	// 1. The first character must be a character with Bidi property L, R,
	// or AL.
	first := bidiClass(label[0])
	if first != bidiL && first != bidiR && first != bidiAL {
		return codeB1, 0
	}
	// 3 and 6 look at the last character that is not NSM.
	last := len(label) - 1
	for last > 0 && bidiClass(label[last]) == bidiNSM {
		last--
	}
	if first == bidiL {
		// 5. In an LTR label, only characters with the Bidi properties L,
		// EN, ES, CS, ET, ON, BN, or NSM are allowed.
		for i, r := range label {
			switch bidiClass(r) {
			case bidiL, bidiEN, bidiES, bidiCS, bidiET, bidiON, bidiBN, bidiNSM:
			default:
				return codeB5, i
			}
		}
		// 6. In an LTR label, the end of the label must be a character with
		// Bidi property L or EN, followed by zero or more characters with
		// Bidi property NSM.
		if c := bidiClass(label[last]); c != bidiL && c != bidiEN {
			return codeB6, last
		}
		return 0, -1
	}
	// 2. In an RTL label, only characters with the Bidi properties R, AL,
	// AN, EN, ES, CS, ET, ON, BN, or NSM are allowed.
	en, an := false, false
	for i, r := range label {
		switch bidiClass(r) {
		case bidiEN:
			en = true
		case bidiAN:
			an = true
		case bidiR, bidiAL, bidiES, bidiCS, bidiET, bidiON, bidiBN, bidiNSM:
		default:
			return codeB2, i
		}
	}
	// 3. In an RTL label, the end of the label must be a character with
	// Bidi property R, AL, EN, or AN, followed by zero or more characters
	// with Bidi property NSM.
	switch bidiClass(label[last]) {
	case bidiR, bidiAL, bidiEN, bidiAN:
	default:
		return codeB3, last
	}
	// 4. In an RTL label, if an EN is present, no AN may be present, and
	// vice versa.
	if en && an {
		return codeB4, -1
	}
	return 0, -1
}

// appendASCII is ToASCII's conversion (UTS #46, Section 4.2, steps 2 to
// 4): each label that is not ASCII becomes "xn--" and its Punycode, and
// with VerifyDNSLength the lengths are checked.
func (p IDNA) appendASCII(w *idnaWork) string {
	b := w.byteBuf[:0]
	for k, l := range w.labels {
		if k > 0 {
			b = append(b, '.')
		}
		lab := w.out[l.start:l.end]
		start := len(b)
		if idnaAllASCII(lab) {
			for _, r := range lab {
				b = append(b, byte(r))
			}
		} else {
			b = append(b, "xn--"...)
			var ok bool
			if b, ok = punycodeEncode(b, lab); !ok {
				w.record(idnaFault{code: codeA3, off: l.in, label: k})
			}
		}
		if p.VerifyDNSLength && (len(b) == start || len(b)-start > 63) {
			w.record(idnaFault{code: codeA42, off: l.in, label: k})
		}
	}
	if p.VerifyDNSLength {
		n := len(b)
		if n > 0 && b[n-1] == '.' {
			n--
		}
		if n < 1 || n > 253 {
			w.record(idnaFault{code: codeA41, off: 0, label: len(w.labels)})
		}
	}
	return string(b)
}

// convertASCII is convert for a domain of ASCII characters whose labels
// do not start with "xn--" (in any case): there UTS #46 processing only
// lowercases, and only the hyphen, STD3, length and empty-label rules
// can fail. It reports false for any other domain.
func (p IDNA) convertASCII(w *idnaWork, domain string, toASCII bool) (string, bool) {
	upper := false
	start := 0
	labels := 0
	for i := 0; i <= len(domain); i++ {
		if i < len(domain) {
			c := domain[i]
			if c >= utf8.RuneSelf {
				w.fault = idnaFault{}
				return "", false
			}
			upper = upper || 'A' <= c && c <= 'Z'
			if c != '.' {
				continue
			}
		}
		lab := domain[start:i]
		if len(lab) >= 4 && (lab[0]|0x20) == 'x' && (lab[1]|0x20) == 'n' && lab[2] == '-' && lab[3] == '-' {
			w.fault = idnaFault{}
			return "", false
		}
		k := labels
		labels++
		last := i == len(domain)
		switch {
		case lab == "":
			if toASCII && p.VerifyDNSLength {
				w.record(idnaFault{code: codeA42, off: start, label: k})
			} else if !toASCII && (!last || k == 0) {
				w.record(idnaFault{code: codeX42, off: start, label: k})
			}
		case p.CheckHyphens && len(lab) >= 4 && lab[2] == '-' && lab[3] == '-':
			w.record(idnaFault{code: codeV2, off: start + 2, label: k})
		case p.CheckHyphens && lab[0] == '-':
			w.record(idnaFault{code: codeV3, off: start, label: k})
		case p.CheckHyphens && lab[len(lab)-1] == '-':
			w.record(idnaFault{code: codeV3, off: i - 1, label: k})
		default:
			if p.UseSTD3ASCIIRules {
				for j := start; j < i; j++ {
					if c := domain[j] | 0x20; !('a' <= c && c <= 'z' || '0' <= domain[j] && domain[j] <= '9' || domain[j] == '-') {
						w.record(idnaFault{code: codeU1, off: j, label: k})
						break
					}
				}
			}
			if toASCII && p.VerifyDNSLength && len(lab) > 63 {
				w.record(idnaFault{code: codeA42, off: start, label: k})
			}
		}
		start = i + 1
	}
	if toASCII && p.VerifyDNSLength {
		n := len(domain)
		if n > 0 && domain[n-1] == '.' {
			n--
		}
		if n < 1 || n > 253 {
			w.record(idnaFault{code: codeA41, off: 0, label: labels})
		}
	}
	if !upper {
		return domain, true
	}
	return asciiLower(domain), true
}

// idnaLocate returns the offset in domain[lo:hi] of the first code point
// that is r, or whose UTS #46 mapping contains r, or lo if there is none
// (r came from normalization).
func idnaLocate(domain string, lo, hi int, r rune) int {
	for i := lo; i < hi; {
		c, size := utf8.DecodeRuneInString(domain[i:])
		if c == r {
			return i
		}
		if to, ok := idnaMapping(c); ok && strings.ContainsRune(to, r) {
			return i
		}
		i += size
	}
	return lo
}

// locateOutput returns the offset in domain of what became byte j of
// s, ToASCII's result for it.
func (w *idnaWork) locateOutput(domain, s string, j int) int {
	k := strings.Count(s[:j], ".")
	if k >= len(w.labels) {
		return 0
	}
	l := w.labels[k]
	return idnaLocate(domain, l.in, l.inEnd, rune(s[j]))
}
