package uri

import (
	"net/url"
	"strings"
	"testing"
)

// TestNetURLDifferences backs the comparison table in README.md: each case
// pins what this package does and what net/url does with the same input,
// so that a change on either side shows up here before the README is
// wrong.
func TestNetURLDifferences(t *testing.T) {
	// url.Parse took any text in brackets before the fix for
	// CVE-2025-47912 (see netURLChecksBrackets).
	bracketed := "error"
	if !netURLChecksBrackets() {
		bracketed = "http://[::1::2]/"
	}
	tests := []struct {
		in string
		// ours: "" when Parse must reject in, else what String must give.
		ours string
		// theirs: "error" when url.Parse must reject in, else what
		// (*url.URL).String must give.
		theirs string
	}{
		{"http://a/b#", "http://a/b#", "http://a/b"},                                      // empty fragment dropped
		{"http://a?", "http://a?", "http://a?"},                                           // kept, via ForceQuery
		{"http://a/b c", "", "http://a/b%20c"},                                            // space accepted, rewritten
		{"http://a/{x}", "", "http://a/%7Bx%7D"},                                          // braces accepted, rewritten
		{"http://[fe80::1%25en0]/", "", "http://[fe80::1%25en0]/"},                        // zone identifier
		{"HTTP://A/", "HTTP://A/", "http://A/"},                                           // scheme case changed
		{"http://a/x%2Fy", "http://a/x%2Fy", "http://a/x%2Fy"},                            // same text, but see Path below
		{"http://u:secret@h:8a/", "", "error"},                                            // see the messages below
		{"http://a/%zz/", "", "error"},                                                    // both reject
		{"http://[::1::2]/", "", bracketed},                                               // both reject, since CVE-2025-47912
		{"1a:b", "", "error"},                                                             // both reject
		{"http://256.256.256.256/", "http://256.256.256.256/", "http://256.256.256.256/"}, // a reg-name for both
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		switch {
		case tt.ours == "" && err == nil:
			t.Errorf("Parse(%q) accepted it", tt.in)
		case tt.ours != "" && (err != nil || u.String() != tt.ours):
			t.Errorf("Parse(%q) = %q, %v; want %q", tt.in, u.String(), err, tt.ours)
		}
		nu, nerr := url.Parse(tt.in)
		switch {
		case tt.theirs == "error" && nerr == nil:
			t.Errorf("url.Parse(%q) accepted it; README.md says it rejects it", tt.in)
		case tt.theirs != "error" && (nerr != nil || nu.String() != tt.theirs):
			t.Errorf("url.Parse(%q).String() = %q, %v; README.md says %q", tt.in, nu.String(), nerr, tt.theirs)
		}
	}

	// %2F: raw here, decoded there.
	if got := MustParse("http://a/x%2Fy").Path; got != "/x%2Fy" {
		t.Errorf("Path = %q", got)
	}
	if nu, _ := url.Parse("http://a/x%2Fy"); nu.Path != "/x/y" || nu.RawPath != "/x%2Fy" {
		t.Errorf("net/url Path = %q, RawPath = %q; README.md says /x/y and /x%%2Fy", nu.Path, nu.RawPath)
	}

	// Passwords in error messages.
	const in = "http://u:secret@h:8a/"
	_, err := Parse(in)
	if err == nil || strings.Contains(err.Error(), "secret") || !strings.Contains(err.Error(), "http://u:xxxxx@h:8a/") {
		t.Errorf("Parse error = %v", err)
	}
	//lint:ignore SA1007 the point is what net/url says about this invalid URL
	if _, nerr := url.Parse(in); nerr == nil || !strings.Contains(nerr.Error(), "secret") {
		t.Errorf("net/url error = %v; README.md says it prints the password", nerr)
	}
}
