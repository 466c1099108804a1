package uri

import (
	"bufio"
	"net/netip"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

type addrsRow struct {
	line int
	in   string
	want []netip.Addr
}

func readAddrsCases(t testing.TB) []addrsRow {
	t.Helper()
	f, err := os.Open("testdata/addrs.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []addrsRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		in, rest, err := unquotePrefix(line)
		if err != nil {
			t.Fatalf("testdata/addrs.txt:%d: %v", n, err)
		}
		r := addrsRow{line: n, in: in}
		for _, f := range strings.Fields(rest) {
			if f == "none" {
				continue
			}
			a, err := netip.ParseAddr(f)
			if err != nil {
				t.Fatalf("testdata/addrs.txt:%d: %v", n, err)
			}
			r.want = append(r.want, a)
		}
		rows = append(rows, r)
	}
	return rows
}

func TestAddrs(t *testing.T) {
	rows := readAddrsCases(t)
	with, without := 0, 0
	for _, r := range rows {
		u, err := Parse(r.in)
		if err != nil {
			t.Errorf("line %d: Parse(%q): %v", r.line, r.in, err)
			continue
		}
		got := u.Addrs()
		if !slices.Equal(got, r.want) {
			t.Errorf("line %d: Addrs(%q) = %v, want %v", r.line, r.in, got, r.want)
		}
		if len(r.want) == 0 {
			without++
			if got != nil {
				t.Errorf("line %d: Addrs(%q) = %#v, want nil", r.line, r.in, got)
			}
		} else {
			with++
		}
		// The RFC 3986 reading comes first.
		if a, ok := u.LiteralAddr(); ok && (len(got) == 0 || got[0] != a) {
			t.Errorf("line %d: Addrs(%q) = %v does not start with LiteralAddr() = %v", r.line, r.in, got, a)
		}
		// Vet reports every address Addrs reads from a reg-name or an
		// IPv6 embedding.
		for _, f := range u.Vet() {
			if (f.Kind == NonstandardIPv4 || f.Kind == IPv4InIPv6) && !slices.Contains(got, f.Addr) {
				t.Errorf("line %d: Vet finds %v, which Addrs(%q) = %v lacks", r.line, f, r.in, got)
			}
		}
	}
	t.Logf("%d hosts with addresses, %d without", with, without)
	if with < 60 || without < 30 {
		t.Errorf("want at least 60 hosts with addresses and 30 without, have %d and %d", with, without)
	}
}

// TestAddrsReaders checks the rows against the readers themselves, by
// their answers recorded in testdata/: glibc's inet_aton, through Python's
// socket.inet_aton (testdata/addrs_inet_aton.py), and the URL Standard,
// through Node's URL (testdata/addrs_node.js). Every address a reader
// finds in a reg-name or IPv4 host of testdata/addrs.txt must be in Addrs.
// The recordings hold exactly those hosts: a host of addrs.txt that one
// lacks, or one it holds that addrs.txt no longer has, is an error asking
// for the script to be re-run.
func TestAddrsReaders(t *testing.T) {
	rows := readAddrsCases(t)
	checked := 0
	for _, rd := range []struct{ name, file, script string }{
		{"glibc inet_aton", "testdata/addrs_inet_aton.txt", "python3 testdata/addrs_inet_aton.py > testdata/addrs_inet_aton.txt"},
		{"Node URL", "testdata/addrs_node.txt", "node testdata/addrs_node.js > testdata/addrs_node.txt"},
	} {
		recs, lines := readRecorded(t, rd.file)
		answers := map[string]string{} // host: address, hostname or "failure"
		line := map[string]int{}
		for i, r := range recs {
			if len(r) != 2 || line[r[0]] != 0 {
				t.Fatalf("%s:%d: want a new host and one answer, have %q", rd.file, lines[i], r)
			}
			a := r[1] // inet_aton's addresses are bare, Node's hostnames quoted
			if strings.HasPrefix(a, `"`) {
				var err error
				if a, err = strconv.Unquote(a); err != nil {
					t.Fatalf("%s:%d: %v", rd.file, lines[i], err)
				}
			}
			answers[r[0]], line[r[0]] = a, lines[i]
		}
		used := map[string]bool{}
		for _, r := range rows {
			u := MustParse(r.in)
			if u.HostKind() != RegName && u.HostKind() != IPv4 {
				continue
			}
			s, ok := answers[u.Host]
			if !ok {
				t.Errorf("testdata/addrs.txt:%d: the host %q is not in %s: re-record it with\n\t%s", r.line, u.Host, rd.file, rd.script)
				continue
			}
			used[u.Host] = true
			a, err := netip.ParseAddr(strings.Trim(s, "[]"))
			if err != nil {
				continue // a name, or rejected
			}
			checked++
			if addrs := u.Addrs(); !slices.Contains(addrs, a) {
				t.Errorf("testdata/addrs.txt:%d: %s reads %q as %v; Addrs = %v", r.line, rd.name, u.Host, a, addrs)
			}
		}
		for h, n := range line {
			if !used[h] {
				t.Errorf("%s:%d: %q is no reg-name or IPv4 host of testdata/addrs.txt: re-record it with\n\t%s", rd.file, n, h, rd.script)
			}
		}
	}
	t.Logf("%d addresses read by the external readers (recorded), checked against Addrs", checked)
	if checked < 77 {
		t.Errorf("only %d addresses read by the external readers; the recordings had 77", checked)
	}
}

// FuzzAddrs checks Addrs and Vet on any URI that Parse accepts: Addrs
// never panics, is deterministic and free of repeats, starts with LiteralAddr
// when there is one, holds every address Vet reports and the readings
// of inet_aton and of curl 7.88.1 (the transcriptions curl7881 and
// curlLocalhost) of the host, and has no address for a reg-name without a
// digit or a '%' (only numbers and decoding make addresses) but a
// localhost name, or for a URI without a host unless
// a browser reads one in its path. Against the browser's reading, by the
// web parser: when ParseWeb reads an IP address as the host, Addrs holds
// it; and Vet reports WebAuthority exactly for a URI with a special
// scheme other than file and no host that the browser reads with one,
// naming that host (the zero WebParser reads no host that needs IDNA,
// where the finding is then not compared).
func FuzzAddrs(f *testing.F) {
	for _, r := range readAddrsCases(f) {
		f.Add(r.in)
	}
	for _, r := range readSecurityCases(f) {
		f.Add(r.input)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		got := u.Addrs()
		if again := u.Addrs(); !slices.Equal(got, again) {
			t.Fatalf("Addrs(%q) is not deterministic: %v, %v", s, got, again)
		}
		for i, a := range got {
			if !a.IsValid() || a.Zone() != "" || slices.Contains(got[:i], a) {
				t.Fatalf("Addrs(%q) = %v: invalid, zoned or repeated address", s, got)
			}
		}
		if a, ok := u.LiteralAddr(); ok && (len(got) == 0 || got[0] != a) {
			t.Fatalf("Addrs(%q) = %v does not start with LiteralAddr() = %v", s, got, a)
		}
		// the host a browser reads: "domain to ASCII" of the decoded
		// reg-name, then the IPv4 parser (URL Standard, "host parsing")
		if d, err := Decode(u.Host); err == nil && u.HostKind() == RegName && utf8.ValidString(d) {
			if a, err := DomainToASCII(d); err == nil && endsInNumber(a) {
				if v4, ok := whatwgIPv4(a); ok && !slices.Contains(got, v4) {
					t.Fatalf("Addrs(%q) = %v lacks %v, the address of the mapped host %q", s, got, v4, a)
				}
			}
		}
		_, _, webHost := webPathAuthority(u)
		_, local := localhostName(u.Host) // localhost and *.localhost names reach loopback, whatever a reader's charset
		if u.HostKind() == RegName && !strings.ContainsAny(u.Host, "0123456789%") && got != nil && !webHost && !curlLocalhost(u.Authority()) && !local {
			t.Fatalf("Addrs(%q) = %v for a host without digits or '%%'", s, got)
		}
		if k := u.HostKind(); (k == NoHost || k == IPvFuture || u.Host == "") && got != nil && !webHost {
			t.Fatalf("Addrs(%q) = %v for a %v host", s, got, k)
		}
		fs := u.Vet()
		var wa *Finding
		for i, f := range fs {
			if f.Addr.IsValid() && !slices.Contains(got, f.Addr) {
				t.Fatalf("Vet(%q) finds %v, which Addrs = %v lacks", s, f, got)
			}
			if f.Kind == WebAuthority {
				wa = &fs[i]
			}
		}
		if u.HostKind() == RegName {
			if a, ok := inetAton(u.Host); ok && !slices.Contains(got, a) {
				t.Fatalf("Addrs(%q) = %v lacks inet_aton's %v", s, got, a)
			}
		}
		if u.HasAuthority {
			if a, ok := curl7881(u.Authority()); ok && !slices.Contains(got, a.WithZone("")) {
				t.Fatalf("Addrs(%q) = %v lacks curl's %v", s, got, a)
			}
			if curlLocalhost(u.Authority()) && (!slices.Contains(got, localhostAddrs[0]) || !slices.Contains(got, localhostAddrs[1])) {
				t.Fatalf("Addrs(%q) = %v lacks curl's localhost addresses", s, got)
			}
		}
		// The browser's reading.
		w, werr := ParseWeb(s)
		if werr == nil {
			if a, ok := webHostAddr(w.Host); ok && !slices.Contains(got, a) {
				t.Fatalf("Addrs(%q) = %v lacks the browser's %v", s, got, a)
			}
		}
		noHost := !u.HasAuthority || u.Host == ""
		browserHost := werr == nil && w.Host != "" && webSpecialAuthority(u.Scheme)
		switch {
		case wa != nil && (!noHost || !webSpecialAuthority(u.Scheme)):
			t.Fatalf("Vet(%q) = %v: WebAuthority for a URI with a host or without a special scheme", s, fs)
		case noHost && browserHost && wa == nil:
			t.Fatalf("Vet(%q) = %v; the browser reads the host %q", s, fs, w.Host)
		case wa != nil && werr == nil && !browserHost:
			t.Fatalf("Vet(%q) = %v; the browser reads no host: %v", s, fs, w)
		case wa != nil && browserHost:
			// ParseWeb writes the host as RFC 3986 allows it, encoded
			h, _ := Decode(w.Host)
			if !strings.Contains(wa.Message, "the host "+excerpt(h)) {
				t.Fatalf("Vet(%q): %v; the browser reads the host %q", s, wa, h)
			}
		}
	})
}
