package uri

import (
	"strings"
	"testing"
)

// dotOracle is the dot-segment rule transcribed from the standards: a
// segment is "." or ".." (RFC 3986, Section 5.2.4), and under dotsURL
// also once each "%2e", in either case, is read as '.' (URL Standard,
// "single-dot URL path segment", "double-dot URL path segment").
func dotOracle(seg string, rule dotRule) int {
	if rule == dotsURL {
		seg = pct2e.Replace(seg)
	}
	switch seg {
	case ".":
		return 1
	case "..":
		return 2
	}
	return 0
}

var pct2e = strings.NewReplacer("%2e", ".", "%2E", ".")

// TestDotSegment checks dotSegment and hasDotSegment, under both rules,
// against the oracle over every string of up to 6 octets of ".%2eE/" (a
// dot segment has at most 6: "%2e%2e"; '2', 'e' and 'E' also stand for
// the octets of other segments), each also after a 17-octet segment,
// which takes hasDotSegment's path for long paths.
func TestDotSegment(t *testing.T) {
	t.Parallel()
	const alphabet = ".%2eE/"
	var s []byte
	var walk func()
	n := 0
	walk = func() {
		str := string(s)
		for _, rule := range []dotRule{dotsRFC, dotsURL} {
			if got, want := dotSegment(str, rule), dotOracle(str, rule); got != want {
				t.Fatalf("dotSegment(%q, %d) = %d, want %d", str, rule, got, want)
			}
			want := false
			for _, seg := range strings.Split(str, "/") {
				want = want || dotOracle(seg, rule) != 0
			}
			for _, p := range []string{str, "/aaaaaaaaaaaaaaaaa/" + str} {
				if got := hasDotSegment(p, rule); got != want {
					t.Fatalf("hasDotSegment(%q, %d) = %v, want %v", p, rule, got, want)
				}
			}
		}
		n++
		if len(s) == 6 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			s = append(s, alphabet[i])
			walk()
			s = s[:len(s)-1]
		}
	}
	walk()
	if n != 55987 {
		t.Fatalf("checked %d strings, want 55987", n)
	}
}
