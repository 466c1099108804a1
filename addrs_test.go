package uri

import (
	"bufio"
	"encoding/json"
	"net/netip"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
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
		if a, ok := u.Addr(); ok && (len(got) == 0 || got[0] != a) {
			t.Errorf("line %d: Addrs(%q) = %v does not start with Addr() = %v", r.line, r.in, got, a)
		}
		// Check reports every address Addrs reads from a reg-name or an
		// IPv6 embedding.
		for _, f := range u.Check() {
			if (f.Kind == NonstandardIPv4 || f.Kind == IPv4InIPv6) && !slices.Contains(got, f.Addr) {
				t.Errorf("line %d: Check finds %v, which Addrs(%q) = %v lacks", r.line, f, r.in, got)
			}
		}
	}
	t.Logf("%d hosts with addresses, %d without", with, without)
	if with < 60 || without < 30 {
		t.Errorf("want at least 60 hosts with addresses and 30 without, have %d and %d", with, without)
	}
}

// TestAddrsReaders checks the rows against the readers themselves where
// the machine has them: glibc's inet_aton through Python's
// socket.inet_aton, and the URL Standard through Node's URL. Every address
// a reader finds must be in Addrs.
func TestAddrsReaders(t *testing.T) {
	rows := readAddrsCases(t)
	var hosts []string
	var us []URI
	for _, r := range rows {
		u := MustParse(r.in)
		if u.HostKind() == RegName || u.HostKind() == IPv4 {
			hosts = append(hosts, u.Host)
			us = append(us, u)
		}
	}
	in, _ := json.Marshal(hosts)
	run := func(name string, args ...string) []string {
		if _, err := exec.LookPath(name); err != nil {
			t.Logf("%s not found: that reader is not checked", name)
			return nil
		}
		cmd := exec.Command(name, args...)
		cmd.Stdin = strings.NewReader(string(in))
		out, err := cmd.Output()
		if err != nil {
			t.Logf("%s failed (%v): that reader is not checked", name, err)
			return nil
		}
		var res []string
		if err := json.Unmarshal(out, &res); err != nil || len(res) != len(hosts) {
			t.Fatalf("%s: bad output %q", name, out)
		}
		return res
	}
	const py = `
import json, socket, sys, urllib.parse
out = []
for h in json.load(sys.stdin):
    d = urllib.parse.unquote_to_bytes(h)
    try:
        out.append(socket.inet_ntoa(socket.inet_aton(d.decode('ascii'))) if b'\0' not in d else "")
    except (OSError, UnicodeDecodeError, ValueError):
        out.append("")
print(json.dumps(out))
`
	const js = `
let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
  const out = JSON.parse(s).map(h => { try { return new URL("http://" + h + "/").hostname } catch (e) { return "" } });
  console.log(JSON.stringify(out));
});`
	checked := 0
	for reader, res := range map[string][]string{
		"glibc inet_aton": run("python3", "-c", py),
		"Node URL":        run("node", "-e", js),
	} {
		for i, s := range res {
			a, err := netip.ParseAddr(strings.Trim(s, "[]"))
			if err != nil {
				continue // a name, or rejected
			}
			checked++
			if !slices.Contains(us[i].Addrs(), a) {
				t.Errorf("%s reads %q as %v; Addrs = %v", reader, hosts[i], a, us[i].Addrs())
			}
		}
	}
	t.Logf("%d addresses read by the external readers, all in Addrs", checked)
}

// FuzzAddrs checks Addrs on any URI that Parse accepts: it never panics,
// is deterministic and free of repeats, starts with Addr when there is
// one, holds every address Check reports and inet_aton's reading of a
// reg-name, and has no address for a reg-name without a digit or a '%'
// (only numbers and decoding make addresses).
func FuzzAddrs(f *testing.F) {
	for _, r := range readAddrsCases(f) {
		f.Add(r.in)
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
		if a, ok := u.Addr(); ok && (len(got) == 0 || got[0] != a) {
			t.Fatalf("Addrs(%q) = %v does not start with Addr() = %v", s, got, a)
		}
		if u.HostKind() == RegName && !strings.ContainsAny(u.Host, "0123456789%") && got != nil {
			t.Fatalf("Addrs(%q) = %v for a host without digits or '%%'", s, got)
		}
		if k := u.HostKind(); (k == NoHost || k == IPvFuture) && got != nil {
			t.Fatalf("Addrs(%q) = %v for a %v host", s, got, k)
		}
		for _, f := range u.Check() {
			if (f.Kind == NonstandardIPv4 || f.Kind == IPv4InIPv6) && !slices.Contains(got, f.Addr) {
				t.Fatalf("Check(%q) finds %v, which Addrs = %v lacks", s, f, got)
			}
		}
		if u.HostKind() == RegName {
			if a, ok := inetAton(u.Host); ok && !slices.Contains(got, a) {
				t.Fatalf("Addrs(%q) = %v lacks inet_aton's %v", s, got, a)
			}
		}
	})
}
