package uri

import (
	"errors"
	"slices"
	"strings"
	"unicode/utf8"
)

//go:generate go run gen_idna_tables.go gen_unicode.go

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
	s, f := p.convert(domain, true, true)
	if f.code != 0 {
		return "", p.err(f, domain)
	}
	return s, nil
}

// ToUnicode converts domain to its Unicode form for display, as UTS #46's
// ToUnicode does (UTS #46, Section 4.3): the processing of ToASCII, with
// labels that start with "xn--" decoded and left so. It returns the
// result even where UTS #46 records an error, as Section 4.3 says, and
// then an *Error wrapping ErrIDNA too. A label that is not valid
// Punycode is kept as it is (lowercased). An empty label other than the
// last (the root) is an error (X4_2) only with VerifyDNSLength: X4_2 is
// the code that IdnaTestV2.txt gives, in ToUnicode, to what was A4_2
// ("Compatibility errors" in its header), and A4_2 is one of the
// VerifyDnsLength codes; so the zero IDNA (and DomainToUnicode) accepts
// "a..c", "." and "" as DomainToASCII does. A result that comes with an error
// may name another domain than the input ("xn--ascii-" reads "ascii"):
// use it only to show the input, never to look it up.
func (p IDNA) ToUnicode(domain string) (string, error) {
	s, f := p.convert(domain, false, false)
	if f.code != 0 {
		return s, p.err(f, domain)
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
// off), which must succeed. The result must not be empty; and, as the
// host parser requires right after "domain to ASCII" (URL Standard, "host
// parsing"), it must not contain a forbidden domain code point (URL
// Standard, "forbidden domain code point": C0 controls, space, '#', '%',
// '/', ':', '<', '>', '?', '@', '[', '\', ']', '^', '|' and U+007F), so
// that its result is a domain the host parser keeps, or an IPv4 address
// it goes on to parse.
//
// It returns an *Error wrapping ErrIDNA otherwise, with the Offset in
// domain of the label or code point at fault. DomainToASCII is
// idempotent, its result is ASCII and lowercase, and an ASCII domain
// already lowercase comes back without allocating.
func DomainToASCII(domain string) (string, error) {
	var class uint8
	i := 0
	for ; i < len(domain) && class&bcNonASCII == 0; i++ {
		class |= idnaByteClass[domain[i]]
	}
	if class&bcNonASCII == 0 {
		switch {
		case domain == "":
			return "", IDNA{}.err(idnaFault{code: codeEmpty}, domain)
		case class&bcForbidden != 0:
			j := 0
			for !isForbiddenDomain(domain[j]) {
				j++
			}
			return "", IDNA{}.err(idnaFault{code: codeForbidden, off: j}, domain)
		case class&bcUpper != 0:
			return bytesString(appendLower(make([]byte, 0, len(domain)), domain)), nil
		}
		return domain, nil
	}
	if plainIDNRune(domain[i-1:]) {
		// the first code point that is not ASCII does not rule out the
		// one-pass road, which most IDNs take
		if s, ok := domainToASCIIPlain(domain); ok {
			return s, nil
		}
	}
	return domainToASCIIFull(domain)
}

// plainIDNRune reports whether the code point s starts with, not ASCII,
// may be in a label of domainToASCIIPlain: valid (plainIDNValue), ß or ς
// (keptDeviation), ignored, or mapped (whether to what such a label may
// hold, and whether it may be first in it, or after what precedes it,
// domainToASCIIPlain tells).
func plainIDNRune(s string) bool {
	var r rune
	if len(s) >= 2 && s[0]-0xC2 < 0x1E && s[1]&0xC0 == 0x80 {
		r = rune(s[0]&0x1F)<<6 | rune(s[1]&0x3F) // two octets, as utf8 decodes them
	} else {
		r, _ = utf8.DecodeRuneInString(s)
	}
	v := idnaValue(r)
	return plainIDNValue(v) || v>>13 == idnaMapped || v>>13 == idnaIgnored || keptDeviation(r)
}

// plainIDNValue reports whether a code point of idna value v may be in a
// label of domainToASCIIPlain: its status is valid. (Whether it may
// follow what precedes it, nfcYesAfter tells, and whether the label
// passes the Bidi Rule, checkBidi.)
func plainIDNValue(v uint16) bool { return v>>13 == idnaValid }

// nfcYesAfter is NFC's quick check (UAX #15, Section 9) one code point at
// a time: it reports whether the quick check of a string still answers
// Yes after r, of idna value v, follows a code point of combining class
// last, and returns r's combining class, which the next code point
// follows. It does when r's NFC_Quick_Check is Yes and r is a starter or
// no lower in class than last (canonical order); a string of code points
// that all pass is in NFC. Most code points need no look at NFC's table:
// those whose idna value has no idnaNFCSlow are Yes and starters.
func nfcYesAfter(r rune, v uint16, last uint8) (uint8, bool) {
	if v&idnaNFCSlow == 0 {
		return 0, true
	}
	ccc, qc := nfcProps(r)
	return ccc, qc == qcYes && (ccc == 0 || last <= ccc)
}

// keptDeviation reports whether r is ß or ς: deviations (UTS #46,
// Section 4, step 1) that Nontransitional Processing keeps, valid, not
// right-to-left and in NFC, which domainToASCIIPlain's labels may hold.
// The other two deviations, U+200C and U+200D, need CheckJoiners.
func keptDeviation(r rune) bool { return r == 0xDF || r == 0x3C2 }

// hasACEPrefix reports whether label starts with "xn--" in any case, the
// ACE prefix of an A-label (UTS #46, Section 4, step 4).
func hasACEPrefix(label string) bool {
	return len(label) >= 4 && label[0]|0x20 == 'x' && label[1]|0x20 == 'n' && label[2] == '-' && label[3] == '-'
}

// domainToASCIIFull is DomainToASCII on a domain that is not ASCII: UTS #46
// processing, step by step.
func domainToASCIIFull(domain string) (string, error) {
	fs := idnaFaults{discard: true}
	s := IDNA{}.convertUnicode(&fs, domain, true, true)
	if fs.first.code == 0 {
		fs.first = fs.forbidden
	}
	if fs.first.code != 0 {
		return "", IDNA{}.err(fs.first, domain)
	}
	if s == "" {
		return "", IDNA{}.err(idnaFault{code: codeEmpty}, domain)
	}
	return s, nil
}

// composeLast is NFC (UAX #15) for a code point r that NFC's quick
// check does not pass, after code points rs that it does, the last of
// which, S (of combining class last), is a starter: when S and r have a
// primary composite X (composePair), rs and r are canonically
// equivalent to rs with X in place of S; if X is a starter that the
// quick check passes, the quick check of that answers Yes, so it is the
// NFC of rs and r: Bücher spelled with U+0308 becomes Bücher with ü.
// composeLast puts X in place of S and reports true when X is also what
// a label of domainToASCIIPlain may hold (valid); what follows X is then
// checked as after any starter. It reports false for any other r, which
// the full processing normalizes.
func composeLast(rs []rune, r rune, last uint8) ([]rune, bool) {
	if len(rs) == 0 || last != 0 {
		return rs, false
	}
	p, ok := composePair(rs[len(rs)-1], r)
	if w := idnaValue(p); !ok || !plainIDNValue(w) || w&idnaNFCSlow != 0 {
		return rs, false
	}
	rs[len(rs)-1] = p
	return rs, true
}

// domainToASCIIPlain is DomainToASCII, in one pass, for the domains most
// IDNs are: labels of ASCII (not "xn--") and of code points that are
// valid, ß or ς (deviations that Nontransitional Processing keeps),
// ignored, or mapped to such code points or to a full stop (U+3002 and
// others end a label as '.' does); no mark at the start of a label, and
// the mapped labels such that NFC's quick check answers Yes
// (nfcYesAfter): each code point Yes, and the combining marks after a
// starter in canonical order, or a starter and a code point that NFC
// composes with it (composeLast). Mapping (Section 4, step 1) is then a
// code point at a time, the labels are in NFC (V1) once composed, and no
// validity criterion of Section 4.1 but the Bidi Rule can fail (V6 is the
// mark; V7 the status; CheckJoiners needs U+200C or U+200D, deviations
// it does not take). In a Bidi domain name (RFC 5893, Section 1.4: a
// label holds an R, AL or AN code point), every label must pass the Bidi
// Rule (checkBidi): the road checks each label from the first
// right-to-left one on as it ends, and if a label went before that one,
// it starts again with every label checked (bidiPass). ToASCII (Section
// 4.2) then writes each label that mapping leaves ASCII as it is and
// each other one as "xn--" and its Punycode. It reports false for any
// other domain, a forbidden domain code point, the empty domain, a label
// that fails the Bidi Rule, a label that mapping makes an A-label and a
// domain over 256 octets included, which domainToASCIIFull reads;
// TestDomainToASCIIPlain and FuzzDomainToASCII check that the two agree
// where it reports true.
func domainToASCIIPlain(domain string) (string, bool) {
	s, r := plainPass(domain, false)
	if r == bidiPass {
		s, r = plainPass(domain, true)
	}
	return s, r == plainDone
}

// Answers of plainPass.
const (
	plainDone = iota // the result is DomainToASCII's
	plainNot         // the full processing must tell
	bidiPass         // a Bidi domain name: check every label, from the first
)

// plainPass is one pass of domainToASCIIPlain, with the Bidi Rule checked
// on every label if bidi, else from the first right-to-left label on.
func plainPass(domain string, bidi bool) (string, int) {
	if domain == "" || len(domain) > 256 {
		// empty: an error; over 256 octets: rare (DNS allows 253 in
		// ASCII, RFC 1035, Section 3.1), and the full processing sizes
		// its buffers once
		return "", plainNot
	}
	var buf [256]byte // room for most results: Punycode writes about as many octets as UTF-8 has
	b := buf[:0]
	rtl := bidi // whether labels must pass the Bidi Rule
	for start := 0; ; {
		// the label's ASCII, up to a full stop or a code point that is not
		end, class := start, uint8(0)
		for end < len(domain) && domain[end] != '.' && domain[end] < utf8.RuneSelf {
			class |= idnaByteClass[domain[end]]
			end++
		}
		if class&bcForbidden != 0 {
			return "", plainNot
		}
		if end == len(domain) || domain[end] == '.' {
			if hasACEPrefix(domain[start:end]) {
				return "", plainNot
			}
			if rtl {
				if code, _ := (IDNA{}).validateInput(domain[start:end], true); code != 0 {
					return "", plainNot
				}
			}
			b = appendLower(b, domain[start:end])
			if end == len(domain) {
				break
			}
			b, start = append(b, '.'), end+1
			continue
		}
		// A label that is not ASCII: its code points, mapped. It ends at
		// a full stop, ASCII or one that mapping makes (U+3002 and
		// others), or with the domain.
		// runes has room for the code points of most labels; rs grows
		// past it for a label of more than 64 code points, longer than
		// DNS allows (one or two allocations more than the full
		// processing, which sizes its buffers once, but still less time).
		var runes [64]rune
		rs, ascii, dot := runes[:0], true, false
		// bidis has bit 1<<c for the Bidi_Class c of each code point not
		// ASCII appended to rs, also of a starter that a composite then
		// replaced: an extra bit can only send a domain to the Bidi Rule,
		// which the full processing would then apply too (in Unicode 17,
		// no composition changes whether a code point is R, AL or AN).
		bidis := uint16(0)
		last := uint8(0) // the combining class of the last code point, for nfcYesAfter
		for _, c := range []byte(domain[start:end]) {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			rs = append(rs, rune(c))
		}
	label:
		for end < len(domain) {
			c := domain[end]
			if c < utf8.RuneSelf {
				end++
				switch {
				case c == '.':
					dot = true
					break label
				case idnaByteClass[c]&bcForbidden != 0:
					return "", plainNot
				case 'A' <= c && c <= 'Z':
					c += 'a' - 'A'
				}
				rs, last = append(rs, rune(c)), 0
				continue
			}
			r, size := utf8.DecodeRuneInString(domain[end:]) // U+FFFD, for invalid UTF-8, is disallowed
			end += size
			switch v := idnaValue(r); {
			case plainIDNValue(v) || keptDeviation(r):
				if len(rs) == 0 && v&idnaMark != 0 {
					return "", plainNot // V6: no mark first
				}
				if v&idnaNFCSlow == 0 {
					rs, last = append(rs, r), 0 // a starter the quick check passes
				} else if ccc, ok := nfcYesAfter(r, v, last); ok {
					rs, last = append(rs, r), ccc
				} else if rs, ok = composeLast(rs, r, last); ok {
					v = idnaValue(rs[len(rs)-1])
				} else {
					return "", plainNot
				}
				ascii, bidis = false, bidis|1<<(v&15)
			case v>>13 == idnaMapped:
				// mapped to a full stop, or to plain code points only: no
				// forbidden domain code point, no mark first
				to := idnaMapTo(v)
				if to == "." {
					dot = true
					break label
				}
				for _, c := range to {
					if c < utf8.RuneSelf {
						if idnaByteClass[c]&(bcDot|bcForbidden) != 0 {
							return "", plainNot
						}
						last = 0
					} else if w := idnaValue(c); !plainIDNValue(w) && !keptDeviation(c) || len(rs) == 0 && w&idnaMark != 0 {
						return "", plainNot
					} else {
						ccc, ok := nfcYesAfter(c, w, last)
						if !ok {
							if rs, ok = composeLast(rs, c, last); !ok {
								return "", plainNot
							}
							ascii, bidis = false, bidis|1<<(idnaValue(rs[len(rs)-1])&15)
							continue
						}
						ascii, last, bidis = false, ccc, bidis|1<<(w&15)
					}
					rs = append(rs, c)
				}
			case v>>13 != idnaIgnored:
				return "", plainNot
			}
		}
		if len(rs) >= 4 && rs[0] == 'x' && rs[1] == 'n' && rs[2] == '-' && rs[3] == '-' {
			return "", plainNot // an A-label that mapping makes: step 4 decodes it
		}
		if bidis&(1<<bidiR|1<<bidiAL|1<<bidiAN) != 0 && !rtl {
			// the first right-to-left label: a Bidi domain name, whose
			// labels before this one must pass the Bidi Rule too
			if start > 0 {
				return "", bidiPass
			}
			rtl = true
		}
		if rtl && len(rs) > 0 {
			if code, _ := checkBidi(rs); code != 0 {
				return "", plainNot
			}
		}
		if ascii {
			// mapping left the label ASCII (fullwidth letters, an
			// ignored code point): ToASCII writes it as it is
			for _, c := range rs {
				b = append(b, byte(c))
			}
		} else {
			var ok bool
			if b, ok = punycodeEncode(append(b, "xn--"...), rs); !ok {
				return "", plainNot
			}
		}
		if !dot {
			break
		}
		b, start = append(b, '.'), end
	}
	if len(b) == 0 {
		return "", plainNot // the empty domain: an error
	}
	return string(b), plainDone
}

// DomainToUnicode is the URL Standard's "domain to Unicode" (URL
// Standard, "IDNA"): UTS #46 ToUnicode with the zero IDNA profile. Like
// the Standard, it returns the result even where UTS #46 records an
// error, and then the error too (an *Error wrapping ErrIDNA), which the
// Standard reports as a validation error. See IDNA.ToUnicode for what
// such a result may be. Its errors are those of DomainToASCII: an empty
// label is no error ("a..c", "." and "a.b..-q--ä-.e" come back as they
// are, as Node's url.domainToUnicode returns them), since the URL
// Standard's profile does not set VerifyDnsLength. For a domain that DomainToASCII accepts and for
// which DomainToUnicode reports no error, DomainToASCII of the result is
// DomainToASCII of the domain.
func DomainToUnicode(domain string) (string, error) { return IDNA{}.ToUnicode(domain) }

// Byte classes, for the scans of DomainToASCII and convertUnicode.
const (
	bcDot       = 1 << iota // '.'
	bcUpper                 // 'A' to 'Z'
	bcForbidden             // a forbidden domain code point
	bcNonASCII              // 0x80 to 0xFF
)

// idnaByteClass holds the class bits of each byte; bcForbidden is
// isForbiddenDomain (URL Standard, "forbidden domain code point").
var idnaByteClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = bcNonASCII
		case c == '.':
			t[c] = bcDot
		case 'A' <= c && c <= 'Z':
			t[c] = bcUpper
		case isForbiddenDomain(byte(c)):
			t[c] = bcForbidden
		}
	}
	return t
}()

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

