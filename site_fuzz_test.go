package uri

import (
	"bufio"
	"os"
	"strings"
	"sync"
	"testing"
)

var (
	refRulesOnce sync.Once
	refRules     map[string]byte // rule text -> ' ' plain, '*' wildcard "*.x" (keyed "x"), '!' exception
)

// referenceRules reads ../shared/data/psl/public_suffix_list.dat into a
// map, plainly: each line's first word that is not a comment, its
// Unicode labels put through DomainToASCII.
func referenceRules(t testing.TB) map[string]byte {
	testSuffixes(t) // skips when the list is absent
	refRulesOnce.Do(func() {
		f, err := os.Open("../shared/data/psl/public_suffix_list.dat")
		if err != nil {
			return
		}
		defer f.Close()
		refRules = map[string]byte{}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) == 0 || strings.HasPrefix(fields[0], "//") {
				continue
			}
			r, kind := fields[0], byte(' ')
			switch {
			case strings.HasPrefix(r, "!"):
				r, kind = r[1:], '!'
			case strings.HasPrefix(r, "*."):
				r, kind = r[2:], '*'
			}
			if a, err := DomainToASCII(r); err == nil {
				r = a
			}
			if kind == ' ' && refRules[r] != 0 {
				continue // "*.x" and "x" both: keep the wildcard, x is a suffix too
			}
			if kind == '*' && refRules[r] == ' ' {
				refRules[r] = 'W' // both "x" and "*.x"
				continue
			}
			refRules[r] = kind
		}
	})
	return refRules
}

// referencePublicSuffix is the Public Suffix List's algorithm written
// plainly (publicsuffix.org/list, "Algorithm"): the labels, the longest
// matching rule, exceptions first, "*" by default.
func referencePublicSuffix(rules map[string]byte, domain string) string {
	labels := strings.Split(domain, ".")
	best := 1 // the default rule "*"
	for i := range labels {
		s := strings.Join(labels[i:], ".")
		n := len(labels) - i
		switch rules[s] {
		case '!':
			return strings.Join(labels[i+1:], ".")
		case ' ':
			best = max(best, n)
		case 'W': // both "s" and "*.s"
			best = max(best, n)
			if i > 0 {
				best = max(best, n+1)
			}
		case '*': // "*.s" only: s itself is no suffix
			if i > 0 {
				best = max(best, n+1)
			}
		}
	}
	if best > len(labels) {
		best = len(labels)
	}
	return strings.Join(labels[len(labels)-best:], ".")
}

// FuzzRegistrableDomain checks RegistrableDomain against the reference
// algorithm on the host the URL parser reads, and Site and SameSite
// against it: a host and a name below it are same site exactly when both
// have the host's registrable domain.
func FuzzRegistrableDomain(f *testing.F) {
	rules := referenceRules(f)
	for _, s := range []string{"www.example.co.uk", "WwW.Example.COM", "a.b.kobe.jp", "city.kobe.jp", "bücher.example", "github.io", "x.s3.amazonaws.com", "127.0.0.1", "a..b.com", "example.com.", "%41.com"} {
		f.Add(s)
	}
	list := testSuffixes(f)
	f.Fuzz(func(t *testing.T, host string) {
		got, err := RegistrableDomain(host, list)
		d, perr := webHost(host, host, len(host), false, nil)
		if perr != nil {
			if err == nil {
				t.Fatalf("RegistrableDomain(%q) = %q, the host parser fails: %v", host, got, perr)
			}
			return
		}
		name := strings.TrimSuffix(d, ".")
		want, ok := "", false
		if name != "" && d[0] != '[' && !endsInNumber(d) && !strings.Contains(name, "..") && name[0] != '.' && name[len(name)-1] != '.' {
			ps := referencePublicSuffix(rules, name)
			if ps != name {
				labels := strings.Split(strings.TrimSuffix(name, ps), ".")
				want, ok = labels[len(labels)-2]+"."+ps, true
				if strings.HasSuffix(d, ".") {
					want += "."
				}
			}
		}
		if (err == nil) != ok || got != want {
			t.Fatalf("RegistrableDomain(%q) = %q, %v; the reference says %q, %v", host, got, err, want, ok)
		}
		if ok {
			if again, err := RegistrableDomain(got, list); err != nil || again != got {
				t.Fatalf("RegistrableDomain(%q) = %q, %v", got, again, err)
			}
		}
		a, err := ParseWeb("https://" + d + "/")
		if err != nil || strings.ContainsAny(d, "[:") {
			return
		}
		b, err := ParseWeb("https://x." + d + "/")
		if err != nil {
			return
		}
		same := (WebParser{}).SameSite(a, b, list)
		sa, _ := WebParser{}.Site(a, list)
		sb, _ := WebParser{}.Site(b, list)
		rb, errb := RegistrableDomain("x."+d, list)
		if same != (sa == sb) || same && !ok || ok && errb == nil && rb == got && !same {
			t.Fatalf("%q: SameSite with x. = %v, sites %q %q, registrable %v", d, same, sa, sb, ok)
		}
	})
}
