package uri

import (
	"bufio"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// ---------------------------------------------------------------------------
// The case file

// securityRow is one line of testdata/security.txt: an input and the
// findings Vet must return for it, nil for "clean".
type securityRow struct {
	line  int
	input string
	want  []Finding // Kind, Component, Offset and Addr; Message is not compared
}

var findingKindByName = func() map[string]FindingKind {
	m := map[string]FindingKind{}
	for k := FindingKind(1); k < numFindingKinds; k++ {
		m[k.String()] = k
	}
	return m
}()

var componentNamesCheck = []string{"userinfo", "host", "port", "path", "query", "fragment"}

func readSecurityCases(t testing.TB) []securityRow {
	t.Helper()
	const name = "testdata/security.txt"
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []securityRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		r := securityRow{line: n}
		if r.input, line, err = unquotePrefix(line); err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			t.Fatalf("%s:%d: want findings or clean", name, n)
		}
		if len(fields) == 1 && fields[0] == "clean" {
			rows = append(rows, r)
			continue
		}
		for _, tok := range fields {
			parts := strings.Split(tok, "/")
			if len(parts) != 3 && len(parts) != 4 {
				t.Fatalf("%s:%d: want Kind/component/offset[/addr], got %q", name, n, tok)
			}
			k, ok := findingKindByName[parts[0]]
			if !ok {
				t.Fatalf("%s:%d: unknown kind %q", name, n, parts[0])
			}
			if !slices.Contains(componentNamesCheck, parts[1]) {
				t.Fatalf("%s:%d: unknown component %q", name, n, parts[1])
			}
			off, err := strconv.Atoi(parts[2])
			if err != nil {
				t.Fatalf("%s:%d: offset %q: %v", name, n, parts[2], err)
			}
			fd := Finding{Kind: k, Component: parts[1], Offset: off}
			if len(parts) == 4 {
				if fd.Addr, err = netip.ParseAddr(parts[3]); err != nil {
					t.Fatalf("%s:%d: %v", name, n, err)
				}
			}
			r.want = append(r.want, fd)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestVetCases runs testdata/security.txt: each input must produce
// exactly the findings listed, in order, and every kind must be covered by
// at least one hostile row.
func TestVetCases(t *testing.T) {
	rows := readSecurityCases(t)
	hostile, clean := 0, 0
	covered := map[FindingKind]bool{}
	for _, r := range rows {
		u, err := Parse(r.input)
		if err != nil {
			t.Errorf("line %d: Parse(%q): %v", r.line, r.input, err)
			continue
		}
		if r.want == nil {
			clean++
		} else {
			hostile++
		}
		got := u.Vet()
		checkFindings(t, u, got)
		var strip []Finding
		for _, f := range got {
			f.Message = ""
			strip = append(strip, f)
		}
		if !slices.Equal(strip, r.want) {
			t.Errorf("line %d: Vet(%q)\n got %s\nwant %s", r.line, r.input, formatFindings(strip), formatFindings(r.want))
		}
		for _, f := range r.want {
			covered[f.Kind] = true
		}
	}
	if hostile < 60 || clean < 30 {
		t.Errorf("%d hostile and %d clean rows; want at least 60 and 30", hostile, clean)
	}
	for k := FindingKind(1); k < numFindingKinds; k++ {
		if !covered[k] {
			t.Errorf("no row of testdata/security.txt expects %v", k)
		}
	}
}

func formatFindings(fs []Finding) string {
	if fs == nil {
		return "clean"
	}
	var b strings.Builder
	for i, f := range fs {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%v/%s/%d", f.Kind, f.Component, f.Offset)
		if f.Addr.IsValid() {
			fmt.Fprintf(&b, "/%v", f.Addr)
		}
	}
	return b.String()
}

// componentSpan returns the byte range [start, end) of component comp in
// the text of u, as String writes it, and false if String writes no such
// component.
func componentSpan(u URI, comp string) (start, end int, ok bool) {
	i := 0
	if u.Scheme != "" {
		i = len(u.Scheme) + 1
	}
	type span struct {
		name     string
		present  bool
		n, delim int // length, and bytes of delimiter before it
	}
	spans := []span{
		{"", u.HasAuthority, 0, 2},
		{"userinfo", u.HasAuthority && u.HasUserinfo, len(u.Userinfo), 0},
		{"", u.HasAuthority && u.HasUserinfo, 0, 1},
		{"host", u.HasAuthority, len(u.Host), 0},
		{"port", u.HasAuthority && u.HasPort, len(u.Port), 1},
		{"path", true, len(u.Path), 0},
		{"query", u.HasQuery, len(u.Query), 1},
		{"fragment", u.HasFragment, len(u.Fragment), 1},
	}
	for _, s := range spans {
		if !s.present {
			continue
		}
		i += s.delim
		if s.name == comp {
			return i, i + s.n, true
		}
		i += s.n
	}
	return 0, 0, false
}

// checkFindings checks what every result of Vet must satisfy, for any
// URI, valid or not: each finding is well-formed, lies inside the component
// it names in u.String(), carries an address exactly for the kinds that
// have one (WebAuthority when the browser's host is an IP address), which
// Addrs reports too, and no message quotes a password; the list is
// sorted, has at most one finding per kind and component, and is nil
// when empty.
func checkFindings(t testing.TB, u URI, got []Finding) {
	t.Helper()
	if got != nil && len(got) == 0 {
		t.Errorf("Vet(%q) returned an empty non-nil slice", u.String())
	}
	s := u.String()
	seen := map[string]bool{}
	for i, f := range got {
		if !f.Kind.valid() || f.Kind.Section() == "" || f.Message == "" {
			t.Errorf("Vet(%q): malformed finding %#v", s, f)
		}
		start, end, ok := componentSpan(u, f.Component)
		if !ok || f.Offset < start || f.Offset >= max(end, start+1) || f.Offset >= max(len(s), 1) {
			t.Errorf("Vet(%q): %v: offset %d outside the %s [%d, %d)", s, f, f.Offset, f.Component, start, end)
		}
		if hasAddr := f.Kind == NonstandardIPv4 || f.Kind == IPv4InIPv6 || f.Kind == LocalhostName; f.Kind != WebAuthority && (hasAddr != f.Addr.IsValid() || (hasAddr && !f.Addr.Is4())) {
			t.Errorf("Vet(%q): %v: Addr %v", s, f, f.Addr)
		}
		if f.Addr.IsValid() && (f.Addr.Zone() != "" || !slices.Contains(u.Addrs(), f.Addr)) {
			t.Errorf("Vet(%q): %v: Addr %v, which Addrs = %v lacks", s, f, f.Addr, u.Addrs())
		}
		key := f.Kind.String() + "/" + f.Component
		if seen[key] {
			t.Errorf("Vet(%q): two findings %s", s, key)
		}
		seen[key] = true
		if i > 0 {
			p := got[i-1]
			if p.Offset > f.Offset || (p.Offset == f.Offset && p.Kind >= f.Kind) {
				t.Errorf("Vet(%q): %v before %v", s, p, f)
			}
		}
		if !strings.HasPrefix(f.String(), f.Kind.String()+" in "+f.Component+" at offset "+strconv.Itoa(f.Offset)+": ") {
			t.Errorf("Finding.String() = %q", f.String())
		}
	}
	// A password is never quoted: findings inside it say so without its
	// text, and every other finding is the same with any other password of
	// the same length.
	if !u.HasAuthority || !u.HasUserinfo {
		return
	}
	user, pass, ok := strings.Cut(u.Userinfo, ":")
	if !ok || pass == "" {
		return
	}
	start, _, _ := componentSpan(u, "userinfo")
	pStart, pEnd := start+len(user)+1, start+len(u.Userinfo)
	v := u
	v.Userinfo = user + ":" + strings.Repeat("x", len(pass))
	other := v.Vet()
	for _, f := range got {
		if f.Offset >= pStart && f.Offset < pEnd {
			if f.Kind != Password && strings.ContainsAny(f.Message, "%\"") {
				t.Errorf("Vet(%q): %v quotes the password", s, f)
			}
			continue
		}
		if !slices.Contains(other, f) {
			t.Errorf("Vet(%q): %v depends on the password", s, f)
		}
	}
}

// ---------------------------------------------------------------------------
// The corpus

// corpusFindings pins what Vet finds in the real-world URLs of
// ../shared/data/corpus.txt, all of them genuine: Node.js's test fixtures for
// file paths with "%2F" and "%5C" in a segment, URLs with a "user:pass"
// userinfo, and a host with a percent-encoded Greek letter
// ("https://%CF%80.example.com/", IDNHost), and "http:Example.com/" and
// "https:Example.com/", which browsers read with the host example.com.
// No corpus URL has a false alarm.
var corpusFindings = map[FindingKind]int{
	IDNHost:      1,
	EncodedSlash: 6,
	Password:     9,
	WebAuthority: 2,
}

const corpusURLsWithFindings = 18

func TestVetCorpus(t *testing.T) {
	got := map[FindingKind]int{}
	valid, flagged := 0, 0
	for _, s := range corpus(t) {
		u, err := Parse(s)
		if err != nil {
			continue
		}
		valid++
		fs := u.Vet()
		checkFindings(t, u, fs)
		if fs != nil {
			flagged++
			t.Logf("%s", s)
		}
		for _, f := range fs {
			got[f.Kind]++
			t.Logf("    %v", f)
		}
	}
	t.Logf("%d of %d valid corpus URLs have findings: %v", flagged, valid, got)
	if flagged != corpusURLsWithFindings || !mapsEqual(got, corpusFindings) {
		t.Errorf("%d corpus URLs with findings %v; want %d with %v", flagged, got, corpusURLsWithFindings, corpusFindings)
	}
}

func mapsEqual(a, b map[FindingKind]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// ---------------------------------------------------------------------------
// Kinds, messages, allocations

func TestFindingKindString(t *testing.T) {
	for k := FindingKind(1); k < numFindingKinds; k++ {
		if k.String() == "" || strings.HasPrefix(k.String(), "FindingKind(") {
			t.Errorf("%d has no name", k)
		}
		if !strings.HasPrefix(k.Section(), "RFC 3986, Section 7.") {
			t.Errorf("%v.Section() = %q", k, k.Section())
		}
	}
	for _, k := range []FindingKind{0, numFindingKinds, 255} {
		if got := k.String(); got != "FindingKind("+strconv.Itoa(int(k))+")" {
			t.Errorf("FindingKind(%d).String() = %q", k, got)
		}
		if k.Section() != "" {
			t.Errorf("FindingKind(%d).Section() = %q", k, k.Section())
		}
	}
}

func TestVetMessages(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"http://0x7f.1/", `NonstandardIPv4 in host at offset 7: the host "0x7f.1" is not a dotted-decimal IPv4 address, but inet_aton() and WHATWG URL parsers read it as 127.0.0.1: filter on the address, not the text`},
		{"http://127.0.0.1./", `NonstandardIPv4 in host at offset 7: the host "127.0.0.1." is not a dotted-decimal IPv4 address, but WHATWG URL parsers read it as 127.0.0.1: filter on the address, not the text`},
		{"http://127.1%20/", `NonstandardIPv4 in host at offset 7: the host "127.1%20" is not a dotted-decimal IPv4 address, but inet_aton() reads it as 127.0.0.1: filter on the address, not the text`},
		{"http://h/%2e%2e/%2e%2e/x", `EncodedDotSegment in path at offset 9: the segment "%2e%2e" is a dot segment once decoded: resolution leaves it in place, but a back end that decodes it may climb out of the directory (the first of 2)`},
		{"http://h/%C0%AE", `OverlongUTF8 in path at offset 9: "%C0%AE" is an overlong UTF-8 encoding of '.': it is invalid UTF-8, but a lenient decoder reads it as that character`},
		{"http://h/?%0D", `EncodedControl in query at offset 10: "%0D" encodes a line break (CR): decoded, it can end a protocol line early and inject a header or a command`},
		{"http://h/?%07", `EncodedControl in query at offset 10: "%07" encodes the control character U+0007, which a back end that decodes it may act on`},
		{"http://h:70000/", `PortOutOfRange in port at offset 9: the port "70000" is above 65535: software that wraps it around connects to port 4464`},
		{"http://h:25/", `BadPort in port at offset 9: port 25 (smtp) is a bad port of the Fetch Standard: a request sent there can drive that other protocol, and browsers refuse it`},
		{"http://u:s3cr%0Aet@h/", `EncodedControl in userinfo at offset 13: the password holds a pct-encoded control character, which a back end that decodes it may act on`},
		{"http://a%00:b%00@h/", `EncodedNUL in userinfo at offset 8: "%00" encodes a NUL octet, which ends a C string: a back end that decodes it may check one name and use another`},
		{"http:con.:p%2Fw@h/", `DeviceName in path at offset 5: the segment "con.:xxxxx@h" names a Windows device: opening it on a Windows file system reaches the device, not a file`},
		{"http:con.:p%2Fw@h/", `EncodedSlash in path at offset 11: the password holds a pct-encoded '/' or '\', which a back end that decodes the path reads as a separator`},
		{"https::443@evil.example/x", `WebAuthority in path at offset 6: a browser reads this URI with credentials and the host "evil.example" (URL Standard, "URL parsing"), where RFC 3986 reads no authority and this path`},
		{"https://b%C3%BCcher.de/", `IDNHost in host at offset 8: the host is the internationalized domain name "bücher.de": resolvers and browsers look up "xn--bcher-kva.de" (UTS #46 ToASCII), so compare hosts by that name`},
		{"http://%E2%93%9B%E2%93%9E%E2%93%92%E2%93%90%E2%93%9B%E2%93%97%E2%93%9E%E2%93%A2%E2%93%A3/", `EncodedHost in host at offset 7: the host is percent-encoded: resolvers decode it to "ⓛⓞⓒⓐⓛⓗⓞⓢⓣ" and look up "localhost" (UTS #46 ToASCII), so compare hosts after decoding and IDNA`},
		{"http:///%C3%A9vil.example:8080/", `WebAuthority in path at offset 7: a browser reads this URI with the host "xn--vil-9la.example" ("évil.example") and the port 8080 (URL Standard, "URL parsing"), where RFC 3986 reads an empty host and this path`},
		{"http://%41" + strings.Repeat("b", 100) + "/", `EncodedHost in host at offset 7: the host is percent-encoded: resolvers decode it to "A` + strings.Repeat("b", 47) + `"... before they look it up, so compare hosts after decoding`},
	}
	for _, tt := range tests {
		var got []string
		for _, f := range MustParse(tt.in).Vet() {
			got = append(got, f.String())
		}
		if !slices.Contains(got, tt.want) {
			t.Errorf("Vet(%q):\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestVetAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	var clean []URI
	for _, s := range corpus(t) {
		if u, err := Parse(s); err == nil && u.Vet() == nil {
			clean = append(clean, u)
		}
	}
	if n := testing.AllocsPerRun(10, func() {
		for _, u := range clean {
			_ = u.Vet()
		}
	}); n != 0 {
		t.Errorf("Vet over %d clean corpus URLs: %v allocations, want 0", len(clean), n)
	}
	// With findings: the slice grows at most twice for five, and each
	// message takes at most two (its text, and a quoted excerpt or a
	// number within it).
	u := MustParse("http://user:pass@0x7f.1:25/%2e%2e/%00")
	if n := testing.AllocsPerRun(10, func() { _ = u.Vet() }); n > allocLimit(2+2*5, 14) {
		t.Errorf("Vet(%q): %v allocations", u.String(), n)
	}
}

// ---------------------------------------------------------------------------
// Oracles for the IPv4 readers, written from the documents rather than from
// the code: split on '.', convert each part with strconv.

// decodeForOracle decodes the triplets of s; a '%' that starts none stays.
func decodeForOracle(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && is(s[i+1], cHex) && is(s[i+2], cHex) {
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b.WriteByte(byte(v))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// inetAtonSlow reads the decoded host as glibc's inet_aton(3) manual page
// describes: "a.b.c.d", "a.b.c" (c is 16 bits), "a.b" (b is 24 bits) or
// "a" (32 bits); each part a number "in decimal, octal (with a leading 0)
// or hexadecimal (with a leading 0x)" as strtoul(3) with base 0 reads it;
// the glibc source also accepts trailing whitespace, after which anything
// may follow.
func inetAtonSlow(host string) (netip.Addr, bool) {
	s := decodeForOracle(host)
	if k := strings.IndexAny(s, " \t\n\v\f\r"); k >= 0 {
		s = s[:k]
	}
	parts := strings.Split(s, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var nums []uint64
	for _, p := range parts {
		if p == "" || p[0] < '0' || p[0] > '9' {
			return netip.Addr{}, false
		}
		digits, base := p, 10
		switch {
		case len(p) > 2 && (p[:2] == "0x" || p[:2] == "0X") && strings.IndexAny(p[2:3], "0123456789abcdefABCDEF") == 0:
			digits, base = p[2:], 16
		case p[0] == '0':
			digits, base = p, 8
		}
		// With an explicit base, ParseUint takes neither a sign, nor a
		// prefix, nor '_'.
		v, err := strconv.ParseUint(digits, base, 64)
		if err != nil || v > 0xffffffff {
			return netip.Addr{}, false
		}
		nums = append(nums, v)
	}
	return combineIPv4(nums)
}

// whatwgIPv4Slow is the WHATWG URL Standard's IPv4 parser, step by step,
// on the decoded host with the fullwidth characters mapped.
func whatwgIPv4Slow(host string) (netip.Addr, bool) {
	s := fullwidth().Replace(decodeForOracle(host))
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var nums []uint64
	for _, p := range parts {
		if p == "" {
			return netip.Addr{}, false
		}
		base := 10
		switch {
		case len(p) >= 2 && (p[:2] == "0x" || p[:2] == "0X"):
			p, base = p[2:], 16
		case len(p) >= 2 && p[0] == '0':
			p, base = p[1:], 8
		}
		if p == "" {
			nums = append(nums, 0)
			continue
		}
		v, err := strconv.ParseUint(p, base, 64)
		if errors.Is(err, strconv.ErrRange) {
			v = 1 << 40
		} else if err != nil {
			return netip.Addr{}, false
		}
		nums = append(nums, v)
	}
	for _, v := range nums[:len(nums)-1] {
		if v > 255 {
			return netip.Addr{}, false
		}
	}
	return combineIPv4(nums)
}

// idnaMappingTable is where the tests find Unicode's IdnaMappingTable.txt.
const idnaMappingTable = "../shared/data/unicode-17.0.0/IdnaMappingTable.txt"

// fullwidth applies UTS #46's mapping: every code point that
// IdnaMappingTable.txt marks ignored, mapped or disallowed_STD3_mapped,
// read with a parser of its own from the file Unicode publishes
// (idnaMappingTable) when it is there, and otherwise from the generated
// UTS #46 table (idnaMapping), which then checks only the IPv4 readers'
// use of it.
var fullwidth = sync.OnceValue(func() *strings.Replacer {
	var pairs []string
	if data, err := os.ReadFile(idnaMappingTable); err == nil {
		for line := range strings.Lines(string(data)) {
			line, _, _ = strings.Cut(line, "#")
			f := strings.Split(line, ";")
			if len(f) < 2 {
				continue
			}
			status := strings.TrimSpace(f[1])
			if status != "ignored" && status != "mapped" && status != "disallowed_STD3_mapped" {
				continue
			}
			to := ""
			if len(f) > 2 {
				for cp := range strings.FieldsSeq(f[2]) {
					v, _ := strconv.ParseUint(cp, 16, 32)
					to += string(rune(v))
				}
			}
			lo, hi, ok := strings.Cut(strings.TrimSpace(f[0]), "..")
			if !ok {
				hi = lo
			}
			l, _ := strconv.ParseUint(lo, 16, 32)
			h, _ := strconv.ParseUint(hi, 16, 32)
			for r := l; r <= h; r++ {
				if r >= 0x80 {
					pairs = append(pairs, string(rune(r)), to)
				}
			}
		}
		return strings.NewReplacer(pairs...)
	}
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if to, ok := idnaMapping(r); ok {
			pairs = append(pairs, string(r), to)
		}
	}
	return strings.NewReplacer(pairs...)
})

// combineIPv4 puts the parts together: each but the last is one byte, the
// last fills the rest.
func combineIPv4(nums []uint64) (netip.Addr, bool) {
	n := len(nums)
	last := nums[n-1]
	if last >= 1<<(8*(5-n)) {
		return netip.Addr{}, false
	}
	for _, v := range nums[:n-1] {
		if v > 255 {
			return netip.Addr{}, false
		}
	}
	w := last
	for i, v := range nums[:n-1] {
		w |= v << (24 - 8*i)
	}
	return netip.AddrFrom4([4]byte{byte(w >> 24), byte(w >> 16), byte(w >> 8), byte(w)}), true
}

// checkIPv4Readers compares the two IPv4 readers with their oracles.
func checkIPv4Readers(t testing.TB, host string) {
	t.Helper()
	a, ok := inetAton(host)
	b, okB := inetAtonSlow(host)
	if ok != okB || a != b {
		t.Errorf("inetAton(%q) = %v, %v; the manual says %v, %v", host, a, ok, b, okB)
	}
	a, ok = whatwgIPv4(host)
	b, okB = whatwgIPv4Slow(host)
	if ok != okB || a != b {
		t.Errorf("whatwgIPv4(%q) = %v, %v; the standard says %v, %v", host, a, ok, b, okB)
	}
}

func TestIPv4Readers(t *testing.T) {
	if _, err := os.Stat(idnaMappingTable); err != nil {
		t.Logf("the URL Standard's oracle maps with idna_tables.go, not with Unicode's data: %v (get Unicode 17.0.0's IdnaMappingTable.txt into ../shared/data/unicode-17.0.0/)", err)
	}
	hosts := []string{
		"", ".", "..", "0", "00", "08", "0x", "0X", "0x0", "0xg", "0x.1", "1.", "1..", ".1",
		"1.2.3.4", "1.2.3.4.", "1.2.3.4..", "1.2.3.4.5", "255.255.255.255", "256.0.0.0",
		"4294967295", "4294967296", "0xffffffff", "0x100000000", "037777777777", "040000000000",
		"1.16777215", "1.16777216", "1.2.65535", "1.2.65536", "1.2.3.255", "1.2.3.256",
		"0x7f.1", "0177.1", "0177.0.0.01", "00000000000000000000001", "1%20", "1%09x", "1%0b.2",
		"127.0.0.1%20evil", "1 ", "%31", "%30%78%31", "0x%41", "1.0x", "0x.0x.0x.0x",
		"99999999999999999999999", "0x99999999999999999999", "1e1", "1a", "a1", "-1", "+1",
		"%EF%BC%91", "%EF%BC%90%EF%BD%98%EF%BC%A6", "1%E3%80%822", "1%EF%BC%8E2", "1%EF%BD%A12",
		"%EF%BC", "%E3%80", "%FF", "1.%EF%BC%99",
	}
	for _, h := range hosts {
		checkIPv4Readers(t, h)
	}
	// Every host of up to four characters over an alphabet that spans the
	// grammar of both readers.
	const alpha = "0179.xaf8"
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		checkIPv4Readers(t, prefix)
		if n == 0 {
			return
		}
		for i := 0; i < len(alpha); i++ {
			gen(prefix+alpha[i:i+1], n-1)
		}
	}
	gen("", 4)
}

// ---------------------------------------------------------------------------
// Hand-built values

// handBuiltURIs are URI values that no parser returns, to show that Vet
// and the other methods cope with them.
var handBuiltURIs = []URI{
	{},
	{Userinfo: "u:p", Host: "0x7f.1", Port: "25", Query: "%00", Fragment: "%00"},
	{Scheme: "http", HasAuthority: true, Host: "[", Path: "x"},
	{Scheme: "http", HasAuthority: true, Host: "[v", HasPort: true, Port: "x"},
	{Scheme: "http", HasAuthority: true, Host: "[::1", HasPort: true, Port: "99999999999999999999999999"},
	{Scheme: "http", HasAuthority: true, HasUserinfo: true, Userinfo: "a.b:%", Host: "%", Path: "/%", HasQuery: true, Query: "%0", HasFragment: true, Fragment: "%C0"},
	{Scheme: "h t", HasAuthority: true, Host: "a b", Path: "/\xff\xc0\xae/%2e%2", HasQuery: true, Query: "\x00"},
	{Path: "%E0%80", HasQuery: true, Query: "%F0%80%80"},
	{Scheme: "http", HasAuthority: true, Host: "\xef\xbc\x91.1", HasPort: true, Port: ""},
	{Scheme: "ws", HasAuthority: true, Host: "h", HasPort: true, Port: "0"},
}

func TestVetHandBuilt(t *testing.T) {
	for _, u := range handBuiltURIs {
		fs := u.Vet()
		checkFindings(t, u, fs)
		if again := u.Vet(); !slices.Equal(fs, again) {
			t.Errorf("Vet(%#v) is not deterministic", u)
		}
	}
	// Fields without their flags are not read.
	if fs := handBuiltURIs[1].Vet(); fs != nil {
		t.Errorf("Vet read fields whose flags are false: %v", fs)
	}
	// A raw octet that only a hand-built URI has is read as itself.
	u := URI{Scheme: "http", HasAuthority: true, Host: "h", Path: "/\xc0\xae"}
	if fs := u.Vet(); len(fs) != 1 || fs[0].Kind != OverlongUTF8 || fs[0].Offset != 9 {
		t.Errorf("Vet(%q) = %v", u.String(), fs)
	}
}

// ---------------------------------------------------------------------------
// Fuzzing

// FuzzVet checks, for any input that Parse accepts: Vet does not
// panic, is deterministic, returns well-formed findings inside the
// components they name (see checkFindings), agrees with the IPv4 oracles
// on the host, and finds what the slow spelled-out rules find for the
// checks that have one.
func FuzzVet(f *testing.F) {
	for _, r := range readSecurityCases(f) {
		f.Add(r.input)
	}
	for _, s := range corpusSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		fs := u.Vet()
		checkFindings(t, u, fs)
		if again := u.Vet(); !slices.Equal(fs, again) {
			t.Fatalf("Vet(%q) is not deterministic:\n%v\n%v", s, fs, again)
		}
		if u.HasAuthority && u.HostKind() == RegName {
			checkIPv4Readers(t, u.Host)
		}
		checkIDNHost(t, u, fs)
		checkSlowRules(t, u, fs)
	})
}

// checkSlowRules recomputes the checks that have a short literal spelling
// and compares them with Vet's findings: present or absent, and the
// offset of the first occurrence.
func checkSlowRules(t testing.TB, u URI, fs []Finding) {
	t.Helper()
	find := func(k FindingKind, comp string) (Finding, bool) {
		for _, f := range fs {
			if f.Kind == k && f.Component == comp {
				return f, true
			}
		}
		return Finding{}, false
	}
	expect := func(k FindingKind, comp string, off int) {
		t.Helper()
		f, ok := find(k, comp)
		switch {
		case off < 0 && ok:
			t.Errorf("Vet(%q) reports %v; the slow rule finds none", u.String(), f)
		case off >= 0 && (!ok || f.Offset != off):
			t.Errorf("Vet(%q) = %v; the slow rule finds %v in %s at %d", u.String(), fs, k, comp, off)
		}
	}
	// Password: a non-empty text after the first ':' of the userinfo.
	if u.HasAuthority && u.HasUserinfo {
		start, _, _ := componentSpan(u, "userinfo")
		if i := strings.IndexByte(u.Userinfo, ':'); i >= 0 && i+1 < len(u.Userinfo) {
			expect(Password, "userinfo", start+i+1)
		} else {
			expect(Password, "userinfo", -1)
		}
	}
	// Triplet rules, found by decoding the whole component with Decode and
	// mapping decoded octets back to the triplets they came from.
	data := strings.EqualFold(u.Scheme, "data")
	mailto := strings.EqualFold(u.Scheme, "mailto")
	for _, comp := range []string{"userinfo", "host", "path", "query", "fragment"} {
		start, end, ok := componentSpan(u, comp)
		if !ok || (comp == "host" && u.HostKind() != RegName) {
			continue
		}
		if data && (comp == "path" || comp == "query") {
			// RFC 2397: the payload; nothing is reported.
			for k := FindingKind(1); k < numFindingKinds; k++ {
				expect(k, comp, -1)
			}
			continue
		}
		text := u.String()[start:end]
		nul, ctl := -1, -1
		body := false // in a mailto query, the current hfield is the body
		for i := 0; i+2 < len(text); i++ {
			if mailto && comp == "query" && (i == 0 || text[i-1] == '&') {
				name, _, _ := strings.Cut(text[i:], "=")
				name, _, _ = strings.Cut(name, "&")
				d, _ := Decode(name)
				body = strings.ToLower(d) == "body"
			}
			if text[i] != '%' {
				continue
			}
			v, err := strconv.ParseUint(text[i+1:i+3], 16, 8)
			if err != nil {
				continue
			}
			if mailto && comp == "query" && v == 0x0D && strings.HasPrefix(strings.ToUpper(text[i+3:]), "%0A") {
				after := strings.ToUpper(text[i+6:])
				switch {
				case body:
					i += 5 // RFC 6068: a line break of the body
					continue
				case strings.HasPrefix(after, "%20") || strings.HasPrefix(after, "%09"):
					i += 8 // a folded header line
					continue
				}
			}
			switch {
			case v == 0 && nul < 0:
				nul = start + i
			case v != 0 && (v < 0x20 || v == 0x7f) && ctl < 0:
				ctl = start + i
			}
			i += 2
		}
		expect(EncodedNUL, comp, nul)
		expect(EncodedControl, comp, ctl)
		if comp == "path" {
			// EncodedSlash: the first %2F or %5C.
			slash := -1
			lower := strings.ToLower(text)
			for _, tr := range []string{"%2f", "%5c"} {
				if k := strings.Index(lower, tr); k >= 0 && (slash < 0 || start+k < slash) {
					slash = start + k
				}
			}
			expect(EncodedSlash, comp, slash)
		}
		if comp == "host" || comp == "path" {
			// Invalid or overlong UTF-8 somewhere: the decoded text is not
			// valid UTF-8 exactly when one of the two is reported.
			d, err := Decode(text)
			_, inv := find(InvalidUTF8, comp)
			_, over := find(OverlongUTF8, comp)
			if err == nil && utf8.ValidString(d) == (inv || over) {
				t.Errorf("Vet(%q): UTF-8 valid=%v, but InvalidUTF8=%v OverlongUTF8=%v", u.String(), utf8.ValidString(d), inv, over)
			}
		}
	}
	// EncodedDotSegment: a segment with a '%' or a ';', other than "." and
	// "..", whose decoded text, with the characters NFKC maps to full stops
	// and separators read as those (U+FF0E, U+FE52 and U+2024 as '.', U+2025
	// and U+FE30 as "..", U+FF0F as '/', U+FF3C and U+FE68 as '\'), split
	// at '/' and '\', has a piece that is "." or ".." up to its first ';'.
	if start, _, ok := componentSpan(u, "path"); ok && !data {
		dot := -1
		off := start
		for seg := range strings.SplitSeq(u.Path, "/") {
			if strings.ContainsAny(seg, "%;") && seg != "." && seg != ".." && dot < 0 {
				d, _ := Decode(seg)
				d = nfkcDotsAndSlashes.Replace(d)
				for piece := range strings.FieldsFuncSeq(d+"/", func(r rune) bool { return r == '/' || r == '\\' }) {
					piece, _, _ = strings.Cut(piece, ";")
					if piece == "." || piece == ".." {
						dot = off + max(0, strings.Index(seg, "%"))
						break
					}
				}
			}
			off += len(seg) + 1
		}
		expect(EncodedDotSegment, "path", dot)
	}
}

// nfkcDotsAndSlashes replaces every character whose NFKC form is only
// full stops or separators by that form (Unicode's decomposition data;
// U+2026 and U+FE19, "...", are left: no dot segment).
var nfkcDotsAndSlashes = strings.NewReplacer(
	"\uFF0E", ".", "\uFE52", ".", "\u2024", ".", "\u2025", "..", "\uFE30", "..",
	"\uFF0F", "/", "\uFF3C", "\\", "\uFE68", "\\")

// FuzzHandBuilt fills all twelve fields of a URI from the fuzzer's input
// and calls every method on it: none may panic. Vet's findings must be
// well-formed and lie inside u.String(); Validate must return nil or an
// *Error whose Input is u.String() and whose offset is inside it; and when
// Validate returns nil, u must be exactly what Parse makes of u.String(),
// with the invariants of checkInvariants, and the results of Resolve,
// Normalize and Relativize must be valid too.
func FuzzHandBuilt(f *testing.F) {
	add := func(u URI) {
		var flags uint8
		for i, b := range []bool{u.HasAuthority, u.HasUserinfo, u.HasPort, u.HasQuery, u.HasFragment} {
			if b {
				flags |= 1 << i
			}
		}
		f.Add(u.Scheme, u.Userinfo, u.Host, u.Port, u.Path, u.Query, u.Fragment, flags)
	}
	for _, u := range handBuiltURIs {
		add(u)
	}
	for _, r := range readSecurityCases(f) {
		add(MustParse(r.input))
	}
	base := MustParse("http://a/b/c/d;p?q")
	f.Fuzz(func(t *testing.T, scheme, userinfo, host, port, path, query, fragment string, flags uint8) {
		u := URI{
			Scheme: scheme, Userinfo: userinfo, Host: host, Port: port,
			Path: path, Query: query, Fragment: fragment,
			HasAuthority: flags&1 != 0, HasUserinfo: flags&2 != 0, HasPort: flags&4 != 0,
			HasQuery: flags&8 != 0, HasFragment: flags&16 != 0,
		}
		s := u.String()
		if got := string(u.AppendTo(nil)); got != s {
			t.Fatalf("AppendTo = %q, String = %q", got, s)
		}
		fs := u.Vet()
		checkFindings(t, u, fs)
		checkRecord(t, u) // the web parser's reading of u in place, against its reading of s

		err := u.Validate()
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Input != s || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("Validate(%#v) = %v: want an *Error on %q with an offset inside it", u, err, s)
			}
			checkValidateBlame(t, u, e)
		}

		// Every other method, on u as the receiver and as the argument.
		_ = u.HostKind()
		_ = u.Redacted()
		_ = u.Authority()
		_ = u.URL()
		_, _ = u.LiteralAddr()
		_, _ = u.PortNumber()
		for seg := range u.Segments() {
			_ = seg
		}
		for seg, err := range u.DecodedSegments() {
			_, _ = seg, err
		}
		for _, level := range []Level{SimpleString, SyntaxBased, SchemeBased} {
			n := u.Normalize(level)
			_ = u.Key(level)
			_ = Equivalent(u, base, level)
			_ = Equivalent(u, u, level)
			if err == nil && n.Validate() != nil {
				t.Fatalf("Normalize(%q, %v) = %q: %v", s, level, n.String(), n.Validate())
			}
		}
		_ = Explain(u, base).String()
		r1, r2, r3 := base.Resolve(u), u.Resolve(base), u.Resolve(u)
		_ = base.ResolveNonStrict(u)
		_, _ = base.Relativize(u)
		_, _ = u.Relativize(base)
		if err != nil {
			return
		}

		// A valid value is what Parse makes of its text.
		p, perr := Parse(s)
		if perr != nil || p != u {
			t.Fatalf("Validate(%#v) = nil, but Parse(%q) = %#v, %v", u, s, p, perr)
		}
		if ierr := checkInvariants(u); ierr != nil {
			t.Fatalf("%q: %v", s, ierr)
		}
		for _, r := range []URI{r1, r2, r3} {
			if verr := r.Validate(); verr != nil {
				t.Fatalf("Resolve with %q gave %q: %v", s, r.String(), verr)
			}
		}
		if r, ok := base.Relativize(u); ok && r.Validate() != nil {
			t.Fatalf("Relativize(%q) = %q: %v", s, r.String(), r.Validate())
		}
	})
}

// checkValidateBlame checks that the sentinel of a Validate error names a
// field that is at fault: setting that field (and its flag) to a value
// known to be valid in its place must change the error, to nil or to
// another field, unless the fault lies in how the fields combine (a
// missing HasAuthority, a path that would read as an authority or a
// scheme).
func checkValidateBlame(t testing.TB, u URI, e *Error) {
	t.Helper()
	v := u
	switch {
	case errors.Is(e, ErrScheme):
		if u.Scheme == "" {
			return // ':' in the first segment of a relative path: a path fault reported as a scheme
		}
		v.Scheme = "s"
	case errors.Is(e, ErrUserinfo):
		v.Userinfo = ""
	case errors.Is(e, ErrHost):
		if !u.HasAuthority {
			return // fields set without HasAuthority: a fault of the flags
		}
		v.Host = ""
	case errors.Is(e, ErrPort):
		v.Port, v.HasPort = "", false
	case errors.Is(e, ErrPath):
		v.Path = ""
	case errors.Is(e, ErrQuery):
		v.Query = ""
	case errors.Is(e, ErrFragment):
		v.Fragment = ""
	default:
		t.Fatalf("Validate(%#v) = %v: no sentinel", u, e)
	}
	err2 := v.Validate()
	var e2 *Error
	if err2 != nil && errors.As(err2, &e2) && errors.Is(err2, e.Err) && e2.Offset == e.Offset {
		t.Fatalf("Validate(%#v) blames %v at %d, but with that field cleared it still does: %v", u, e.Err, e.Offset, err2)
	}
}

// normalizationTest is where the tests find Unicode's NormalizationTest.txt.
const normalizationTest = "../shared/data/unicode-17.0.0/NormalizationTest.txt"

// TestNFKCStops checks nfkcStops against Unicode's NormalizationTest.txt,
// when ../shared/data/unicode-17.0.0/ is there: every code point whose
// NFKC form (column 4) is only full stops and separators is one whose
// UTF-8 starts with 0xE2 or 0xEF (the lead octets segment looks for), and
// for each code point with those lead octets, percent-encoded, nfkcStops
// returns the full stops of its NFKC form when they are one or two, and
// that it is a separator when its NFKC form is '/' or '\'.
func TestNFKCStops(t *testing.T) {
	data, err := os.ReadFile(normalizationTest)
	if err != nil {
		t.Skipf("%v: get Unicode 17.0.0's NormalizationTest.txt into ../shared/data/unicode-17.0.0/ to check nfkcStops", err)
	}
	nfkc := map[rune]string{}
	for line := range strings.Lines(string(data)) {
		first, _, _ := strings.Cut(line, ";")
		src, err := strconv.ParseUint(first, 16, 32)
		if err != nil { // a comment, a part's heading or a sequence
			continue
		}
		f := strings.SplitN(line, ";", 5)
		if len(f) < 5 {
			continue
		}
		to := ""
		for cp := range strings.FieldsSeq(f[3]) {
			v, _ := strconv.ParseUint(cp, 16, 32)
			to += string(rune(v))
		}
		nfkc[rune(src)] = to
	}
	if len(nfkc) < 1000 {
		t.Fatalf("%s: read only %d code points", normalizationTest, len(nfkc))
	}
	for r, to := range nfkc {
		if strings.Trim(to, `./\`) == "" {
			if lead := string(r)[0]; lead != 0xE2 && lead != 0xEF {
				t.Errorf("U+%04X: NFKC %q, but its lead octet %#x is not one segment reads", r, to, lead)
			}
		}
	}
	for r := rune(0x2000); r <= 0xFFFF; r++ {
		if lead := string(r)[0]; lead != 0xE2 && lead != 0xEF || !utf8.ValidRune(r) {
			continue
		}
		enc := fmt.Sprintf("%%%02X%%%02X%%%02X", string(r)[0], string(r)[1], string(r)[2])
		wantDots, wantSep := 0, false
		if to, ok := nfkc[r]; ok {
			if strings.Trim(to, ".") == "" && len(to) <= 2 {
				wantDots = len(to)
			}
			wantSep = to == "/" || to == `\`
		}
		next, dots, sep := nfkcStops(enc, string(r)[0], 3)
		wantNext := 3
		if wantDots > 0 || wantSep {
			wantNext = len(enc)
		}
		if next != wantNext || dots != wantDots || sep != wantSep {
			t.Errorf("nfkcStops(%q) = %d, %d, %v; want %d, %d, %v (NFKC %q)", enc, next, dots, sep, wantNext, wantDots, wantSep, nfkc[r])
		}
	}
}

// checkIDNHost checks IDNHost against its definition: reported for a
// reg-name whose triplets all encode non-ASCII octets, whose decoded text
// (ASCII letters lowercased) is DomainToUnicode of DomainToASCII of it,
// an ASCII name other than that text and not an IP address; and then
// without EncodedHost, and with the ASCII name in the message.
func checkIDNHost(t *testing.T, u URI, fs []Finding) {
	t.Helper()
	var idn, enc *Finding
	for i := range fs {
		switch fs[i].Kind {
		case IDNHost:
			idn = &fs[i]
		case EncodedHost:
			enc = &fs[i]
		}
	}
	want := false
	ascii := ""
	if d, err := Decode(u.Host); err == nil && u.HostKind() == RegName && utf8.ValidString(d) && strings.Contains(u.Host, "%") {
		low := strings.Map(func(r rune) rune {
			if 'A' <= r && r <= 'Z' {
				return r + 32
			}
			return r
		}, d)
		encASCII := false
		for i := 0; i+2 < len(u.Host); i++ {
			if u.Host[i] == '%' && u.Host[i+1] < '8' {
				encASCII = true
			}
		}
		if a, err := DomainToASCII(d); err == nil && a != low && !endsInNumber(a) && !encASCII {
			back, uerr := DomainToUnicode(a)
			want = uerr == nil && back == low
			ascii = a
		}
	}
	switch {
	case want != (idn != nil):
		t.Fatalf("Vet(%q) = %v; IDNHost expected: %v", u, fs, want)
	case idn != nil && enc != nil:
		t.Fatalf("Vet(%q) = %v: IDNHost and EncodedHost", u, fs)
	case idn != nil && !strings.Contains(idn.Message, excerpt(ascii)):
		t.Fatalf("Vet(%q): %v does not name %q", u, idn, ascii)
	}
}

// TestBadPortSchemeASCIICase checks that the Fetch Standard's bad ports are
// reported for the web schemes in any ASCII case only: a hand-built scheme
// "httpſ" (U+017F, which strings.EqualFold matches with 's') is not https.
func TestBadPortSchemeASCIICase(t *testing.T) {
	for _, c := range []struct {
		scheme string
		want   bool
	}{{"HTTPS", true}, {"wS", true}, {"httpſ", false}, {"ftp", false}} {
		u := URI{Scheme: c.scheme, HasAuthority: true, Host: "h", HasPort: true, Port: "25"}
		got := false
		for _, f := range u.Vet() {
			got = got || f.Kind == BadPort
		}
		if got != c.want {
			t.Errorf("Vet(%q) reports BadPort: %v, want %v", u.String(), got, c.want)
		}
	}
}