// idnaMapTo returns the mapping of a code point whose idna value v has the
// status mapped (UTS #46, Section 5, IdnaMappingTable.txt).
func idnaMapTo(v uint16) string {
	m := v & (1<<13 - 1)
	return idnaMapData[idnaMapOff[m]:idnaMapOff[m+1]]
}

// idnaMapping returns what the mapping step of UTS #46 (Section 4, step 1,
// Nontransitional) turns r into, and whether that differs from r: the
// mapping of a mapped code point, "" for an ignored one. A valid,
// deviation or disallowed code point stays as it is (ok false).
func idnaMapping(r rune) (to string, ok bool) {
	v := idnaValue(r)
	switch v >> 13 {
	case idnaMapped:
		return idnaMapTo(v), true
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

// idnaFault is the first error UTS #46 processing recorded: its code,
// and where: off, the offset in the input when it is known, or else the
// label (its index) and the code point in it (at, its index in the
// label's code points after processing, or -1 for the label as a whole).
type idnaFault struct {
	code  idnaCode
	off   int
	label int
	at    int
	r     rune
	ace   bool // the label was an A-label: the offset is the label's
}

// err returns the *Error for f, found in domain.
func (p IDNA) err(f idnaFault, domain string) error {
	off := f.off
	if off < 0 {
		off = p.faultOffset(domain, f.label, f.at, f.r, f.ace)
	}
	return &Error{Input: domain, Offset: off, Err: ErrIDNA, Expected: idnaExpected[f.code]}
}

// idnaFaults keeps the leftmost fault that processing records, and for
// DomainToASCII the first forbidden domain code point of the result.
// With discard, the caller drops the result when there is a fault, so
// processing need not write it then.
type idnaFaults struct {
	first, forbidden idnaFault
	discard          bool
}

// record keeps f if it is the first fault, or in a label left of it.
func (fs *idnaFaults) record(f idnaFault) {
	if fs.first.code == 0 || f.label < fs.first.label {
		fs.first = f
	}
}

// fault records code for the code point at of label k, r (or the label
// as a whole, at < 0), whose offset faultOffset finds if it is needed.
func (fs *idnaFaults) fault(code idnaCode, k int, l *idnaLabel, at int, r rune) {
	fs.record(idnaFault{code: code, off: -1, label: k, at: at, r: r, ace: l.ace || l.keep})
}

// idnaLabel is one label of the domain being processed: where it is, as
// indexes (not slices, which would move the buffers to the heap). A label
// of the input that is ASCII and does not start with "xn--" stays there
// (input): UTS #46 processing only lowercases it. The others are in norm,
// mapped and normalized, and decoded in dec if they were A-labels.
type idnaLabel struct {
	start, end   int  // the label before step 4: in the input, or in norm
	dstart, dend int  // the label decoded, if ace, in dec
	input        bool // the label is domain[start:end], to lowercase
	upper        bool // an input label with uppercase letters
	ascii        bool // the label before step 4 is ASCII
	ace          bool // it was an A-label and is now decoded
	keep         bool // it starts with "xn--" but could not be decoded: left as it was
	// What mapping found out about a label that is not input, as long as
	// normalization did not change it: every code point is valid (V7
	// holds), whether U+200C or U+200D is there, and whether an ASCII
	// code point is a forbidden domain code point.
	valid, joiners, forbidden bool
}

// runes returns the label's code points after step 4, for a label that is
// not input.
func (l *idnaLabel) runes(norm, dec []rune) []rune {
	if l.ace {
		return dec[l.dstart:l.dend]
	}
	return norm[l.start:l.end]
}

// convert runs UTS #46 processing (Section 4) on domain with p's flags,
// then ToASCII's conversion (Section 4.2) if toASCII, or ToUnicode's
// (Section 4.3). It returns the result, built even where an error was
// recorded (Unicode's conformance file gives one for every line) unless
// discard says the caller drops it then, and the leftmost fault.
func (p IDNA) convert(domain string, toASCII, discard bool) (string, idnaFault) {
	fs := idnaFaults{discard: discard}
	if s, ok := p.convertASCII(&fs, domain, toASCII); ok {
		return s, fs.first
	}
	return p.convertUnicode(&fs, domain, toASCII, false), fs.first
}

// convertUnicode is convert for any domain; with url, the result's first
// forbidden domain code point goes to fs.forbidden. Its buffers are on
// the stack for domains of ordinary length (up to the 253 octets DNS
// allows, unless mapping expands them), so that the result is its one
// allocation; the buffer for the mapped code points comes in two sizes,
// as zeroing a large one costs more than the rest of the work on a short
// domain.
func (p IDNA) convertUnicode(fs *idnaFaults, domain string, toASCII, url bool) string {
	if len(domain) <= 64 {
		var normBuf [64]rune
		return p.convertUnicodeIn(fs, domain, toASCII, url, normBuf[:0])
	}
	var normBuf [256]rune
	return p.convertUnicodeIn(fs, domain, toASCII, url, normBuf[:0])
}

// convertUnicodeIn is convertUnicode with norm, an empty buffer for the
// mapped code points: the steps of UTS #46, Section 4, each a function.
func (p IDNA) convertUnicodeIn(fs *idnaFaults, domain string, toASCII, url bool, norm []rune) string {
	var labelBuf [8]idnaLabel
	labels := labelBuf[:0]
	if len(domain) > 64 {
		// A long domain: room for all its labels at once, so that the
		// allocations do not grow with the input.
		n := 1
		for _, dot := range [...]string{".", "\u3002", "\uff0e", "\uff61"} {
			n += strings.Count(domain, dot)
		}
		if n > len(labelBuf) {
			labels = make([]idnaLabel, 0, n)
		}
	}
	norm, labels, rtl := p.mapLabels(fs, domain, url, norm, labels)

	// Step 4, Convert: decode A-labels, in a buffer on the stack only if
	// there are any.
	var dec []rune
	if hasALabel(labels, norm) {
		var decBuf [32]rune
		var decRTL bool
		dec, decRTL = p.decodeALabels(fs, labels, norm, decBuf[:0])
		rtl = rtl || decRTL
	}

	bidi := rtl && !p.NoCheckBidi && isBidiDomain(labels, norm, dec)
	p.validateLabels(fs, labels, domain, norm, dec, bidi, toASCII)

	if fs.discard && fs.first.code != 0 && fs.first.label == 0 {
		return "" // no fault can come before this one
	}
	if n := len(domain) + len(norm); n > 128 {
		// A long domain: write into the result's own buffer.
		return bytesString(p.appendResult(fs, make([]byte, 0, n+16), labels, domain, norm, dec, toASCII, url))
	}
	var byteBuf [128]byte
	b := p.appendResult(fs, byteBuf[:0], labels, domain, norm, dec, toASCII, url)
	if fs.discard && fs.first.code != 0 {
		return ""
	}
	return string(b)
}

// mapLabels is steps 1 to 3 of UTS #46, Section 4, Map, Normalize and
// Break, for each part of domain between ASCII full stops: its labels are
// those of the whole domain, as normalization moves no '.' and composes
// nothing with one. An ASCII label that is no A-label is kept as the
// input's text (with url, its first forbidden domain code point goes to
// fs.forbidden); the others are mapped and normalized into norm. rtl
// reports a mapped code point that may be right-to-left.
func (p IDNA) mapLabels(fs *idnaFaults, domain string, url bool, norm []rune, labels []idnaLabel) (_ []rune, _ []idnaLabel, rtl bool) {
	for i := 0; i <= len(domain); {
		j := strings.IndexByte(domain[i:], '.')
		if j < 0 {
			j = len(domain)
		} else {
			j += i
		}
		if seg := domain[i:j]; isASCII(seg) && !hasACEPrefix(seg) {
			var class uint8
			for _, c := range []byte(seg) {
				class |= idnaByteClass[c]
			}
			labels = append(labels, idnaLabel{start: i, end: j, input: true, ascii: true, upper: class&bcUpper != 0})
			if url && class&bcForbidden != 0 && fs.forbidden.code == 0 {
				at := 0
				for !isForbiddenDomain(seg[at]) {
					at++
				}
				fs.forbidden = idnaFault{code: codeForbidden, off: i + at, label: len(labels) - 1}
			}
		} else {
			if cap(norm)-len(norm) < len(seg) {
				// Room for the rest of the domain, mapped, at one code
				// point for each byte (more only where mapping expands):
				// a few allocations in all, however long it is.
				norm = slices.Grow(norm, len(domain)-i)
			}
			var segRTL bool
			norm, labels, segRTL = p.mapSegment(norm, labels, seg)
			rtl = rtl || segRTL
		}
		i = j + 1
	}
	return norm, labels, rtl
}

// hasALabel reports whether a mapped label starts with "xn--" (UTS #46,
// Section 4, step 4).
func hasALabel(labels []idnaLabel, norm []rune) bool {
	for k := range labels {
		if l := &labels[k]; !l.input {
			if lab := norm[l.start:l.end]; len(lab) >= 4 && lab[0] == 'x' && lab[1] == 'n' && lab[2] == '-' && lab[3] == '-' {
				return true
			}
		}
	}
	return false
}

// decodeALabels is step 4 of UTS #46, Section 4, Convert: it decodes each
// mapped label that starts with "xn--" into dec (convertALabel) and
// reports whether a decoded code point may be right-to-left.
func (p IDNA) decodeALabels(fs *idnaFaults, labels []idnaLabel, norm, dec []rune) (_ []rune, rtl bool) {
	for k := range labels {
		l := &labels[k]
		if l.input {
			continue
		}
		if lab := norm[l.start:l.end]; len(lab) >= 4 && lab[0] == 'x' && lab[1] == 'n' && lab[2] == '-' && lab[3] == '-' {
			if cap(dec)-len(dec) < len(lab) {
				// Room for the rest decoded: Punycode writes each code
				// point with a character at least.
				dec = slices.Grow(dec, len(norm)-l.start)
			}
			dec = p.convertALabel(fs, dec, l, k, lab)
			for _, r := range dec[l.dstart:l.dend] {
				rtl = rtl || r >= 0x590
			}
		}
	}
	return dec, rtl
}

// isBidiDomain reports whether the domain is a Bidi domain name (RFC 5893,
// Section 2; UTS #46, Section 4.1, step 9): one with a code point of
// Bidi_Class R, AL or AN in a mapped or decoded label.
func isBidiDomain(labels []idnaLabel, norm, dec []rune) bool {
	for k := range labels {
		if labels[k].input {
			continue
		}
		for _, r := range labels[k].runes(norm, dec) {
			if r >= 0x590 && isRTL(idnaValue(r)) {
				return true
			}
		}
	}
	return false
}

// validateLabels is step 5 of UTS #46, Section 4, Validate, for each label
// (Section 4.1), recording each fault in fs; with VerifyDNSLength, an empty
// label other than the root's is a fault of ToUnicode too (X4_2).
func (p IDNA) validateLabels(fs *idnaFaults, labels []idnaLabel, domain string, norm, dec []rune, bidi, toASCII bool) {
	for k := range labels {
		l := &labels[k]
		var code idnaCode
		var at int
		var r rune
		switch {
		case l.input:
			if !p.CheckHyphens && !p.UseSTD3ASCIIRules && !bidi {
				break // nothing to check in an ASCII label
			}
			code, at = p.validateInput(domain[l.start:l.end], bidi)
			if at >= 0 {
				r = rune(domain[l.start+at])
			}
		case !l.keep:
			rs := l.runes(norm, dec)
			if code, at = p.validate(rs, l, bidi); at >= 0 {
				r = rs[at]
			}
		}
		if code != 0 {
			fs.fault(code, k, l, at, r)
		}
		if l.start == l.end && !l.ace && !toASCII && p.VerifyDNSLength && (k < len(labels)-1 || len(labels) == 1) {
			fs.fault(codeX42, k, l, -1, 0)
		}
	}
}

// appendResult appends the result of ToASCII (toASCII) or ToUnicode to b.
func (p IDNA) appendResult(fs *idnaFaults, b []byte, labels []idnaLabel, domain string, norm, dec []rune, toASCII, url bool) []byte {
	if toASCII {
		return p.appendASCII(fs, b, labels, domain, norm, dec, url)
	}
	for k := range labels {
		l := &labels[k]
		if k > 0 {
			b = append(b, '.')
		}
		if l.input {
			b = appendInput(b, domain, l)
			continue
		}
		for _, r := range l.runes(norm, dec) {
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// appendInput appends an input label, lowercased.
func appendInput(b []byte, domain string, l *idnaLabel) []byte {
	if !l.upper {
		return append(b, domain[l.start:l.end]...)
	}
	return appendLower(b, domain[l.start:l.end])
}

// appendLower appends s with 'A' to 'Z' lowercased.
func appendLower(b []byte, s string) []byte {
	start := len(b)
	b = append(b, s...)
	for i, c := range b[start:] {
		if 'A' <= c && c <= 'Z' {
			b[start+i] = c + 'a' - 'A'
		}
	}
	return b
}

// validateInput is validate for a label of the input that is ASCII and
// not an A-label: only the hyphen, STD3 and Bidi rules can fail there.
func (p IDNA) validateInput(label string, bidi bool) (idnaCode, int) {
	if label == "" {
		return 0, -1
	}
	if p.CheckHyphens {
		if code, at := checkHyphens(len(label), func(i int) bool { return label[i] == '-' }); code != 0 {
			return code, at
		}
	}
	if p.UseSTD3ASCIIRules {
		for i := 0; i < len(label); i++ {
			if c := label[i]; !('a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '-') {
				return codeU1, i
			}
		}
	}
	if bidi {
		var buf [64]rune
		rs := buf[:0]
		for i := 0; i < len(label); i++ {
			c := label[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			rs = append(rs, rune(c))
		}
		return checkBidi(rs)
	}
	return 0, -1
}

// idnaBreak is step 3 of UTS #46 processing (Section 4): it appends the
// labels of norm[start:], split at '.', to labels, after normalization
// changed them.
func idnaBreak(labels []idnaLabel, norm []rune, start int) []idnaLabel {
	l := idnaLabel{start: start, ascii: true}
	for j := start; j < len(norm); j++ {
		switch r := norm[j]; {
		case r == '.':
			l.end = j
			labels = append(labels, l)
			l = idnaLabel{start: j + 1, ascii: true}
		case r >= utf8.RuneSelf:
			l.ascii = false
		case idnaByteClass[r]&bcForbidden != 0:
			l.forbidden = true
		}
	}
	l.end = len(norm)
	return append(labels, l)
}

// mapSegment is steps 1 to 3 of UTS #46 processing (Section 4) for seg, a
// part of the domain between full stops: it appends its code points,
// mapped and normalized, to norm, and its labels (seg may hold full
// stops that mapping makes, U+3002 and others) to labels. rtl is false
// when no code point of the result is right-to-left.
func (p IDNA) mapSegment(norm []rune, labels []idnaLabel, seg string) (_ []rune, _ []idnaLabel, rtl bool) {
	start, first := len(norm), len(labels)
	slow := -1 // the index in norm of the first code point NFC's quick check must look at
	l := idnaLabel{start: start, ascii: true, valid: true}
	for i := 0; i < len(seg); {
		if seg[i] < utf8.RuneSelf {
			// A run of ASCII: lowercased, in one step.
			j := i + 1
			for j < len(seg) && seg[j] < utf8.RuneSelf {
				j++
			}
			var class uint8
			norm, class = appendLowerRunes(norm, seg[i:j])
			l.forbidden = l.forbidden || class&bcForbidden != 0
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(seg[i:])
		i += size
		v := idnaValue(r)
		switch v >> 13 {
		case idnaValid:
			norm = append(norm, r)
			l.ascii = false
			if slow < 0 && v&idnaNFCSlow != 0 {
				slow = len(norm) - 1
			}
			rtl = rtl || isRTL(v)
		case idnaDisallowed:
			norm = append(norm, r)
			l.ascii = false
			if slow < 0 && r >= 0x300 {
				slow = len(norm) - 1
			}
			rtl = rtl || r >= 0x590
			l.valid = false
		case idnaDeviation:
			if !p.Transitional {
				norm = append(norm, r)
				l.ascii = false
				l.joiners = l.joiners || r == 0x200C || r == 0x200D
				continue
			}
			for _, c := range idnaDeviationMapping(r) {
				norm = append(norm, c)
				l.ascii = l.ascii && c < utf8.RuneSelf
			}
		case idnaMapped:
			to := idnaMapTo(v)
			if to == "." { // U+3002, U+FF0E, U+FF61
				l.end = len(norm)
				labels = append(labels, l)
				norm = append(norm, '.')
				l = idnaLabel{start: len(norm), ascii: true, valid: true}
				continue
			}
			for _, c := range to {
				switch {
				case p.Transitional && c == 0xDF:
					// Transitional Processing maps "ß" to "ss" also where a
					// mapping yields it: U+1E9E "ẞ" reads "ss", as in
					// IdnaTestV2.txt (the only such mapping in Unicode 17).
					norm = append(norm, 's', 's')
					continue
				case c < utf8.RuneSelf:
					l.forbidden = l.forbidden || idnaByteClass[c]&bcForbidden != 0
				default:
					l.ascii = false
				}
				norm = append(norm, c)
				if slow < 0 && c >= 0x300 {
					slow = len(norm) - 1
				}
				rtl = rtl || c >= 0x590
			}
		}
	}
	l.end = len(norm)
	labels = append(labels, l)
	if slow >= 0 {
		// Every code point before slow is NFC_Quick_Check Yes with
		// combining class 0.
		if res, at := nfcQuickCheck(norm[slow:]); res != qcYes {
			var begin int
			norm, begin = normalizeTail(norm, start, slow+at)
			// The labels before the one normalization changed stay.
			k := len(labels) - 1
			for k > first && labels[k].start > begin {
				k--
			}
			labels = idnaBreak(labels[:k], norm, labels[k].start)
		}
	}
	return norm, labels, rtl
}

// appendLowerRunes appends s, ASCII, to rs, with 'A' to 'Z' lowercased,
// and returns the OR of the byte classes of s.
func appendLowerRunes(rs []rune, s string) ([]rune, uint8) {
	n := len(rs)
	rs = slices.Grow(rs, len(s))[:n+len(s)]
	out := rs[n:]
	var class uint8
	for k := 0; k < len(s) && k < len(out); k++ {
		c := s[k]
		class |= idnaByteClass[c]
		if c-'A' < 26 {
			c += 'a' - 'A'
		}
		out[k] = rune(c)
	}
	return rs, class
}

// normalizeTail puts norm[start:] in NFC, given at, the index of its
// first code point that NFC's quick check does not pass: from the last
// code point of combining class 0 before at (or from start), which
// nothing before it composes or reorders with, the rest is normalized.
// It returns the result and the index where it may differ from norm.
func normalizeTail(norm []rune, start, at int) ([]rune, int) {
	begin := at
	for begin > start {
		begin--
		if ccc, _ := nfcProps(norm[begin]); ccc == 0 {
			break
		}
	}
	var buf [64]rune
	tail := buf[:0]
	if len(norm)-begin > len(buf) {
		tail = make([]rune, 0, len(norm)-begin)
	}
	tail = append(tail, norm[begin:]...)
	return appendNFC(norm[:begin], tail), begin
}

// mappedLen returns how many code points step 1 maps c to, and whether
// it maps it to ".", which separates labels.
func (p IDNA) mappedLen(c rune) (n int, dot bool) {
	if c < utf8.RuneSelf {
		return 1, c == '.'
	}
	v := idnaValue(c)
	switch v >> 13 {
	case idnaIgnored:
		return 0, false
	case idnaDeviation:
		if p.Transitional {
			return utf8.RuneCountInString(idnaDeviationMapping(c)), false
		}
	case idnaMapped:
		to := idnaMapTo(v)
		if p.Transitional && to == "ß" {
			return 2, false
		}
		return utf8.RuneCountInString(to), to == "."
	}
	return 1, false
}

// convertALabel is step 4 of UTS #46 processing (Section 4) for label k,
// l, lab, which starts with "xn--": it appends the label, decoded, to
// dec, or marks the label kept as it is.
func (p IDNA) convertALabel(fs *idnaFaults, dec []rune, l *idnaLabel, k int, lab []rune) []rune {
	if !idnaAllASCII(lab) {
		// 4.1: an A-label must be ASCII.
		l.keep = true
		fs.fault(codeP4, k, l, -1, 0)
		return dec
	}
	start := len(dec)
	d, ok := punycodeDecode(dec, lab[4:])
	if !ok {
		// 4.2: not Punycode.
		l.keep = true
		if !p.IgnoreInvalidPunycode {
			fs.fault(codeP4, k, l, -1, 0)
		}
		return dec
	}
	l.dstart, l.dend, l.ace = start, len(d), true
	// 4.3: the decoded label must not be empty or ASCII.
	if idnaAllASCII(d[start:]) {
		fs.fault(codeP4, k, l, -1, 0)
	}
	return d
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

// validate checks label, the code points of l, against the validity
// criteria of UTS #46, Section 4.1, for Nontransitional Processing if it
// was an A-label, otherwise for p's processing; bidi says the domain name
// is a Bidi domain name. It returns the first criterion that fails and
// the index in label of the code point at fault, or -1 when it is the
// label as a whole. An empty label meets them all.
func (p IDNA) validate(label []rune, l *idnaLabel, bidi bool) (idnaCode, int) {
	if len(label) == 0 {
		return 0, -1
	}
	// V1: NFC. Labels that were not A-labels were normalized in step 2.
	if l.ace && !isNFC(label) {
		return codeV1, -1
	}
	if p.CheckHyphens {
		if code, at := checkHyphens(len(label), func(i int) bool { return label[i] == '-' }); code != 0 {
			return code, at
		}
	}
	// V4: a decoded label must not look like an A-label itself. (V5, no
	// '.', cannot fail: step 3 split at every '.', and Punycode inserts
	// no basic code point.)
	if l.ace && len(label) >= 4 && label[0] == 'x' && label[1] == 'n' && label[2] == '-' && label[3] == '-' {
		return codeV4, -1
	}
	joiners := l.joiners
	switch {
	case l.ascii && !l.ace:
		// ASCII is valid, and has no mark and no joiner.
		if p.UseSTD3ASCIIRules {
			for i, r := range label {
				if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-') {
					return codeU1, i
				}
			}
		}
	default:
		// V6: no combining mark first.
		if v := idnaValue(label[0]); v>>13 <= idnaDeviation && v&idnaMark != 0 {
			return codeV6, 0
		}
		// V7: valid, or deviation in Nontransitional Processing (what
		// mapping found, unless the label was decoded or normalized); U1:
		// STD3 rules for ASCII.
		if l.valid && !l.ace && !p.UseSTD3ASCIIRules {
			break // mapping found every code point valid, and wrote ASCII lowercase
		}
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
			if l.valid && !l.ace {
				continue
			}
			switch idnaValue(r) >> 13 {
			case idnaValid:
			case idnaDeviation:
				if p.Transitional && !l.ace {
					return codeV7, i
				}
				joiners = joiners || r == 0x200C || r == 0x200D
			default:
				return codeV7, i
			}
		}
	}
	if joiners && !p.NoCheckJoiners {
		if code, at := checkJoiners(label); code != 0 {
			return code, at
		}
	}
	if bidi {
		return checkBidi(label)
	}
	return 0, -1
}

// checkHyphens applies CheckHyphens (UTS #46, Section 4.1, steps 2 and 3)
// to a label of n code points, not empty, of which hyphen tells which are
// '-': none in both the third and fourth positions (V2), and none first
// or last (V3).
func checkHyphens(n int, hyphen func(i int) bool) (idnaCode, int) {
	switch {
	case n >= 4 && hyphen(2) && hyphen(3):
		return codeV2, 2
	case hyphen(0):
		return codeV3, 0
	case hyphen(n - 1):
		return codeV3, n - 1
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
// with VerifyDNSLength the lengths are checked. A decoded A-label is
// written as it was: Punycode has one spelling for each label (the
// digits in lowercase, which the mapping step made them), so encoding
// it again would give the same text; FuzzPunycode checks this.
func (p IDNA) appendASCII(fs *idnaFaults, b []byte, labels []idnaLabel, domain string, norm, dec []rune, url bool) []byte {
	for k := range labels {
		l := &labels[k]
		if k > 0 {
			b = append(b, '.')
		}
		start := len(b)
		if l.input {
			b = appendInput(b, domain, l)
		} else {
			rs := l.runes(norm, dec)
			switch {
			case l.ascii && !l.ace, l.ace && idnaAllASCII(rs):
				for _, r := range rs {
					b = append(b, byte(r))
				}
			case l.ace:
				for _, r := range norm[l.start:l.end] {
					b = append(b, byte(r))
				}
			default:
				b = append(b, "xn--"...)
				var ok bool
				if b, ok = punycodeEncode(b, rs); !ok {
					fs.fault(codeA3, k, l, -1, 0)
				}
			}
		}
		if p.VerifyDNSLength && (len(b) == start || len(b)-start > 63) {
			fs.fault(codeA42, k, l, -1, 0)
		}
		if url && fs.forbidden.code == 0 && l.forbidden {
			for i, c := range b[start:] {
				if isForbiddenDomain(c) {
					// A label written as Punycode, or as it was, is at
					// fault as a whole; in any other, the code point.
					f := idnaFault{code: codeForbidden, off: -1, label: k, at: i, r: rune(c)}
					if !l.input && (l.ace || !idnaAllASCII(l.runes(norm, dec))) {
						f.at, f.ace = -1, true
					}
					fs.forbidden = f
					break
				}
			}
		}
	}
	if p.VerifyDNSLength {
		n := len(b)
		if n > 0 && b[n-1] == '.' {
			n--
		}
		if n < 1 || n > 253 {
			fs.record(idnaFault{code: codeA41, off: 0, label: len(labels)})
		}
	}
	return b
}

// convertASCII is convert for a domain of ASCII characters whose labels
// do not start with "xn--" (in any case): there UTS #46 processing only
// lowercases, and only the hyphen, STD3, length and empty-label rules
// can fail. It reports false for any other domain.
func (p IDNA) convertASCII(fs *idnaFaults, domain string, toASCII bool) (string, bool) {
	upper := false
	start := 0
	labels := 0
	for i := 0; i <= len(domain); i++ {
		if i < len(domain) {
			c := domain[i]
			if c >= utf8.RuneSelf {
				fs.first = idnaFault{}
				return "", false
			}
			upper = upper || 'A' <= c && c <= 'Z'
			if c != '.' {
				continue
			}
		}
		lab := domain[start:i]
		if len(lab) >= 4 && (lab[0]|0x20) == 'x' && (lab[1]|0x20) == 'n' && lab[2] == '-' && lab[3] == '-' {
			fs.first = idnaFault{}
			return "", false
		}
		k := labels
		labels++
		last := i == len(domain)
		switch {
		case lab == "":
			if toASCII && p.VerifyDNSLength {
				fs.record(idnaFault{code: codeA42, off: start, label: k})
			} else if !toASCII && p.VerifyDNSLength && (!last || k == 0) {
				fs.record(idnaFault{code: codeX42, off: start, label: k})
			}
		case p.CheckHyphens && len(lab) >= 4 && lab[2] == '-' && lab[3] == '-':
			fs.record(idnaFault{code: codeV2, off: start + 2, label: k})
		case p.CheckHyphens && lab[0] == '-':
			fs.record(idnaFault{code: codeV3, off: start, label: k})
		case p.CheckHyphens && lab[len(lab)-1] == '-':
			fs.record(idnaFault{code: codeV3, off: i - 1, label: k})
		default:
			if p.UseSTD3ASCIIRules {
				for j := start; j < i; j++ {
					if c := domain[j] | 0x20; !('a' <= c && c <= 'z' || '0' <= domain[j] && domain[j] <= '9' || domain[j] == '-') {
						fs.record(idnaFault{code: codeU1, off: j, label: k})
						break
					}
				}
			}
			if toASCII && p.VerifyDNSLength && len(lab) > 63 {
				fs.record(idnaFault{code: codeA42, off: start, label: k})
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
			fs.record(idnaFault{code: codeA41, off: 0, label: labels})
		}
	}
	if !upper {
		return domain, true
	}
	return bytesString(appendLower(make([]byte, 0, len(domain)), domain)), true
}

// faultOffset returns the offset in domain of the start of label k, or,
// with at >= 0 and not ace, of the code point that step 1 mapped to the
// at-th code point of the label, r: found by counting what each code
// point maps to, and where normalization changed the label, by looking
// for a code point that is r or maps to something with r in it.
func (p IDNA) faultOffset(domain string, k, at int, r rune, ace bool) int {
	lo, hi := 0, len(domain)
	label, count, cand := 0, 0, -1
	for i := 0; i < len(domain); {
		c, size := utf8.DecodeRuneInString(domain[i:])
		n, dot := p.mappedLen(c)
		switch {
		case dot && label == k:
			hi = i
			i = len(domain)
			continue
		case dot:
			label++
			lo = i + size
		case label == k && cand < 0 && at >= count && at < count+n:
			cand = i
		case label == k:
		}
		if label == k && !dot {
			count += n
		}
		i += size
	}
	if label < k {
		return 0
	}
	if at < 0 || ace {
		return lo
	}
	if cand >= 0 {
		c, _ := utf8.DecodeRuneInString(domain[cand:])
		if to, ok := idnaMapping(c); c == r || ok && strings.ContainsRune(to, r) {
			return cand
		}
	}
	return idnaLocate(domain, lo, hi, r)
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

// isForbiddenHost reports whether c is a forbidden host code point (URL
// Standard, "forbidden host code point").
func isForbiddenHost(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

// isForbiddenDomain reports whether ASCII octet c is a forbidden domain
// code point (URL Standard, "forbidden domain code point"): a forbidden
// host code point, a C0 control, '%' or DEL.
func isForbiddenDomain(c byte) bool {
	return isForbiddenHost(c) || c <= 0x1f || c == '%' || c == 0x7f
}
