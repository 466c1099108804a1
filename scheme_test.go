package uri

import "testing"

// lookupSchemeOracle is lookupScheme written the slow way: a scan of
// schemeTable comparing without regard to ASCII case.
func lookupSchemeOracle(s string) int {
	for i, r := range schemeTable {
		if equalFoldASCII(r.name, s) {
			return i
		}
	}
	return -1
}

// TestLookupScheme checks the hashed lookup against the scan over every
// string of up to two bytes, every name with one byte replaced by each of
// the 256 bytes, and every name with a byte added before or after it.
func TestLookupScheme(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if got, want := lookupScheme(s), lookupSchemeOracle(s); got != want {
			t.Fatalf("lookupScheme(%q) = %d, want %d", s, got, want)
		}
	}
	check("")
	for a := 0; a < 256; a++ {
		check(string([]byte{byte(a)}))
		for b := 0; b < 256; b++ {
			check(string([]byte{byte(a), byte(b)}))
		}
	}
	for _, r := range schemeTable {
		// The packed comparison holds for names of letters only: OR 0x20
		// maps no other byte onto a letter, but it maps 0x0B onto '+'.
		for i := 0; i < len(r.name); i++ {
			if c := r.name[i]; c < 'a' || c > 'z' {
				t.Fatalf("scheme %q: lookupScheme reads names of lowercase letters only", r.name)
			}
		}
		for i := 0; i < len(r.name); i++ {
			for c := 0; c < 256; c++ {
				b := []byte(r.name)
				b[i] = byte(c)
				check(string(b))
			}
		}
		for c := 0; c < 256; c++ {
			check(string([]byte{byte(c)}) + r.name)
			check(r.name + string([]byte{byte(c)}))
		}
		check(r.name + r.name)
	}
	if n := testing.AllocsPerRun(100, func() { lookupScheme("HTTPS") }); n != 0 {
		t.Errorf("lookupScheme allocates %v times", n)
	}
}

// TestSpecialSchemes checks the table against the URL Standard's list of
// special schemes and their default ports ("special scheme"), the schemes
// whose authority follows any slashes, and the Fetch Standard's schemes
// with blocked ports ("Port blocking"), transcribed here on their own.
func TestSpecialSchemes(t *testing.T) {
	special := map[string]string{"ftp": "21", "file": "", "http": "80", "https": "443", "ws": "80", "wss": "443"}
	fetch := map[string]uint16{"http": 80, "https": 443, "ws": 80, "wss": 443}
	names := []string{"", "h", "htt", "httpx", "xhttp", "coap", "gopher", "ldap", "telnet", "mailto", "blob", "data", "javascript"}
	for n := range special {
		names = append(names, n)
	}
	for _, n := range names {
		for _, s := range []string{n, upperSchemeName(n)} {
			port, ok := specialPort(s)
			wantPort, wantOK := special[n]
			if port != wantPort || ok != wantOK {
				t.Errorf("specialPort(%q) = %q, %v; want %q, %v", s, port, ok, wantPort, wantOK)
			}
			if got, want := webSpecialAuthority(s), wantOK && n != "file"; got != want {
				t.Errorf("webSpecialAuthority(%q) = %v, want %v", s, got, want)
			}
			p, ok := webPort(s)
			if wp, wok := fetch[n]; p != wp || ok != wok {
				t.Errorf("webPort(%q) = %d, %v; want %d, %v", s, p, ok, wp, wok)
			}
		}
	}
}

// upperSchemeName returns s with its ASCII letters uppercased.
func upperSchemeName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
