package bench

import (
	"errors"
	"net/http/cookiejar"
	"os"
	"strings"
	"testing"

	"github.com/seed0915fd1c/uri"
	"golang.org/x/net/publicsuffix"
)

// pslTests reads the 78 cases of the Public Suffix List's tests/tests.txt
// (../../shared/data/psl/tests.txt): input and registrable domain, "" for
// null.
func pslTests(t *testing.T) [][2]string {
	data, err := os.ReadFile("../../shared/data/psl/tests.txt")
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("../../shared/data/psl/tests.txt is absent: get tests/tests.txt of github.com/publicsuffix/list")
	}
	if err != nil {
		t.Fatal(err)
	}
	var cases [][2]string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		in, want, _ := strings.Cut(line, " ")
		if in == "null" {
			in = ""
		}
		if want == "null" {
			want = ""
		} else if a, err := uri.DomainToASCII(want); err == nil {
			want = a
		}
		cases = append(cases, [2]string{in, want})
	}
	if len(cases) != 78 {
		t.Fatalf("tests.txt has %d cases, want 78", len(cases))
	}
	return cases
}

// TestPublicSuffixListXNet runs the list's own tests through
// uri.RegistrableDomain over golang.org/x/net/publicsuffix.List, which is
// a uri.SuffixList as it is (its embedded copy of the list, not
// ../shared/data's), and compares with x/net's own EffectiveTLDPlusOne on
// the raw input and on the input put through uri.DomainToASCII.
func TestPublicSuffixListXNet(t *testing.T) {
	var list uri.SuffixList = publicsuffix.List
	ours, raw, ascii := 0, 0, 0
	for _, c := range pslTests(t) {
		in, want := c[0], c[1]
		got, err := uri.RegistrableDomain(in, list)
		if (err == nil) != (want != "") || got != want {
			t.Errorf("RegistrableDomain(%q, publicsuffix.List) = %q, %v; want %q", in, got, err, want)
		} else {
			ours++
		}
		if got, err := publicsuffix.EffectiveTLDPlusOne(in); got == want && (err == nil) == (want != "") {
			raw++
		}
		a, aerr := uri.DomainToASCII(in)
		if aerr != nil {
			a = in
		}
		if got, err := publicsuffix.EffectiveTLDPlusOne(a); got == want && (err == nil) == (want != "") {
			ascii++
		}
	}
	t.Logf("tests.txt: uri.RegistrableDomain over publicsuffix.List %d/78; publicsuffix.EffectiveTLDPlusOne %d/78 on raw input, %d/78 after uri.DomainToASCII", ours, raw, ascii)
}

// TestSuffixesCookieJar checks that a list read by uri.ParseSuffixList is
// a net/http/cookiejar.PublicSuffixList.
func TestSuffixesCookieJar(t *testing.T) {
	list, err := uri.ParseSuffixList(strings.NewReader("com\nco.uk\n"))
	if err != nil {
		t.Fatal(err)
	}
	var _ cookiejar.PublicSuffixList = list
	if _, err := cookiejar.New(&cookiejar.Options{PublicSuffixList: list}); err != nil {
		t.Fatal(err)
	}
}
