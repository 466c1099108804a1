package uri

import (
	"errors"
	"testing"
)

// TestParseIRIHostIDNA: ParseIRI reads a host that an IRI writes in
// Unicode, for a scheme whose hosts are DNS names, as a browser does: one
// that "domain to ASCII" rejects is an error wrapping ErrIRI and ErrIDNA
// at the code point at fault; others keep RFC 3987's percent-encoded
// mapping; and Finder's IRI option finds exactly the IRIs ParseIRI
// accepts.
func TestParseIRIHostIDNA(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // the URI, or "" for an error
		at   int
	}{
		{"http://例え.jp/", "http://%E4%BE%8B%E3%81%88.jp/", 0},
		{"https://Bücher.de/a", "https://B%C3%BCcher.de/a", 0},
		{"http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/", "http://%E2%93%9B%E2%93%9E%E2%93%92%E2%93%90%E2%93%9B%E2%93%97%E2%93%9E%E2%93%A2%E2%93%A3/", 0},
		{"http://a⿰b.com/", "", 8},                                // U+2FF0 is disallowed (UTS #46, V7)
		{"https://u@a.אb/", "", 14},                               // bidi rule B2: 'b' in a right-to-left label
		{"ws://ab-.例/", "ws://ab-.%E4%BE%8B/", 0},                 // CheckHyphens is off in "domain to ASCII"
		{"http://x.xn--a.例え/", "", 9},                             // an A-label that is not valid Punycode beside Unicode
		{"foo://a⿰b/", "foo://a%E2%BF%B0b/", 0},                   // not a DNS name: not checked
		{"http://a%E2%BF%B0b.com/", "http://a%E2%BF%B0b.com/", 0}, // URI text: not checked
	} {
		u, err := ParseIRI(tt.in)
		switch {
		case tt.want != "" && (err != nil || u.String() != tt.want):
			t.Errorf("ParseIRI(%q) = %q, %v; want %q", tt.in, u, err, tt.want)
		case tt.want == "":
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrIRI) || !errors.Is(err, ErrIDNA) || e.Offset != tt.at || e.Input != tt.in {
				t.Errorf("ParseIRI(%q) = %q, %#v; want ErrIRI and ErrIDNA at %d", tt.in, u, err, tt.at)
			}
		}
		// Finder's IRI option reads the same way
		var found []string
		for m := range (Finder{IRI: true}).Find("see " + tt.in + " now") {
			found = append(found, m.URI.String())
		}
		if tt.want != "" && (len(found) != 1 || found[0] != tt.want) || tt.want == "" && len(found) != 0 {
			t.Errorf("Finder{IRI: true} in %q finds %q; ParseIRI gives %q, %v", tt.in, found, u, err)
		}
	}
}

// TestIntegrateHostileMemory is TestHostileMemory, by its rules, for the
// entry points that meet internationalized hosts (issue #22) on hosts of
// their own: a host of many percent-encoded U-labels, one of many
// A-labels (which IRI decodes), and one of many raw U-labels (which
// ParseWeb and ParseIRI read), at 1 MB with -hostile.long.
func TestIntegrateHostileMemory(t *testing.T) {
	entries, shapes := hostileEntries, hostileShapes
	defer func() { hostileEntries, hostileShapes = entries, shapes }()
	hostileEntries = []hostileEntry{
		{"Vet", func(u URI, s string) { sinkFindings = u.Vet() }},
		{"Addrs", func(u URI, s string) { sinkBool = u.Addrs() != nil }},
		{"Normalize", func(u URI, s string) { sinkURI = u.Normalize(SchemeBased) }},
		{"Hostname", func(u URI, s string) { sinkString, sinkErr = u.Hostname() }},
		{"IRI", func(u URI, s string) { sinkString = u.IRI() }},
		{"ParseWeb", func(u URI, s string) { sinkURI, sinkErr = ParseWeb(s) }},
		{"ParseIRI", func(u URI, s string) { sinkURI, sinkErr = ParseIRI(s) }},
	}
	hostileShapes = []hostileShape{
		{"idn-encoded-labels", func(n int) URI { return httpURI(rep("b%C3%BC.", n)+"de", "/") }},
		{"idn-a-labels", func(n int) URI { return httpURI(rep("xn--bcher-kva.", n)+"de", "/") }},
		{"idn-raw-labels", func(n int) URI { return httpURI(rep("bü.", n)+"de", "/") }},
	}
	saved := map[string]int{}
	for _, e := range hostileEntries {
		saved[e.name] = hostileBytesPerByte[e.name]
		// DomainToASCII's bound (and DomainToUnicode's, for Vet and
		// IRI) on top of the entry point's own, at least 8: ParseIRI
		// writes each non-ASCII byte as a triplet and parses a copy
		hostileBytesPerByte[e.name] = max(hostileBytesPerByte[e.name], 8) + idnaBytesPerByte
	}
	defer func() {
		for k, v := range saved {
			if v == 0 {
				delete(hostileBytesPerByte, k)
			} else {
				hostileBytesPerByte[k] = v
			}
		}
	}()
	TestHostileMemory(t)
}
