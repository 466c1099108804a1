package uri

import "strconv"

// Schemes: the one table of what this package knows about a scheme by its
// name, and the readers every other file takes it from. A scheme's name is
// compared without regard to ASCII case (RFC 3986, Section 3.1).
//
// The normalization rules of DefaultSchemes keep their own data (which
// empty path is "/", which parts fold case) and take their ports from here.

// schemeInfo is one row of schemeTable.
type schemeInfo struct {
	// name is the scheme, lowercase.
	name string
	// port is the port the scheme implies when a URI gives none (RFC 3986,
	// Section 3.2.3), from the scheme's specification; 0 for none.
	port uint16
	// special marks the special schemes of the URL Standard ("special
	// scheme"): ftp, file, http, https, ws and wss, the ones the web
	// parser reads with its own host and path rules.
	special bool
	// fetch marks the schemes whose requests the Fetch Standard blocks at
	// its bad ports (section "Port blocking"): http and https, and ws and
	// wss, which it fetches as those (section "WebSocket protocol").
	fetch bool
}

// schemeTable lists the schemes this package knows, with the section that
// defines each default port:
//
//	http    80    RFC 9110, Section 4.2.1     special, Fetch blocks bad ports
//	https   443   RFC 9110, Section 4.2.2     special, Fetch blocks bad ports
//	ws      80    RFC 6455, Section 3         special, Fetch blocks bad ports
//	wss     443   RFC 6455, Section 3         special, Fetch blocks bad ports
//	ftp     21    RFC 1738, Section 3.2       special
//	file    none  RFC 8089, Section 2         special
//	coap    5683  RFC 7252, Section 6.1
//	coaps   5684  RFC 7252, Section 6.2
//	ldap    389   RFC 4516, Section 3
//	telnet  23    RFC 4248, Section 2
//	gopher  70    RFC 4266, Section 2.1
var schemeTable = [...]schemeInfo{
	{name: "http", port: 80, special: true, fetch: true},
	{name: "https", port: 443, special: true, fetch: true},
	{name: "ws", port: 80, special: true, fetch: true},
	{name: "wss", port: 443, special: true, fetch: true},
	{name: "ftp", port: 21, special: true},
	{name: "file", special: true},
	{name: "coap", port: 5683},
	{name: "coaps", port: 5684},
	{name: "ldap", port: 389},
	{name: "telnet", port: 23},
	{name: "gopher", port: 70},
}

// webSchemes holds, at index i+1, what the web parser asks of row i of
// schemeTable, and at index 0 the answer for any other scheme: whether it
// is special, and its default port in decimal ("" for none), since the
// parser compares a port's text.
var webSchemes = func() (t [len(schemeTable) + 1]struct {
	port    string
	special bool
}) {
	for i, s := range schemeTable {
		t[i+1].special = s.special
		if s.port != 0 && s.special {
			t[i+1].port = strconv.Itoa(int(s.port))
		}
	}
	return t
}()

// lookupScheme returns the index of scheme's row in schemeTable, comparing
// without regard to ASCII case, or -1. It packs the scheme into a word
// (schemeWord), reads the one slot of schemeSlots that the word hashes to
// and compares that row's word: a few instructions per byte, since the web
// parser asks for every URL.
func lookupScheme(scheme string) int {
	w, ok := schemeWord(scheme)
	if !ok {
		return -1
	}
	i := schemeSlots[(w*schemeMul)>>(64-schemeSlotBits)]
	if i < 0 || schemeWords[i] != w {
		return -1
	}
	return int(i)
}

