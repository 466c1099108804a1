package bench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed0915fd1c/uri"
	"golang.org/x/net/idna"
)

// idnaErr keeps the benchmarks' errors.
var idnaErr error

// idnaInputs returns the inputs of web-platform-tests' IdnaTestV2.json
// that are not ASCII and on which uri.DomainToASCII and x/net/idna's
// Lookup profile give the same answer: the same ASCII name, or both an
// error (x/net/idna has Unicode 15.0 tables, and a few of its answers
// differ from the Standard's: those are left out). ok selects the first
// kind only.
func idnaInputs(tb testing.TB, ok bool) []string {
	path := filepath.Join("..", "..", "shared", "data", "wpt-url", "IdnaTestV2.json")
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Skipf("web-platform-tests' IdnaTestV2.json is not at %s: %v", path, err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		tb.Fatal(err)
	}
	var ins []string
	for _, r := range raw {
		var c struct{ Input string }
		if json.Unmarshal(r, &c) != nil || c.Input == "" {
			continue
		}
		if isASCIIString(c.Input) {
			continue
		}
		a, errA := uri.DomainToASCII(c.Input)
		b, errB := idna.Lookup.ToASCII(c.Input)
		if errA == nil && errB == nil && a == b || !ok && errA != nil && errB != nil {
			ins = append(ins, c.Input)
		}
	}
	return ins
}

// BenchmarkDomainToASCII compares uri.DomainToASCII with x/net/idna's
// Lookup.ToASCII on the same inputs, in the same run, each pass in a new
// order: the non-ASCII inputs of IdnaTestV2.json on which they agree
// (valid: both give the same name; all: also those both reject), test
// cases chosen to reach every rule of UTS #46; the non-ASCII rules of the
// Public Suffix List (psl: names in use, "公司.cn", "я.рус", "الجزائر"); and
// the distinct hosts of corpus-large.txt that are ASCII lowercase names
// (ascii), which DomainToASCII returns without allocating. Compare the two
// sides with benchstat -col /impl.
func BenchmarkDomainToASCII(b *testing.B) {
	for _, set := range []struct {
		name string
		ins  []string
	}{
		{"valid", idnaInputs(b, true)},
		{"all", idnaInputs(b, false)},
		{"psl", pslIDNs(b)},
		{"ascii", asciiHosts(b)},
	} {
		b.Run("set="+set.name+"/impl=uri", func(b *testing.B) {
			runTraffic(b, set.ins, true, 0, "name", func(s string) { sink, idnaErr = uri.DomainToASCII(s) })
		})
		b.Run("set="+set.name+"/impl=xnet", func(b *testing.B) {
			runTraffic(b, set.ins, true, 0, "name", func(s string) { sink, idnaErr = idna.Lookup.ToASCII(s) })
		})
	}
}

// pslIDNs returns the rules of the Public Suffix List
// (../../shared/data/psl/public_suffix_list.dat) that are not ASCII, less
// "*." and "!", on which both packages give the same name.
func pslIDNs(tb testing.TB) []string {
	data, err := os.ReadFile("../../shared/data/psl/public_suffix_list.dat")
	if err != nil {
		tb.Skip("../../shared/data/psl/public_suffix_list.dat is absent: get public_suffix_list.dat of github.com/publicsuffix/list")
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(line), "*."), "!")
		if line == "" || strings.HasPrefix(line, "//") || isASCIIString(line) {
			continue
		}
		a, errA := uri.DomainToASCII(line)
		x, errX := idna.Lookup.ToASCII(line)
		if errA == nil && errX == nil && a == x {
			out = append(out, line)
		}
	}
	return out
}

// isASCIIString reports whether s is all ASCII.
func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// asciiHosts returns the distinct registered names of corpus-large.txt
// that are already ASCII lowercase ("www.example.com"), and that both
// packages accept unchanged.
func asciiHosts(tb testing.TB) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range corpusLarge(tb) {
		u := uri.MustParse(s)
		h := u.Host
		if h == "" || seen[h] || h[0] == '[' || strings.ToLower(h) != h || strings.Contains(h, "%") {
			continue
		}
		seen[h] = true
		a, errA := uri.DomainToASCII(h)
		x, errX := idna.Lookup.ToASCII(h)
		if errA == nil && errX == nil && a == h && x == h {
			out = append(out, h)
		}
	}
	return out
}

// BenchmarkDomainToUnicode compares uri.DomainToUnicode with x/net/idna's
// Lookup.ToUnicode on the A-labels of the valid inputs.
func BenchmarkDomainToUnicode(b *testing.B) {
	var ins []string
	for _, s := range idnaInputs(b, true) {
		a, _ := uri.DomainToASCII(s)
		ins = append(ins, a)
	}
	b.Run("impl=uri", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range ins {
				sink, idnaErr = uri.DomainToUnicode(s)
			}
		}
	})
	b.Run("impl=xnet", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range ins {
				sink, idnaErr = idna.Lookup.ToUnicode(s)
			}
		}
	})
}

// TestDomainToASCIIAllocs pins the allocations: none for an ASCII domain
// already lowercase, one (the result) for an ordinary one that is not.
func TestDomainToASCIIAllocs(t *testing.T) {
	for _, tt := range []struct {
		in     string
		allocs float64
	}{
		{"www.example.com", 0},
		{"xn--mnchen-3ya.de", 0},
		{"WWW.Example.COM", 1},
		{"münchen.de", 1},
		{"例え.テスト", 1},
	} {
		if got := testing.AllocsPerRun(100, func() { sink, idnaErr = uri.DomainToASCII(tt.in) }); got != tt.allocs {
			t.Errorf("DomainToASCII(%q): %v allocations, want %v", tt.in, got, tt.allocs)
		}
	}
}
