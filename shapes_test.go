package uri

import (
	"errors"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The tests in this file check the bounded repetitions of RFC 3986,
// Appendix A (the IPv6address forms, h16 = 1*4HEXDIG, dec-octet, port =
// *DIGIT) on every shape they can take, against the Appendix A regular
// expression oracle (rfcReference in uri_test.go) and against net/netip.
// A fuzzer finds such shapes only by luck: "[0:0:0:0:0:0:0::1]" (seven
// pieces, "::", one more) was accepted until these tests were written.

// ipv6Shapes returns every IPv6 literal shape: 0 to 9 pieces on each side
// of "::", or 0 to 9 pieces without it; with and without an IPv4 tail; each
// piece written with 0 to 5 hex digits, first all pieces alike and then one
// piece at a time with the others at one digit.
func ipv6Shapes() []string {
	piece := func(n int) string { return "abcde"[:n] }
	join := func(lens []int) string {
		parts := make([]string, len(lens))
		for i, n := range lens {
			parts[i] = piece(n)
		}
		return strings.Join(parts, ":")
	}
	// digit-length assignments for k pieces
	lengths := func(k int) [][]int {
		var out [][]int
		for d := 0; d <= 5; d++ {
			all := make([]int, k)
			for i := range all {
				all[i] = d
			}
			out = append(out, all)
			for p := 0; p < k; p++ {
				if d == 1 {
					continue
				}
				one := make([]int, k)
				for i := range one {
					one[i] = 1
				}
				one[p] = d
				out = append(out, one)
			}
		}
		return out
	}
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, tail := range []string{"", "1.2.3.4"} {
		withTail := func(s string) string {
			if tail == "" {
				return s
			}
			if s == "" || strings.HasSuffix(s, "::") {
				return s + tail
			}
			return s + ":" + tail
		}
		for n := 0; n <= 9; n++ { // without "::"
			for _, l := range lengths(n) {
				add(withTail(join(l)))
			}
		}
		for left := 0; left <= 9; left++ {
			for right := 0; right <= 9; right++ {
				for _, l := range lengths(left + right) {
					s := join(l[:left]) + "::" + join(l[left:])
					add(withTail(s))
				}
			}
		}
	}
	return out
}

func TestIPv6EveryShape(t *testing.T) {
	shapes := ipv6Shapes()
	accepted := 0
	for _, s := range shapes {
		in := "//[" + s + "]"
		want := rfcReference.MatchString(in)
		u, err := Parse(in)
		if got := err == nil; got != want {
			t.Errorf("Parse(%q): accepted %v, Appendix A says %v (err %v)", in, got, want, err)
			continue
		}
		if !want {
			continue
		}
		accepted++
		if k := u.HostKind(); k != IPv6 {
			t.Errorf("Parse(%q).HostKind() = %v, want IPv6", in, k)
		}
		a, ok := u.LiteralAddr()
		na, nerr := netip.ParseAddr(s)
		if !ok || nerr != nil || a != na {
			t.Errorf("Parse(%q).LiteralAddr() = %v, %v; netip.ParseAddr = %v, %v", in, a, ok, na, nerr)
		}
	}
	t.Logf("%d IPv6 literal shapes checked against Appendix A, %d of them valid", len(shapes), accepted)
	if len(shapes) < 2000 || accepted < 200 {
		t.Fatalf("the shape space is too small: %d strings, %d valid", len(shapes), accepted)
	}
}

// TestIPv6Rows are the rows of issue #10 and their neighbours, each at the
// boundary of the "::" rule.
func TestIPv6Rows(t *testing.T) {
	for _, tt := range []struct {
		in string
		ok bool
	}{
		{"http://[0:0:0:0:0:0:0::1]/", false},
		{"//[1:2:3:4:5:6:7::8]", false},
		{"//[1:2:3:4:5:6:7::]", true},
		{"//[::1:2:3:4:5:6:7]", true},
		{"//[1::2:3:4:5:6:7]", true},
		{"//[1:2:3:4:5:6::7]", true},
		{"//[1:2:3:4:5:6::1.2.3.4]", false},
		{"//[1:2:3:4:5::1.2.3.4]", true},
		{"//[::1:2:3:4:5:6:7:8]", false},
		{"//[1:2:3:4:5:6:7:8::]", false},
	} {
		_, err := Parse(tt.in)
		if (err == nil) != tt.ok {
			t.Errorf("Parse(%q) = %v, want ok=%v", tt.in, err, tt.ok)
		}
		if rfcReference.MatchString(tt.in) != tt.ok {
			t.Errorf("oracle disagrees with the table on %q", tt.in)
		}
	}
}

// digitStrings returns every string of 0 to n bytes over alphabet.
func digitStrings(alphabet string, n int) []string {
	out := []string{""}
	level := []string{""}
	for k := 0; k < n; k++ {
		var next []string
		for _, p := range level {
			for i := 0; i < len(alphabet); i++ {
				next = append(next, p+alphabet[i:i+1])
			}
		}
		out = append(out, next...)
		level = next
	}
	return out
}

var ipv4Oracle = regexp.MustCompile(`^` + func() string {
	const decOctet = `(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])`
	return decOctet + `\.` + decOctet + `\.` + decOctet + `\.` + decOctet
}() + `$`)

// TestDecOctetEveryShape puts every string of 0 to 4 digits in each octet
// of an IPv4 host and of an IPv6 tail: HostKind is IPv4 exactly when
// IPv4address matches, LiteralAddr agrees with net/netip, and the IPv6 tail
// parses exactly when Appendix A says so.
func TestDecOctetEveryShape(t *testing.T) {
	octets := digitStrings("0123456789", 4)
	n := 0
	for pos := 0; pos < 4; pos++ {
		for _, o := range octets {
			parts := []string{"1", "22", "199", "250"}
			parts[pos] = o
			host := strings.Join(parts, ".")
			n++
			u, err := Parse("//" + host)
			if err != nil {
				t.Fatalf("Parse(%q): %v (every such host is a reg-name at least)", host, err)
			}
			want := ipv4Oracle.MatchString(host)
			if got := u.HostKind() == IPv4; got != want {
				t.Errorf("Parse(%q).HostKind() = %v, IPv4address matches: %v", host, u.HostKind(), want)
			}
			if want {
				a, ok := u.LiteralAddr()
				na, nerr := netip.ParseAddr(host)
				if !ok || nerr != nil || a != na {
					t.Errorf("Parse(%q).LiteralAddr() = %v, %v; netip: %v, %v", host, a, ok, na, nerr)
				}
			}
			in := "//[::" + host + "]"
			n++
			_, err = Parse(in)
			if (err == nil) != rfcReference.MatchString(in) {
				t.Errorf("Parse(%q) = %v, Appendix A says %v", in, err, rfcReference.MatchString(in))
			}
		}
	}
	t.Logf("%d dec-octet shapes checked", n)
}

// TestH16EveryShape checks 0 to 5 characters over hex digits and their
// neighbours in one piece of an IPv6 address.
func TestH16EveryShape(t *testing.T) {
	n := 0
	for _, h := range digitStrings("0aFg:", 5) {
		for _, in := range []string{"//[" + h + "::]", "//[::" + h + "]", "//[1:" + h + ":3:4:5:6:7:8]"} {
			n++
			_, err := Parse(in)
			if (err == nil) != rfcReference.MatchString(in) {
				t.Errorf("Parse(%q) = %v, Appendix A says %v", in, err, rfcReference.MatchString(in))
			}
		}
	}
	t.Logf("%d h16 shapes checked", n)
}

// TestPortEveryShape checks ports of 0 to 6 characters over digits and
// their neighbours: Parse follows port = *DIGIT, and PortNumber is the
// decimal value when it fits 16 bits.
func TestPortEveryShape(t *testing.T) {
	n := 0
	for _, p := range digitStrings("069a:%", 6) {
		in := "//h:" + p + "/x"
		n++
		u, err := Parse(in)
		want := rfcReference.MatchString(in)
		if (err == nil) != want {
			t.Errorf("Parse(%q) = %v, Appendix A says %v", in, err, want)
			continue
		}
		if !want {
			continue
		}
		if !u.HasPort || u.Port != p {
			t.Errorf("Parse(%q): port %q (%v), want %q", in, u.Port, u.HasPort, p)
		}
		v, ok := u.PortNumber()
		wv, werr := strconv.ParseUint(p, 10, 16)
		if ok != (werr == nil) || (ok && uint64(v) != wv) {
			t.Errorf("Parse(%q).PortNumber() = %d, %v; strconv: %d, %v", in, v, ok, wv, werr)
		}
	}
	t.Logf("%d port shapes checked", n)
}

// TestZoneQuoted checks that the rejection of a zone identifier quotes the
// zone the input had.
func TestZoneQuoted(t *testing.T) {
	for _, tt := range []struct{ in, zone string }{
		{"http://[fe80::1%25eth0]/", `"%25eth0"`},
		{"http://[fe80::1%eth0]/", `"%eth0"`},
		{"//[::1%25" + strings.Repeat("z", 40) + "]", `"%25` + strings.Repeat("z", 29) + `..."`},
		{"//[::1%", `"%"`},
		{"http://[::1%x:S3CRET@h/", `"%x"`},
		{"//[::1%25u:S3CRET@h]/", `"%25u"`},
	} {
		_, err := Parse(tt.in)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrHost) || !strings.Contains(e.Expected, "(here "+tt.zone+")") {
			t.Errorf("Parse(%q) = %v; want the zone %s quoted", tt.in, err, tt.zone)
		}
	}
}
