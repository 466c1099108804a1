package uri

import (
	"bufio"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"slices"
	"strings"
	"testing"
)

// readRecorded reads a file of testdata whose lines are a double-quoted
// input and the fields recorded for it; '#' starts a comment line.
func readRecorded(t testing.TB, name string) (rows [][]string, lines []int) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		in, rest, err := unquotePrefix(line)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		rows = append(rows, append([]string{in}, strings.Fields(rest)...))
		lines = append(lines, n)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows, lines
}

// rfcIPv6 reports whether s is exactly an IPv6address of RFC 3986,
// Section 3.2.2, as the package's parser reads it.
func rfcIPv6(s string) bool {
	t := s + "]"
	i, f := ipv6Address(t, 0)
	return f.err == nil && i == len(s)
}

// TestWebIPv6 holds issue #24, row 6: the web parser's IPv6 reader accepts
// exactly what the URL Standard's IPv6 parser accepts, checked against
// Node's answers for every shape class of testdata/web_ipv6.txt, and
// against RFC 3986's IPv6address, which accepts the same strings.
func TestWebIPv6(t *testing.T) {
	rows, lines := readRecorded(t, "testdata/web_ipv6.txt")
	ok, failed := 0, 0
	for k, r := range rows {
		s, want := r[0], r[1]
		b, good := webIPv6(nil, s)
		got := "failure"
		if good {
			got = "[" + string(b) + "]"
			ok++
		} else {
			failed++
		}
		if got != want {
			t.Errorf("web_ipv6.txt:%d: webIPv6(%q) = %s; Node reads %s", lines[k], s, got, want)
		}
		if rfcIPv6(s) != good {
			t.Errorf("web_ipv6.txt:%d: %q: RFC 3986 IPv6address %v, URL Standard %v", lines[k], s, rfcIPv6(s), good)
		}
	}
	t.Logf("%d shapes: %d addresses, %d failures", len(rows), ok, failed)
	if ok < 300 || failed < 3000 {
		t.Errorf("want at least 300 addresses and 3000 failures")
	}
	// Row 6: dotted IPv4 between brackets, which netip.ParseAddr accepts.
	for _, in := range []string{"http://[127.0.0.1]/", "sc://[1.2.3.4]/", "https://[0x7f.1]/", "http://[::1%25eth0]/"} {
		if u, err := ParseWeb(in); !errors.Is(err, ErrWeb) {
			t.Errorf("ParseWeb(%q) = %v, %v; want ErrWeb", in, u, err)
		}
	}
	// What netip.ParseAddr rejects and the Standard accepts.
	if u, err := ParseWeb("http://[1::2:3:4:5:6:7]/"); err != nil || u.Host != "[1:0:2:3:4:5:6:7]" {
		t.Errorf("ParseWeb(%q) = %v, %v", "http://[1::2:3:4:5:6:7]/", u, err)
	}
}

// FuzzWebIPv6 checks the URL Standard's IPv6 parser on any text: it
// accepts exactly RFC 3986's IPv6address; what it accepts is the address
// net/netip reads, whenever netip reads an IPv6 address without a zone;
// and its serialization reads back as the same address and serializes to
// itself.
func FuzzWebIPv6(f *testing.F) {
	for _, s := range []string{"::", "::1", "1::2:3:4:5:6:7", "::ffff:1.2.3.4", "127.0.0.1", "1:2:3:4:5:6:7:8", "::1%eth0", "1:2:3:4:5:6:1.2.3.04"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, ok := webIPv6(nil, s)
		if rfcIPv6(s) != ok {
			t.Fatalf("%q: RFC 3986 IPv6address %v, URL Standard %v", s, rfcIPv6(s), ok)
		}
		if a, err := netip.ParseAddr(s); err == nil && a.Is6() && a.Zone() == "" {
			if !ok {
				t.Fatalf("webIPv6(%q) fails; netip reads %v", s, a)
			}
			if got := netip.MustParseAddr(string(b)); got != a {
				t.Fatalf("webIPv6(%q) = %s; netip reads %v", s, b, a)
			}
		}
		if !ok {
			return
		}
		p, _ := webIPv6Pieces(s)
		q, ok2 := webIPv6Pieces(string(b))
		again, _ := webIPv6(nil, string(b))
		if !ok2 || p != q || string(again) != string(b) {
			t.Fatalf("webIPv6(%q) = %s, which reads as %v, %v and serializes to %s", s, b, q, ok2, again)
		}
	})
}

