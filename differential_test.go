package uri

import (
	"bufio"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Differential testing against net/url.Parse.
//
// For an input that RFC 3986 allows, net/url should find the same
// components. It does not always, for reasons that are listed one by one
// in testdata/neturl_deviations.txt, each with an example and its reason,
// and implemented here as a named rule. A rule either predicts what
// net/url reports, by rewriting this package's reading of the input, or
// explains why net/url rejects the input. The comparison applies every
// rule and then demands exact agreement: components, and the text
// (*url.URL).String writes. A difference no rule explains, or a rejection
// no rule explains, is a failure, and a rule that is listed must fire on
// its example.

// netView is one reading of a URI in terms both packages share. Userinfo
// and reg-name hosts are compared decoded, since net/url keeps only their
// decoded form; everything else is compared raw.
type netView struct {
	Scheme       string
	HasAuthority bool
	HasUserinfo  bool
	User         string // decoded
	HasPassword  bool
	Password     string // decoded
	Host         string // decoded reg-name, or the IP literal with brackets
	HasPort      bool
	Port         string
	Path         string // raw; net/url's Opaque for a rootless path with a scheme
	HasQuery     bool
	Query        string
	HasFragment  bool
	Fragment     string
	Text         string // what String writes
}

// ourView reads u as this package does.
func ourView(u URI) netView {
	v := netView{
		Scheme: u.Scheme, HasAuthority: u.HasAuthority, HasUserinfo: u.HasUserinfo,
		Host: u.Host, HasPort: u.HasPort, Port: u.Port, Path: u.Path,
		HasQuery: u.HasQuery, Query: u.Query, HasFragment: u.HasFragment, Fragment: u.Fragment,
		Text: u.String(),
	}
	if u.HasUserinfo {
		user, pass, ok := strings.Cut(u.Userinfo, ":")
		v.User, _ = Decode(user)
		v.Password, _ = Decode(pass)
		v.HasPassword = ok
	}
	if u.HostKind() == RegName {
		v.Host, _ = Decode(u.Host)
	}
	return v
}

// theirView reads the result of url.Parse.
func theirView(nu *url.URL) netView {
	v := netView{
		Scheme:   nu.Scheme,
		HasQuery: nu.ForceQuery || nu.RawQuery != "", Query: nu.RawQuery,
		Fragment: nu.EscapedFragment(),
		Text:     nu.String(),
	}
	v.HasFragment = v.Fragment != ""
	if nu.User != nil {
		v.HasUserinfo = true
		v.User = nu.User.Username()
		v.Password, v.HasPassword = nu.User.Password()
	}
	hp := nu.Host
	if strings.HasPrefix(hp, "[") {
		if i := strings.LastIndexByte(hp, ']'); i >= 0 {
			v.Host = hp[:i+1]
			if rest := hp[i+1:]; strings.HasPrefix(rest, ":") {
				v.Port, v.HasPort = rest[1:], true
			}
		}
	} else if i := strings.LastIndexByte(hp, ':'); i >= 0 {
		v.Host, v.Port, v.HasPort = hp[:i], hp[i+1:], true
	} else {
		v.Host = hp
	}
	switch {
	case nu.Opaque != "":
		v.Path = nu.Opaque
	default:
		v.Path = nu.EscapedPath()
		// net/url has no flag for an authority; it writes one when there
		// is a host or a userinfo, or, with a scheme, when the input had
		// "//" before a path (OmitHost false).
		v.HasAuthority = nu.Host != "" || nu.User != nil ||
			(nu.Scheme != "" && !nu.OmitHost && v.Path != "")
	}
	return v
}

// netRule is one deviation of net/url from RFC 3986.
type netRule struct {
	name string
	// apply rewrites our view into what net/url reports and says whether
	// it changed anything; nil for a rule that explains a rejection.
	apply func(u URI, v *netView) bool
	// rejects says whether the rule explains url.Parse rejecting the
	// input; nil for a rule that predicts a difference.
	rejects func(u URI) bool
}

// netRules are the deviations of testdata/neturl_deviations.txt, in its
// order; the file gives each one's example and reason.
var netRules = []netRule{
	{name: "scheme-lowercased", apply: func(u URI, v *netView) bool {
		lower := strings.ToLower(v.Scheme)
		if lower == v.Scheme {
			return false
		}
		v.Text = lower + strings.TrimPrefix(v.Text, v.Scheme)
		v.Scheme = lower
		return true
	}},
	{name: "empty-fragment-dropped", apply: func(u URI, v *netView) bool {
		if !v.HasFragment || v.Fragment != "" {
			return false
		}
		v.HasFragment = false
		v.Text = strings.TrimSuffix(v.Text, "#")
		return true
	}},
	{name: "empty-authority-dropped", apply: func(u URI, v *netView) bool {
		if !v.HasAuthority || v.Host != "" || v.HasUserinfo || v.HasPort || v.Path != "" {
			return false
		}
		v.HasAuthority = false
		i := 0
		if u.Scheme != "" {
			i = len(u.Scheme) + 1
		}
		v.Text = v.Text[:i] + v.Text[i+2:] // drop the "//"
		return true
	}},
	{name: "schemeless-triple-slash", apply: func(u URI, v *netView) bool {
		if v.Scheme != "" || !v.HasAuthority || v.Host != "" || v.HasUserinfo || v.HasPort || !strings.HasPrefix(v.Path, "/") {
			return false
		}
		v.HasAuthority = false
		v.Path = "//" + v.Path
		return true
	}},
	{name: "userinfo-reencoded", apply: func(u URI, v *netView) bool {
		if !v.HasUserinfo {
			return false
		}
		ui := url.User(v.User)
		if v.HasPassword {
			ui = url.UserPassword(v.User, v.Password)
		}
		if ui.String() == u.Userinfo {
			return false
		}
		i := strings.Index(v.Text, "//") + 2
		v.Text = v.Text[:i] + ui.String() + v.Text[i+len(u.Userinfo):]
		return true
	}},
	{name: "host-reencoded", apply: func(u URI, v *netView) bool {
		if u.HostKind() != RegName {
			return false
		}
		host := strings.TrimPrefix((&url.URL{Host: v.Host}).String(), "//")
		if host == u.Host {
			return false
		}
		i := strings.Index(v.Text, "//") + 2
		if u.HasUserinfo {
			i += len(u.Userinfo) + 1
		}
		v.Text = v.Text[:i] + host + v.Text[i+len(u.Host):]
		return true
	}},
	{name: "asterisk-path", apply: func(u URI, v *netView) bool {
		if v.Path != "%2A" || v.HasAuthority || v.Scheme != "" {
			return false
		}
		v.Path = "*"
		v.Text = "*" + strings.TrimPrefix(v.Text, "%2A")
		return true
	}},
	{name: "host-escape-rejected", rejects: func(u URI) bool {
		if u.HostKind() != RegName {
			return false
		}
		for i := 0; i+2 < len(u.Host); i++ {
			if u.Host[i] == '%' && unhex(u.Host[i+1]) < 8 && u.Host[i:i+3] != "%25" {
				return true
			}
		}
		return false
	}},
	{name: "ipvfuture-rejected", rejects: func(u URI) bool { return u.HostKind() == IPvFuture }},
}

// compareNetURL compares this package's reading of s with net/url's after
// applying the rules, and returns the rules that fired and a description
// of any difference no rule explains ("" if none).
func compareNetURL(s string) (fired []string, diff string) {
	u, err := Parse(s)
	if err != nil {
		return nil, ""
	}
	nu, nerr := url.Parse(s)
	if nerr != nil {
		for _, r := range netRules {
			if r.rejects != nil && r.rejects(u) {
				return []string{r.name}, ""
			}
		}
		return nil, "net/url rejects it: " + nerr.Error()
	}
	want := ourView(u)
	for _, r := range netRules {
		if r.apply != nil && r.apply(u, &want) {
			fired = append(fired, r.name)
		}
	}
	if got := theirView(nu); got != want {
		return fired, "net/url reads\n\t" + formatView(got) + "\nthe rules predict\n\t" + formatView(want)
	}
	return fired, ""
}

// formatView writes a view on one line.
func formatView(v netView) string {
	parts := []string{
		"scheme=" + quote(v.Scheme),
		"authority=" + boolWord(v.HasAuthority),
		"userinfo=" + boolWord(v.HasUserinfo) + " user=" + quote(v.User) + " password=" + boolWord(v.HasPassword) + ":" + quote(v.Password),
		"host=" + quote(v.Host),
		"port=" + boolWord(v.HasPort) + ":" + quote(v.Port),
		"path=" + quote(v.Path),
		"query=" + boolWord(v.HasQuery) + ":" + quote(v.Query),
		"fragment=" + boolWord(v.HasFragment) + ":" + quote(v.Fragment),
		"text=" + quote(v.Text),
	}
	return strings.Join(parts, " ")
}

func quote(s string) string { return strconv.Quote(s) }

func boolWord(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// deviationExample is one line of testdata/neturl_deviations.txt.
type deviationExample struct {
	line          int
	name, example string
}

func readDeviations(t testing.TB) []deviationExample {
	t.Helper()
	const name = "testdata/neturl_deviations.txt"
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []deviationExample
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		rule, rest, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("%s:%d: want a name, an example and a reason", name, n)
		}
		ex, reason, err := unquotePrefix(strings.TrimSpace(rest))
		if err != nil || strings.TrimSpace(reason) == "" {
			t.Fatalf("%s:%d: want a quoted example and a reason: %v", name, n, err)
		}
		out = append(out, deviationExample{n, rule, ex})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// differentialInputs are the valid inputs of the test files and the
// corpus.
func differentialInputs(t testing.TB) []string {
	var in []string
	for _, s := range corpusSeeds(t) {
		if Valid(s) {
			in = append(in, s)
		}
	}
	for _, r := range readCases(t, "testdata/parse.txt") {
		if r.verb == "ok" && Valid(r.input) {
			in = append(in, r.input)
		}
	}
	for _, r := range readSecurityCases(t) {
		in = append(in, r.input)
	}
	return in
}

// TestNetURLDeviations checks that testdata/neturl_deviations.txt lists
// exactly the rules of netRules, in order; that each rule fires on its
// example, which RFC 3986 allows, and that nothing else is left to
// explain there; and that over the corpus and the case files every
// difference is explained. It logs how often each rule fires.
func TestNetURLDeviations(t *testing.T) {
	devs := readDeviations(t)
	var names []string
	for _, d := range devs {
		names = append(names, d.name)
	}
	var ruleNames []string
	for _, r := range netRules {
		ruleNames = append(ruleNames, r.name)
	}
	if !slices.Equal(names, ruleNames) {
		t.Fatalf("testdata/neturl_deviations.txt lists %v; the test implements %v", names, ruleNames)
	}
	for _, d := range devs {
		if !Valid(d.example) {
			t.Errorf("line %d: the example %q of %s is not RFC 3986", d.line, d.example, d.name)
		}
		fired, diff := compareNetURL(d.example)
		if diff != "" {
			t.Errorf("line %d: %q: %s", d.line, d.example, diff)
		}
		switch {
		case d.name == "ipvfuture-rejected" && !netURLChecksBrackets():
			// url.Parse took IPvFuture before CVE-2025-47912's fix.
			if slices.Contains(fired, d.name) {
				t.Errorf("line %d: %s fires on %q with %s, which predates the bracket check", d.line, d.name, d.example, runtime.Version())
			}
		case !slices.Contains(fired, d.name):
			t.Errorf("line %d: %s does not fire on its example %q (fired: %v)", d.line, d.name, d.example, fired)
		}
	}
	counts := map[string]int{}
	in := differentialInputs(t)
	for _, s := range in {
		fired, diff := compareNetURL(s)
		if diff != "" {
			t.Errorf("%q: %s", s, diff)
		}
		for _, r := range fired {
			counts[r]++
		}
	}
	for _, r := range ruleNames {
		t.Logf("%-24s fires on %4d of %d valid inputs", r, counts[r], len(in))
	}
}

// FuzzNetURL compares this package with net/url on every input that
// RFC 3986 allows: the components must agree after the deviation rules are
// applied, and a rejection by net/url must be one a rule explains.
func FuzzNetURL(f *testing.F) {
	for _, s := range differentialInputs(f) {
		f.Add(s)
	}
	for _, d := range readDeviations(f) {
		f.Add(d.example)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, diff := compareNetURL(s); diff != "" {
			t.Fatalf("%q: %s", s, diff)
		}
	})
}
