package uri

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// curlLocalhost transcribes the localhost rule of curl 7.88.1 (the rule
// is the same from 7.78.0, which added it) for the authority auth of an
// http URL: whether curl connects to 127.0.0.1 and ::1 without a
// resolver. Step by step, from curl's C:
//
//   - lib/urlapi.c, parse_authority: the host part (curl7881HostPart);
//     ipv4_normalize and ipv6_parse take IP hosts first, which are no
//     names; urldecode_host with REJECT_CTRL and hostname_check
//     (curl7881DecodeName, and the bad characters of curl7881);
//   - lib/url.c, Curl_idnconvert_hostname: a name with an octet above
//     0x7F goes through libidn2's idn2_lookup_ul with IDN2_NFC_INPUT |
//     IDN2_NONTRANSITIONAL and, when that fails, IDN2_TRANSITIONAL: UTS #46
//     ToASCII, here the package's IDNA profiles as the stand-in for
//     libidn2 (both map case, fullwidth and circled letters);
//   - lib/url.c, strip_trailing_dot: one final '.' is removed;
//   - lib/hostip.c, Curl_resolv: if(strcasecompare(hostname, "localhost")
//     || tailmatch(hostname, ".localhost")) addr = get_localhost(port,
//     hostname), where tailmatch compares the last strlen(".localhost")
//     octets with strncasecompare, and get_localhost returns ::1 and
//     127.0.0.1.
func curlLocalhost(auth string) bool {
	host, ok := curl7881HostPart(auth)
	if !ok || host[0] == '[' {
		return false
	}
	if _, ok := curlIPv4Normalize(host); ok {
		return false
	}
	name, ok := curl7881DecodeName(host)
	if !ok || name[0] == '[' || strings.ContainsAny(name, " \r\n\t/:#?!@{}[]\\$'\"^`*<>=;,+&()%") {
		return false
	}
	if strings.ContainsFunc(name, func(r rune) bool { return r >= utf8.RuneSelf }) {
		a, err := (IDNA{}).ToASCII(name)
		if err != nil {
			if a, err = (IDNA{Transitional: true}).ToASCII(name); err != nil {
				return false
			}
		}
		name = a
	}
	// strip_trailing_dot
	if len(name) > 0 && name[len(name)-1] == '.' {
		name = name[:len(name)-1]
	}
	// strcasecompare(hostname, "localhost") || tailmatch(hostname, ".localhost")
	tailmatch := func(full, part string) bool {
		if len(part) > len(full) {
			return false
		}
		return strings.EqualFold(part, full[len(full)-len(part):])
	}
	return strings.EqualFold(name, "localhost") || tailmatch(name, ".localhost")
}

// browserLocalhost transcribes Chromium's net::IsLocalHostname
// (net/base/url_util.cc) on the host a browser reads (ParseWeb, URL
// Standard "host parsing"): lowercased, one final '.' removed, it is
// "localhost" or ends in ".localhost".
func browserLocalhost(host string) bool {
	h := strings.ToLower(host)
	h = strings.TrimSuffix(h, ".")
	return h == "localhost" || strings.HasSuffix(h, ".localhost")
}