// schemeWord packs a scheme of 1 to 8 bytes into a word, byte k at bits
// 8k, each byte ORed with 0x20. That maps an ASCII letter to its lowercase
// form, and no other byte to a letter, so a scheme has the word of a name
// of lowercase letters (as every name of schemeTable is) exactly when the
// two are equal without regard to ASCII case; and no byte becomes 0, so
// the word holds the length too. It
// reads the bytes in two overlapping loads of up to four, without a loop.
func schemeWord(s string) (w uint64, ok bool) {
	n := len(s)
	switch {
	case n >= 4 && n <= 8:
		w = uint64(le32(s)) | uint64(le32(s[n-4:]))<<(8*(n-4)&63)
	case n >= 1 && n <= 3:
		w = uint64(s[0]) | uint64(s[n/2])<<(8*(n/2)&63) | uint64(s[n-1])<<(8*(n-1)&63)
	default:
		return 0, false
	}
	return w | 0x2020202020202020>>(64-8*n&63), true
}

// le32 reads the first four bytes of s as a little-endian word.
func le32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// le64 reads the first eight octets of s as a little-endian word.
func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// schemeMul and schemeSlotBits choose a slot of schemeSlots for a word: the
// top schemeSlotBits bits of the word times schemeMul (a multiplier of
// MurmurHash3's finalizer). No two rows of schemeTable share a slot:
// building schemeSlots panics if they would, and then the multiplier or
// the number of bits needs changing along with the table.
const (
	schemeMul      = 0xff51afd7ed558ccd
	schemeSlotBits = 5
)

// schemeWords holds schemeWord of each row's name.
var schemeWords = func() (t [len(schemeTable)]uint64) {
	for i, s := range schemeTable {
		t[i], _ = schemeWord(s.name)
	}
	return t
}()

// schemeSlots maps a slot to a row of schemeTable, -1 for none.
var schemeSlots = func() (t [1 << schemeSlotBits]int8) {
	for i := range t {
		t[i] = -1
	}
	for i, w := range schemeWords {
		h := (w * schemeMul) >> (64 - schemeSlotBits)
		if t[h] >= 0 {
			panic("uri: schemes " + schemeTable[t[h]].name + " and " + schemeTable[i].name + " share a slot of schemeSlots")
		}
		t[h] = int8(i)
	}
	return t
}()

// DefaultPort returns the port that scheme implies when a URI gives none
// (RFC 3986, Section 3.2.3), such as 80 for http (RFC 9110, Section 4.2.1),
// 443 for https (RFC 9110, Section 4.2.2) and 5683 for coap (RFC 7252,
// Section 6.1); the default ports of DefaultSchemes are these. The scheme
// is compared without regard to ASCII case (RFC 3986, Section 3.1). It
// reports false for a scheme without a default port. DefaultPort reads a
// static table and never allocates.
func DefaultPort(scheme string) (uint16, bool) {
	if i := lookupScheme(scheme); i >= 0 && schemeTable[i].port != 0 {
		return schemeTable[i].port, true
	}
	return 0, false
}

// specialPort returns the default port of a special scheme of the URL
// Standard ("special scheme") as text, "" for file, and whether scheme, in
// any case, is special.
func specialPort(scheme string) (string, bool) {
	w := &webSchemes[lookupScheme(scheme)+1]
	return w.port, w.special
}

// webSpecialAuthority reports whether scheme, in any case, is a special
// scheme of the URL Standard whose URLs have an authority a browser reads
// after any number of slashes and backslashes, or none (URL Standard,
// "special authority ignore slashes state"): http, https, ws, wss and ftp.
// The file scheme is special too, but its host follows "//" only. These
// are also the schemes whose URLs have a tuple origin (URL Standard,
// "Origin").
func webSpecialAuthority(scheme string) bool {
	i := lookupScheme(scheme)
	return i >= 0 && schemeTable[i].special && schemeTable[i].port != 0
}

// webPort reports whether scheme, in any case, is one the Fetch Standard
// blocks bad ports for (section "Port blocking": http and https, and ws
// and wss, which it fetches as those), and returns its default port.
func webPort(scheme string) (uint16, bool) {
	if i := lookupScheme(scheme); i >= 0 && schemeTable[i].fetch {
		return schemeTable[i].port, true
	}
	return 0, false
}
