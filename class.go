package uri

// Character classes of RFC 3986, one bit per ABNF rule, in one table indexed
// by byte. The classes are spelled out as strings below, exactly as the RFC
// defines them; classTable is computed from those strings and tested over
// all 256 bytes against independently written literals. Encoding sets (what
// a component may leave unencoded when building) are policy and live in
// percent.go; never edit a grammar class for convenience.
const (
	alphaChars      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" // RFC 5234, Appendix B.1
	digitChars      = "0123456789"                                           // RFC 5234, Appendix B.1
	hexdigChars     = digitChars + "ABCDEFabcdef"                            // RFC 5234, Appendix B.1 (case-insensitive)
	unreservedChars = alphaChars + digitChars + "-._~"                       // RFC 3986, Section 2.3
	genDelimChars   = ":/?#[]@"                                              // RFC 3986, Section 2.2
	subDelimChars   = "!$&'()*+,;="                                          // RFC 3986, Section 2.2
	schemeChars     = alphaChars + digitChars + "+-."                        // RFC 3986, Section 3.1
	userinfoChars   = unreservedChars + subDelimChars + ":"                  // RFC 3986, Section 3.2.1, + pct-encoded
	regNameChars    = unreservedChars + subDelimChars                        // RFC 3986, Section 3.2.2, + pct-encoded
	pcharChars      = unreservedChars + subDelimChars + ":@"                 // RFC 3986, Section 3.3, + pct-encoded
	pathChars       = pcharChars + "/"                                       // RFC 3986, Section 3.3
	queryChars      = pcharChars + "/?"                                      // RFC 3986, Sections 3.4 and 3.5 (fragment is the same)
	futureChars     = unreservedChars + subDelimChars + ":"                  // RFC 3986, Section 3.2.2, IPvFuture tail
)

// Class bits. cPct marks '%', the start of pct-encoded, which every component
// class except scheme and port admits.
const (
	cAlpha uint16 = 1 << iota
	cDigit
	cHex
	cUnreserved
	cSubDelim
	cGenDelim
	cScheme
	cUserinfo
	cRegName
	cPchar
	cPath
	cQuery
	cFuture
	cPct
)

var classTable = buildClassTable()

func buildClassTable() (t [256]uint16) {
	add := func(chars string, bit uint16) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bit
		}
	}
	add(alphaChars, cAlpha)
	add(digitChars, cDigit)
	add(hexdigChars, cHex)
	add(unreservedChars, cUnreserved)
	add(subDelimChars, cSubDelim)
	add(genDelimChars, cGenDelim)
	add(schemeChars, cScheme)
	add(userinfoChars+"%", cUserinfo)
	add(regNameChars+"%", cRegName)
	add(pcharChars+"%", cPchar)
	add(pathChars+"%", cPath)
	add(queryChars+"%", cQuery)
	add(futureChars, cFuture)
	add("%", cPct)
	return t
}

// is reports whether byte c belongs to class bit.
func is(c byte, bit uint16) bool { return classTable[c]&bit != 0 }

// lower lowercases an ASCII letter and returns any other byte as it is
// (RFC 3986, Section 2.1 and 3.1: case folds only ASCII letters).
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// equalFoldASCII reports whether a and b are equal up to the case of ASCII
// letters (RFC 3986, Section 6.2.2.1), without the Unicode folds of
// strings.EqualFold (which would match "K", U+212A KELVIN SIGN, with 'k').
func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

// isASCII reports whether s is ASCII text: no octet above U+007F (RFC 20).
// It tests eight octets at a time.
func isASCII(s string) bool {
	for len(s) >= 8 {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