// localhostSpellings generates spellings of the names of bases: each
// letter percent-encoded on its own and all at once, in upper and lower
// case hex; the name in upper case and in alternating case; each letter
// as a FULLWIDTH, CIRCLED or MATHEMATICAL BOLD letter (UTS #46 maps each
// to the ASCII letter) and all letters so; the dots as U+3002 and U+FF0E.
// Non-ASCII text is percent-encoded as UTF-8, as ParseIRI writes it.
func localhostSpellings(bases []string) []string {
	enc := func(s string) string {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if s[i] >= utf8.RuneSelf {
				fmt.Fprintf(&b, "%%%02X", s[i])
			} else {
				b.WriteByte(s[i])
			}
		}
		return b.String()
	}
	mapLetter := func(s string, i int, f func(r rune) rune) string {
		return s[:i] + string(f(rune(s[i]))) + s[i+1:]
	}
	mappings := []func(rune) rune{
		func(r rune) rune { return r - 'a' + 0xFF41 },  // FULLWIDTH LATIN SMALL LETTER A
		func(r rune) rune { return r - 'a' + 0xFF21 },  // FULLWIDTH LATIN CAPITAL LETTER A
		func(r rune) rune { return r - 'a' + 0x24D0 },  // CIRCLED LATIN SMALL LETTER A
		func(r rune) rune { return r - 'a' + 0x24B6 },  // CIRCLED LATIN CAPITAL LETTER A
		func(r rune) rune { return r - 'a' + 0x1D41A }, // MATHEMATICAL BOLD SMALL A
	}
	var out []string
	add := func(s string) { out = append(out, s) }
	for _, base := range bases {
		add(base)
		add(strings.ToUpper(base))
		alt := []byte(base)
		for i := range alt {
			if i%2 == 0 {
				alt[i] = upperASCII(alt[i])
			}
		}
		add(string(alt))
		all := ""
		for i := 0; i < len(base); i++ {
			c := base[i]
			all += fmt.Sprintf("%%%02X", c)
			add(base[:i] + fmt.Sprintf("%%%02X", c) + base[i+1:])
			add(base[:i] + fmt.Sprintf("%%%02x", c) + base[i+1:])
			if 'a' <= c && c <= 'z' {
				for _, m := range mappings {
					add(enc(mapLetter(base, i, m)))
				}
			}
		}
		add(all)
		for _, m := range mappings {
			add(enc(strings.Map(func(r rune) rune {
				if 'a' <= r && r <= 'z' {
					return m(r)
				}
				return r
			}, base)))
		}
		add(enc(strings.ReplaceAll(base, ".", "\u3002")))
		add(enc(strings.ReplaceAll(base, ".", "\uff0e")))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// localhostBases are the names the generated spellings start from: names
// that are localhost or under it, with and without a final dot, and names
// that only look so.
var localhostBases = []string{
	"localhost", "localhost.", "evil.localhost", "evil.localhost.", "a.b.localhost",
	".localhost", "x-y.localhost", "127.localhost",
	"localhost..", "localhos", "localhostx", "xlocalhost", "local-host", "localhost.com",
	"evil.localhost.com", "localhost.evil", "localhost-", "localhost.x.",
}

// TestLocalhostCurl checks Addrs against the transcriptions of curl's and
// the browser's rules over generated spellings: Addrs holds 127.0.0.1 and
// ::1 exactly when curl or a browser connects there without the DNS, and
// Vet reports LocalhostName exactly then, but for the plain name
// "localhost" (RFC 6761, Section 6.3).
func TestLocalhostCurl(t *testing.T) {
	spellings := localhostSpellings(localhostBases)
	loopback, n := 0, 0
	for _, sp := range spellings {
		for _, s := range []string{"http://" + sp + "/", "http://" + sp + ":8080/x", "http://user@" + sp + "/", "http:" + sp + "/"} {
			u, err := Parse(s)
			if err != nil {
				continue
			}
			n++
			auth := u.Authority()
			if !u.HasAuthority {
				auth = ""
			}
			curl := u.HasAuthority && curlLocalhost(auth)
			browser := false
			if w, err := ParseWeb(s); err == nil {
				browser = browserLocalhost(w.Host)
			}
			want := curl || browser
			addrs := u.Addrs()
			got := slices.Contains(addrs, localhostAddrs[0]) && slices.Contains(addrs, netip.IPv6Loopback())
			if got != want {
				t.Errorf("Addrs(%q) = %v; curl connects to loopback: %v, a browser: %v", s, addrs, curl, browser)
			}
			if want {
				loopback++
			}
			reported := slices.ContainsFunc(u.Vet(), func(f Finding) bool { return f.Kind == LocalhostName })
			if wantReport := want && u.Host != "localhost"; reported != wantReport {
				t.Errorf("Vet(%q) = %v; want LocalhostName %v", s, u.Vet(), wantReport)
			}
		}
	}
	t.Logf("%d spellings of %d names, %d URIs: %d reach loopback", len(spellings), len(localhostBases), n, loopback)
	if n < 1500 || loopback < 800 {
		t.Errorf("only %d URIs, %d reaching loopback", n, loopback)
	}
}

// TestLocalhostIssue29 is issue #29, row 3: each host reaches loopback.
func TestLocalhostIssue29(t *testing.T) {
	for _, s := range []string{
		"http://evil.localhost/",
		"http://x.%6cocalhost/",
		"http://%2elocalhost/",
		"http://evil.ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/",
		"http://LocalHost/",
		"http://localhost./",
		"http://EVIL.LOCALHOST./",
		"http://evil。localhost/",
		"http:evil.localhost/",
		"http:///evil.localhost/",
	} {
		u, err := ParseIRI(s)
		if err != nil {
			t.Fatalf("ParseIRI(%q): %v", s, err)
		}
		want := []netip.Addr{netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("::1")}
		if got := u.Addrs(); !slices.Equal(got, want) {
			t.Errorf("Addrs(%q) = %v, want %v", s, got, want)
		}
		fs := u.Vet()
		i := slices.IndexFunc(fs, func(f Finding) bool { return f.Kind == LocalhostName })
		if i < 0 || fs[i].Addr != want[0] || fs[i].Kind.Section() != "RFC 3986, Section 7.4" {
			t.Errorf("Vet(%q) = %v; want LocalhostName with 127.0.0.1", s, fs)
		}
	}
	for _, s := range []string{"http://localhost/", "http://127.0.0.1/"} {
		if fs := MustParse(s).Vet(); fs != nil {
			t.Errorf("Vet(%q) = %v, want nil: the text says what it is", s, fs)
		}
	}
	for _, s := range []string{"http://localhost../", "http://localhostx/", "http://xlocalhost/", "http://localhost.example/", "http://[v1.localhost]/"} {
		if got := MustParse(s).Addrs(); got != nil {
			t.Errorf("Addrs(%q) = %v, want none", s, got)
		}
	}
}

// FuzzLocalhost checks the localhost rule on any URI: Addrs holds
// 127.0.0.1 and ::1 whenever curl's rule (curlLocalhost) or a browser's
// (browserLocalhost on ParseWeb's host) connects there, and Vet reports
// LocalhostName exactly for a reg-name that localhostName reads so, other
// than "localhost"; and for any label text p, "http://" + p +
// ".localhost/" that parses reaches loopback.
func FuzzLocalhost(f *testing.F) {
	for _, sp := range localhostSpellings(localhostBases[:8]) {
		f.Add("http://"+sp+"/", "x")
	}
	f.Add("http://%4C%4F%43%41%4C%48%4F%53%54/", "%2e")
	f.Add("http:evil.localhost/", "a.b")
	f.Fuzz(func(t *testing.T, s, p string) {
		if u, err := Parse("http://" + p + ".localhost/"); err == nil && u.HostKind() == RegName && u.Host == p+".localhost" {
			if got := u.Addrs(); !slices.Contains(got, localhostAddrs[0]) || !slices.Contains(got, localhostAddrs[1]) {
				t.Fatalf("Addrs(%q) = %v lacks loopback", u.String(), got)
			}
		}
		u, err := Parse(s)
		if err != nil {
			return
		}
		got := u.Addrs()
		loop := slices.Contains(got, localhostAddrs[0]) && slices.Contains(got, localhostAddrs[1])
		if u.HasAuthority && curlLocalhost(u.Authority()) && !loop {
			t.Fatalf("Addrs(%q) = %v; curl connects to 127.0.0.1 and ::1", s, got)
		}
		if w, err := ParseWeb(s); err == nil && webSpecialAuthority(u.Scheme) && browserLocalhost(w.Host) && !loop {
			t.Fatalf("Addrs(%q) = %v; a browser reads the host %q", s, got, w.Host)
		}
		reported := false
		for _, f := range u.Vet() {
			if f.Kind == LocalhostName && f.Component == "host" {
				reported = true
				if f.Addr != localhostAddrs[0] || !loop {
					t.Fatalf("Vet(%q): %v; Addrs = %v", s, f, got)
				}
			}
		}
		_, isName := localhostName(u.Host)
		if want := u.HostKind() == RegName && isName && u.Host != "localhost"; reported != want {
			t.Fatalf("Vet(%q) = %v; want LocalhostName in the host: %v", s, u.Vet(), want)
		}
	})
}