// TestWebAuthorityDifferential holds issue #24, rows 1 and 2, and the
// differential run: for each URI of testdata/web_authority.txt, valid RFC
// 3986 with a special scheme and no host, or with a percent-encoded host
// that starts with '[', Addrs holds the address Node's URL reads when it
// reads an IP address; Vet has WebAuthority exactly when Node reads a
// host where RFC 3986 reads none, naming that host and carrying its
// address; and the package's own reading of the URL Standard (the one
// Vet and Addrs use) reads the host Node reads, or fails where Node
// fails.
func TestWebAuthorityDifferential(t *testing.T) {
	rows, lines := readRecorded(t, "testdata/web_authority.txt")
	var ips, names, failures, found int
	for k, r := range rows {
		in, line := r[0], lines[k]
		u, err := Parse(in)
		if err != nil {
			t.Errorf("web_authority.txt:%d: Parse(%q): %v", line, in, err)
			continue
		}
		nodeOK := r[1] != "failure"
		hostname := ""
		if nodeOK {
			hostname = r[2]
		}
		var wa *Finding
		fs := u.Vet()
		for i := range fs {
			if fs[i].Kind == WebAuthority {
				wa = &fs[i]
			}
		}
		addr, err := netip.ParseAddr(strings.Trim(hostname, "[]"))
		isIP := nodeOK && err == nil
		switch {
		case !nodeOK:
			failures++
		case isIP:
			ips++
			if got := u.Addrs(); !slices.Contains(got, addr) {
				t.Errorf("web_authority.txt:%d: Node reads %q as %v; Addrs = %v", line, in, addr, got)
			}
		default:
			names++
		}
		noHost := !u.HasAuthority || u.Host == ""
		if want := noHost && nodeOK && hostname != `""`; want != (wa != nil) {
			t.Errorf("web_authority.txt:%d: Node reads %q with the host %s; Vet = %v", line, in, r[1:], fs)
		} else if wa != nil {
			found++
			if isIP && wa.Addr != addr || !isIP && wa.Addr.IsValid() {
				t.Errorf("web_authority.txt:%d: Vet(%q): %v has Addr %v; Node reads %s", line, in, wa, wa.Addr, hostname)
			}
			// A host that went through IDNA is shown decoded; any other
			// is Node's.
			idna := strings.Contains(hostname, "xn--") && !strings.Contains(strings.ToLower(in), "xn--")
			if !idna && !strings.Contains(wa.Message, `"`+hostname+`"`) {
				t.Errorf("web_authority.txt:%d: Vet(%q): %v; Node reads the host %s", line, in, wa, hostname)
			}
		}
		// The package's reading of the URL Standard, with hostIDNA.
		w, shown, err := webRead(u)
		switch {
		case nodeOK != (err == nil):
			t.Errorf("web_authority.txt:%d: webRead(%q) = %q, %v; Node reads %s", line, in, w.host, err, r[1:])
		case nodeOK && shown == "" && w.host != hostname:
			t.Errorf("web_authority.txt:%d: webRead(%q) reads the host %q; Node reads %s", line, in, w.host, hostname)
		}
	}
	t.Logf("%d URIs: Node reads %d IP addresses and %d names, and rejects %d; %d WebAuthority findings", len(rows), ips, names, failures, found)
	if len(rows) < 2000 || ips < 500 || found < 1000 {
		t.Errorf("want at least 2000 URIs, 500 IP addresses and 1000 findings")
	}
}

// The entry points issue #24 changed, for TestHostileMemory: Redacted and
// Vet and Addrs on a URI whose path a browser reads as an authority
// (the hostile text as its host, password and path), Addrs on a host that
// curl decodes to an IPv6 literal, and WithHost. (Error's masking runs
// in the Parse entry, whose hostile text fails to parse.) The web reading
// parses the URI's text with the web parser, so it may allocate as
// ParseWeb does.
func init() {
	web := func(u URI) URI {
		return URI{Scheme: "http", Path: "/" + u.Host + ":" + u.Path + "@h"}
	}
	hostileEntries = append(hostileEntries,
		hostileEntry{"Redacted", func(u URI, s string) { sinkString = u.Redacted() }},
		hostileEntry{"RedactedWeb", func(u URI, s string) { sinkString = web(u).Redacted() }},
		hostileEntry{"VetWeb", func(u URI, s string) { sinkFindings = web(u).Vet() }},
		hostileEntry{"AddrsWeb", func(u URI, s string) { sinkBool = web(u).Addrs() != nil }},
		hostileEntry{"AddrsCurl", func(u URI, s string) { sinkBool = httpURI("%5B"+u.Host, "/").Addrs() != nil }},
		hostileEntry{"WithHost", func(u URI, s string) { sinkURI, sinkErr = hostileBase.WithHost(u.Host) }},
	)
	for _, name := range []string{"VetWeb", "AddrsWeb"} {
		hostileBytesPerByte[name] = hostileBytesPerByte["ParseWeb"]
	}
}

// TestWebHostFastPath checks the host parser's one-pass road for an
// ASCII domain without '%' against its full road, which the same domain
// takes with its first octet percent-encoded (the decoding gives the
// octet back): the same host or the same refusal, on every string of up
// to four octets of an alphabet of letters of both cases, digits, the
// label and IPv4 separators, "xn--", forbidden and non-ASCII octets.
func TestWebHostFastPath(t *testing.T) {
	const alphabet = "aZx0.-n9 #\x7f\x80!"
	hosts := digitStrings(alphabet, 4)[1:] // not the empty string
	hosts = append(hosts, "xn--mnchen-3ya.de", "0x7F.1", "1.2.3.4", "1.2.3.4.", "256.0.0.1", "example.COM", "a..b", ".")
	for _, h := range hosts {
		got, gerr := webHost(h, h, len(h), false, nil)
		slow := fmt.Sprintf("%%%02X", h[0]) + h[1:]
		want, werr := webHost(slow, slow, len(slow), false, nil)
		if (gerr == nil) != (werr == nil) || got != want {
			t.Fatalf("webHost(%q) = %q, %v; with its first octet encoded, %q, %v", h, got, gerr, want, werr)
		}
	}
}

// TestHostMarks checks hostMarks's eight-octet rounds and overlapping
// tail against one look-up per octet, for hosts of 0 to 24 octets (one,
// two and three rounds, each with a tail of every length) with
// each octet value at each position.
func TestHostMarks(t *testing.T) {
	for n := 0; n <= 24; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a", n))
				b[at] = byte(c)
				var want uint8
				for _, o := range b {
					want |= webHostMarks[o]
				}
				if got := hostMarks(string(b)); got != want {
					t.Fatalf("hostMarks(%q) = %#x, want %#x", b, got, want)
				}
			}
		}
	}
}
