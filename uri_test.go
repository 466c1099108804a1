package uri

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// ---------------------------------------------------------------------------
// Case files

// caseRow is one line of a testdata case file: a verb, a quoted input and
// key=value fields whose values are quoted strings or bare words.
type caseRow struct {
	line   int
	verb   string
	input  string
	fields map[string]string
}

// readCases reads a case file in the plain format the headers of testdata
// files describe: blank lines and lines starting with '#' are skipped; every
// other line is `verb "input" key=value ...`, where quoted strings use Go
// and JSON escapes (\t, \u00e9, and \xHH for a raw byte).
func readCases(t testing.TB, name string) []caseRow {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []caseRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		r := caseRow{line: n, fields: map[string]string{}}
		var ok bool
		if r.verb, line, ok = strings.Cut(line, " "); !ok {
			t.Fatalf("%s:%d: no input", name, n)
		}
		line = strings.TrimSpace(line)
		if r.input, line, err = unquotePrefix(line); err != nil {
			t.Fatalf("%s:%d: input: %v", name, n, err)
		}
		for line = strings.TrimSpace(line); line != "" && line[0] != '#'; line = strings.TrimSpace(line) {
			key, rest, ok := strings.Cut(line, "=")
			if !ok || strings.ContainsAny(key, " \t\"") {
				t.Fatalf("%s:%d: want key=value at %q", name, n, line)
			}
			var v string
			if strings.HasPrefix(rest, "\"") {
				if v, line, err = unquotePrefix(rest); err != nil {
					t.Fatalf("%s:%d: %s: %v", name, n, key, err)
				}
			} else {
				v, line, _ = strings.Cut(rest, " ")
			}
			if _, dup := r.fields[key]; dup {
				t.Fatalf("%s:%d: %s twice", name, n, key)
			}
			r.fields[key] = v
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func unquotePrefix(s string) (value, rest string, err error) {
	q, err := strconv.QuotedPrefix(s)
	if err != nil {
		return "", "", fmt.Errorf("want a quoted string at %q", s)
	}
	value, err = strconv.Unquote(q)
	return value, s[len(q):], err
}

var sentinels = map[string]error{
	"scheme": ErrScheme, "userinfo": ErrUserinfo, "host": ErrHost, "port": ErrPort,
	"path": ErrPath, "query": ErrQuery, "fragment": ErrFragment,
}

var parsers = map[string]func(string) (URI, error){
	"": Parse, "reference": Parse, "uri": ParseURI, "absolute": ParseAbsolute, "relative": ParseRelative,
}

// wantURI builds the expected URI of a valid row: a component that is not
// listed is undefined.
func wantURI(r caseRow) URI {
	var u URI
	f := r.fields
	u.Scheme = f["scheme"]
	u.Userinfo, u.HasUserinfo = f["userinfo"]
	u.Host, u.HasAuthority = f["host"]
	u.Port, u.HasPort = f["port"]
	u.Path = f["path"]
	u.Query, u.HasQuery = f["query"]
	u.Fragment, u.HasFragment = f["fragment"]
	return u
}

// TestParseCases runs testdata/parse.txt: every valid row through the
// ladder (components, round trip, invariants, oracles, no allocation) and
// every invalid row for its offset and sentinel.
func TestParseCases(t *testing.T) {
	rows := readCases(t, "testdata/parse.txt")
	if len(rows) < 300 {
		t.Errorf("only %d rows in testdata/parse.txt", len(rows))
	}
	runParseRows(t, rows)
}

// runParseRows runs rows in the format of testdata/parse.txt.
func runParseRows(t *testing.T, rows []caseRow) {
	for _, r := range rows {
		parse, ok := parsers[r.fields["rule"]]
		if !ok {
			t.Fatalf("line %d: unknown rule %q", r.line, r.fields["rule"])
		}
		u, err := parse(r.input)
		switch r.verb {
		case "ok":
			if err != nil {
				t.Errorf("line %d: Parse(%q): %v", r.line, r.input, err)
				continue
			}
			if want := wantURI(r); u != want {
				t.Errorf("line %d: Parse(%q)\n got %#v\nwant %#v", r.line, r.input, u, want)
			}
			if k, ok := r.fields["kind"]; ok && u.HostKind().String() != k {
				t.Errorf("line %d: HostKind(%q) = %v, want %s", r.line, r.input, u.HostKind(), k)
			}
			checkValid(t, r.input, u)
		case "err":
			checkInvalidRow(t, r, err, parse)
		default:
			t.Fatalf("line %d: unknown verb %q", r.line, r.verb)
		}
	}
}

func checkInvalidRow(t *testing.T, r caseRow, err error, parse func(string) (URI, error)) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("line %d: Parse(%q) error = %v, want *Error", r.line, r.input, err)
		return
	}
	if want := r.fields["at"]; strconv.Itoa(e.Offset) != want {
		t.Errorf("line %d: Parse(%q) offset %d, want %s (%v)", r.line, r.input, e.Offset, want, err)
	}
	if want := sentinels[r.fields["in"]]; want == nil || !errors.Is(err, want) {
		t.Errorf("line %d: Parse(%q) = %v, want errors.Is %s", r.line, r.input, err, r.fields["in"])
	}
	if e.Input != r.input {
		t.Errorf("line %d: Error.Input = %q", r.line, e.Input)
	}
	if r.fields["rule"] == "" {
		if Valid(r.input) {
			t.Errorf("line %d: Valid(%q) = true", r.line, r.input)
		}
		if rfcReference.MatchString(r.input) {
			t.Errorf("line %d: the ABNF oracle accepts %q", r.line, r.input)
		}
	}
}

// checkValid runs the properties every valid input has.
func checkValid(t testing.TB, s string, u URI) {
	t.Helper()
	if got := u.String(); got != s {
		t.Errorf("Parse(%q).String() = %q", s, got)
	}
	if err := checkInvariants(u); err != nil {
		t.Errorf("Parse(%q): %v", s, err)
	}
	if !Valid(s) {
		t.Errorf("Valid(%q) = false", s)
	}
	if !rfcReference.MatchString(s) {
		t.Errorf("the ABNF oracle rejects %q", s)
	}
	if want := splitAppendixB(s); want != u {
		t.Errorf("Parse(%q) disagrees with Appendix B:\n got %#v\nwant %#v", s, u, want)
	}
	// The other start rules accept exactly their subsets.
	_, errURI := ParseURI(s)
	_, errAbs := ParseAbsolute(s)
	_, errRel := ParseRelative(s)
	if (errURI == nil) != (u.Scheme != "") {
		t.Errorf("ParseURI(%q) = %v", s, errURI)
	}
	if (errAbs == nil) != (u.Scheme != "" && !u.HasFragment) {
		t.Errorf("ParseAbsolute(%q) = %v", s, errAbs)
	}
	if (errRel == nil) != (u.Scheme == "") {
		t.Errorf("ParseRelative(%q) = %v", s, errRel)
	}
	checkHost(t, u)
}

// checkHost compares the host classification with net/netip.
func checkHost(t testing.TB, u URI) {
	t.Helper()
	addr, ok := u.LiteralAddr()
	switch u.HostKind() {
	case IPv6:
		want, err := netip.ParseAddr(u.Host[1 : len(u.Host)-1])
		if err != nil || !ok || addr != want {
			t.Errorf("LiteralAddr(%q) = %v, %v; netip says %v, %v", u.Host, addr, ok, want, err)
		}
	case IPv4:
		want, err := netip.ParseAddr(u.Host)
		if err != nil || !ok || addr != want {
			t.Errorf("LiteralAddr(%q) = %v, %v; netip says %v, %v", u.Host, addr, ok, want, err)
		}
	default:
		if ok {
			t.Errorf("LiteralAddr(%q) = %v, true for a %v", u.Host, addr, u.HostKind())
		}
	}
}

// checkInvariants is the one place the invariants of a URI value are
// written down; every test and fuzz target calls it.
func checkInvariants(u URI) error {
	switch {
	case !u.HasUserinfo && u.Userinfo != "":
		return errors.New("Userinfo set without HasUserinfo")
	case !u.HasPort && u.Port != "":
		return errors.New("Port set without HasPort")
	case !u.HasQuery && u.Query != "":
		return errors.New("Query set without HasQuery")
	case !u.HasFragment && u.Fragment != "":
		return errors.New("Fragment set without HasFragment")
	case (u.HasUserinfo || u.HasPort) && !u.HasAuthority:
		return errors.New("userinfo or port without authority")
	case !u.HasAuthority && u.Host != "":
		return errors.New("Host set without HasAuthority")
	case !u.HasAuthority && strings.HasPrefix(u.Path, "//"):
		return errors.New("path starts with // without authority")
	case u.HasAuthority && u.Path != "" && u.Path[0] != '/':
		return errors.New("path after authority does not start with /")
	case u.Scheme == "" && !u.HasAuthority && strings.Contains(strings.SplitN(u.Path, "/", 2)[0], ":"):
		return errors.New("first segment of a relative path has ':'")
	}
	if err := u.Validate(); err != nil {
		return fmt.Errorf("Validate: %w", err)
	}
	return nil
}

// ---------------------------------------------------------------------------
// Oracles, written independently of the parser.

// splitAppendixB splits s with the regular expression of RFC 3986,
// Appendix B, which reads any string, valid or not, into components.
func splitAppendixB(s string) URI {
	m := appendixB.FindStringSubmatchIndex(s)
	sub := func(k int) (string, bool) {
		if m[2*k] < 0 {
			return "", false
		}
		return s[m[2*k]:m[2*k+1]], true
	}
	var u URI
	u.Scheme, _ = sub(2)
	var auth string
	auth, u.HasAuthority = sub(4)
	if u.HasAuthority {
		if at := strings.LastIndexByte(auth, '@'); at >= 0 {
			u.Userinfo, u.HasUserinfo, auth = auth[:at], true, auth[at+1:]
		}
		hostEnd := 0
		if strings.HasPrefix(auth, "[") {
			hostEnd = strings.IndexByte(auth, ']') + 1
		}
		if c := strings.IndexByte(auth[hostEnd:], ':'); c >= 0 {
			u.Port, u.HasPort, auth = auth[hostEnd+c+1:], true, auth[:hostEnd+c]
		}
		u.Host = auth
	}
	u.Path, _ = sub(5)
	u.Query, u.HasQuery = sub(7)
	u.Fragment, u.HasFragment = sub(9)
	return u
}

var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// rfcReference matches URI-reference exactly: it is RFC 3986, Appendix A,
// transcribed rule by rule into a regular expression (the language is
// regular), so that Valid can be checked against a second, literal reading.
var rfcReference = func() *regexp.Regexp {
	const (
		unreserved = `[A-Za-z0-9\-._~]`
		pctEncoded = `%[0-9A-Fa-f]{2}`
		subDelims  = `[!$&'()*+,;=]`
		hexdig     = `[0-9A-Fa-f]`
		scheme     = `[A-Za-z][A-Za-z0-9+\-.]*`
		pchar      = `(?:` + unreserved + `|` + pctEncoded + `|` + subDelims + `|[:@])`
		segment    = pchar + `*`
		segmentNz  = pchar + `+`
		segmentNc  = `(?:` + unreserved + `|` + pctEncoded + `|` + subDelims + `|@)+`
		userinfo   = `(?:` + unreserved + `|` + pctEncoded + `|` + subDelims + `|:)*`
		regName    = `(?:` + unreserved + `|` + pctEncoded + `|` + subDelims + `)*`
		decOctet   = `(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])`
		ipv4       = decOctet + `\.` + decOctet + `\.` + decOctet + `\.` + decOctet
		h16        = hexdig + `{1,4}`
		ls32       = `(?:` + h16 + `:` + h16 + `|` + ipv4 + `)`
		ipv6       = `(?:` +
			`(?:` + h16 + `:){6}` + ls32 +
			`|::(?:` + h16 + `:){5}` + ls32 +
			`|(?:` + h16 + `)?::(?:` + h16 + `:){4}` + ls32 +
			`|(?:(?:` + h16 + `:){0,1}` + h16 + `)?::(?:` + h16 + `:){3}` + ls32 +
			`|(?:(?:` + h16 + `:){0,2}` + h16 + `)?::(?:` + h16 + `:){2}` + ls32 +
			`|(?:(?:` + h16 + `:){0,3}` + h16 + `)?::` + h16 + `:` + ls32 +
			`|(?:(?:` + h16 + `:){0,4}` + h16 + `)?::` + ls32 +
			`|(?:(?:` + h16 + `:){0,5}` + h16 + `)?::` + h16 +
			`|(?:(?:` + h16 + `:){0,6}` + h16 + `)?::` +
			`)`
		ipvFuture    = `[vV]` + hexdig + `+\.(?:` + unreserved + `|` + subDelims + `|:)+`
		ipLiteral    = `\[(?:` + ipv6 + `|` + ipvFuture + `)\]`
		host         = `(?:` + ipLiteral + `|` + ipv4 + `|` + regName + `)`
		port         = `[0-9]*`
		authority    = `(?:` + userinfo + `@)?` + host + `(?::` + port + `)?`
		pathAbempty  = `(?:/` + segment + `)*`
		pathAbsolute = `/(?:` + segmentNz + `(?:/` + segment + `)*)?`
		pathNoscheme = segmentNc + `(?:/` + segment + `)*`
		pathRootless = segmentNz + `(?:/` + segment + `)*`
		query        = `(?:` + pchar + `|[/?])*`
		fragment     = query
		hierPart     = `(?://` + authority + pathAbempty + `|` + pathAbsolute + `|` + pathRootless + `|)`
		relativePart = `(?://` + authority + pathAbempty + `|` + pathAbsolute + `|` + pathNoscheme + `|)`
		uri          = scheme + `:` + hierPart + `(?:\?` + query + `)?(?:#` + fragment + `)?`
		relativeRef  = relativePart + `(?:\?` + query + `)?(?:#` + fragment + `)?`
	)
	return regexp.MustCompile(`^(?:` + uri + `|` + relativeRef + `)$`)
}()

// ---------------------------------------------------------------------------
// Character classes

// TestClassTable checks every class bit over all 256 bytes against a
// definition spelled independently of parse.go's strings.
func TestClassTable(t *testing.T) {
	alpha := func(c byte) bool { return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' }
	digit := func(c byte) bool { return '0' <= c && c <= '9' }
	hex := func(c byte) bool { return digit(c) || 'A' <= c && c <= 'F' || 'a' <= c && c <= 'f' }
	unreserved := func(c byte) bool { return alpha(c) || digit(c) || c == '-' || c == '.' || c == '_' || c == '~' }
	subDelim := func(c byte) bool { return c != 0 && strings.IndexByte("!$&'()*+,;=", c) >= 0 }
	genDelim := func(c byte) bool { return c != 0 && strings.IndexByte(":/?#[]@", c) >= 0 }
	pchar := func(c byte) bool { return unreserved(c) || subDelim(c) || c == ':' || c == '@' || c == '%' }
	classes := []struct {
		name string
		bit  uint16
		want func(byte) bool
	}{
		{"ALPHA", cAlpha, alpha},
		{"DIGIT", cDigit, digit},
		{"HEXDIG", cHex, hex},
		{"unreserved", cUnreserved, unreserved},
		{"sub-delims", cSubDelim, subDelim},
		{"gen-delims", cGenDelim, genDelim},
		{"scheme", cScheme, func(c byte) bool { return alpha(c) || digit(c) || c == '+' || c == '-' || c == '.' }},
		{"userinfo", cUserinfo, func(c byte) bool { return unreserved(c) || subDelim(c) || c == ':' || c == '%' }},
		{"reg-name", cRegName, func(c byte) bool { return unreserved(c) || subDelim(c) || c == '%' }},
		{"pchar", cPchar, pchar},
		{"path", cPath, func(c byte) bool { return pchar(c) || c == '/' }},
		{"query", cQuery, func(c byte) bool { return pchar(c) || c == '/' || c == '?' }},
		{"IPvFuture", cFuture, func(c byte) bool { return unreserved(c) || subDelim(c) || c == ':' }},
		{"%", cPct, func(c byte) bool { return c == '%' }},
	}
	for _, cl := range classes {
		n := 0
		for c := 0; c < 256; c++ {
			if got, want := is(byte(c), cl.bit), cl.want(byte(c)); got != want {
				t.Errorf("%s: byte %#02x: got %v, want %v", cl.name, c, got, want)
			}
			if cl.want(byte(c)) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: empty class", cl.name)
		}
	}
}

// TestEveryByte puts each of the 256 bytes in each component and checks
// Parse against the ABNF oracle, so every class boundary is crossed.
func TestEveryByte(t *testing.T) {
	templates := []string{
		"s%c:x",            // scheme
		"s://u%c@h/",       // userinfo
		"s://h%c/",         // host
		"s://h:8%c/",       // port
		"s://[::%c]/",      // IPv6
		"s://[v1.%c]/",     // IPvFuture
		"s:/p%c",           // path-absolute
		"s:p%c",            // path-rootless
		"p%c",              // path-noscheme
		"s:/?q%c",          // query
		"s:/#f%c",          // fragment
		"%c",               // the first byte
		"s://h/%%%c0",      // pct-encoded, first digit
		"s://h/%%0%c",      // pct-encoded, second digit
		"s://%c",           // the first byte of an authority
		"s://h:%c",         // the first byte of a port
		"s://[v%c.x]",      // IPvFuture version
		"s://1.2.3.%c",     // IPv4 tail
		"s://[::1.2.3.%c]", // embedded IPv4
	}
	for _, tmpl := range templates {
		for c := 0; c < 256; c++ {
			s := strings.Replace(tmpl, "%c", string([]byte{byte(c)}), 1)
			s = strings.ReplaceAll(s, "%%", "%")
			u, err := Parse(s)
			want := rfcReference.MatchString(s)
			if (err == nil) != want {
				t.Errorf("Parse(%q) = %v; the ABNF oracle says valid=%v", s, err, want)
				continue
			}
			if err == nil {
				checkValid(t, s, u)
			} else {
				checkError(t, s, err)
			}
		}
	}
}

// checkError checks the shape of an error for invalid input s.
func checkError(t testing.TB, s string, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Parse(%q) error %T is not *Error", s, err)
	}
	if e.Offset < 0 || e.Offset > len(s) || e.Input != s {
		t.Fatalf("Parse(%q): offset %d out of range or input %q", s, e.Offset, e.Input)
	}
	found := false
	for _, sentinel := range sentinels {
		found = found || errors.Is(err, sentinel)
	}
	if !found {
		t.Fatalf("Parse(%q): %v wraps no sentinel", s, err)
	}
	_ = e.Error()
}

// ---------------------------------------------------------------------------
// Errors

func TestErrorMessage(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"http://h:8a/", `uri: invalid port at offset 10 in "http://h:8a/": expected digit, or end of authority ('/', '?', '#')`},
		{"http://alice:s3cret@h:8a/", `uri: invalid port at offset 23 in "http://alice:xxxxx@h:8a/": expected digit, or end of authority ('/', '?', '#')`},
		{"http://alice:s3cr t@h/", `uri: invalid userinfo at offset 17 in "http://alice:xxxxx@h/": expected userinfo character or '@'`},
		{"http://a/" + strings.Repeat("b", 100) + " " + strings.Repeat("c", 100),
			`uri: invalid path at offset 109 in "...` + strings.Repeat("b", 32) + " " + strings.Repeat("c", 31) + `...": expected path character: pchar or '/'`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

// TestErrorNeverPrintsPassword builds invalid inputs with a password and
// checks the message never contains it, wherever the fault is.
func TestErrorNeverPrintsPassword(t *testing.T) {
	const pw = "Sup3rS3cret"
	for _, in := range []string{
		"http://user:" + pw + "@host:bad/",
		"http://user:" + pw + "@ho st/",
		"http://user:" + pw + "@host/p a t h",
		"http://user:" + pw + " x@host/",
		"http://user:" + pw + "%zz@host/",
		"//user:" + pw + "@host/\x00",
		"http://user:" + pw + "@[::1::2]/",
		"http://user:" + pw + "@host/" + strings.Repeat("x", 200) + "<",
		"ht tp://user:" + pw + "@host/",
	} {
		_, err := Parse(in)
		if err == nil {
			t.Errorf("Parse(%q) accepted", in)
			continue
		}
		if strings.Contains(err.Error(), pw) || strings.Contains(err.Error(), pw[:5]) {
			t.Errorf("Parse(%q) error prints the password: %v", in, err)
		}
	}
}

// ---------------------------------------------------------------------------
// Accessors

func TestPortNumber(t *testing.T) {
	tests := []struct {
		in   string
		want uint16
		ok   bool
	}{
		{"http://h", 0, false},
		{"http://h:", 0, false},
		{"http://h:0", 0, true},
		{"http://h:80", 80, true},
		{"http://h:0080", 80, true},
		{"http://h:65535", 65535, true},
		{"http://h:65536", 0, false},
		{"http://h:99999999999999999999999", 0, false},
		{"http://[::1]:8080", 8080, true},
	}
	for _, tt := range tests {
		got, ok := MustParse(tt.in).PortNumber()
		if got != tt.want || ok != tt.ok {
			t.Errorf("PortNumber(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestValidateHandBuilt(t *testing.T) {
	tests := []struct {
		u    URI
		want error // nil for valid
	}{
		{URI{}, nil},
		{URI{Scheme: "http", Host: "a", HasAuthority: true, Path: "/"}, nil},
		{URI{Scheme: "1http", Path: "x"}, ErrScheme},
		{URI{Scheme: "ht:tp", Path: "x"}, ErrScheme},
		{URI{Host: "a"}, ErrHost},
		{URI{Scheme: "s", HasAuthority: true, Host: "a/b"}, ErrHost},
		{URI{Scheme: "s", HasAuthority: true, Host: "a", Path: "b"}, ErrPath},
		{URI{Scheme: "s", Path: "//x"}, ErrPath},
		{URI{Path: "a:b"}, ErrScheme},
		{URI{Path: "x/a:b"}, nil},
		{URI{Scheme: "s", HasAuthority: true, Host: "h", Port: "8x", HasPort: true}, ErrPort},
		{URI{Scheme: "s", HasAuthority: true, Host: "h", Port: "80"}, ErrPort},
		{URI{Scheme: "s", HasAuthority: true, Host: "h", Userinfo: "u@v", HasUserinfo: true}, ErrUserinfo},
		{URI{Scheme: "s", Userinfo: "u", HasUserinfo: true}, ErrHost},
		{URI{Scheme: "s", Query: "q"}, ErrQuery},
		{URI{Scheme: "s", Query: "q#", HasQuery: true}, ErrQuery},
		{URI{Scheme: "s", Fragment: "f"}, ErrFragment},
		{URI{Scheme: "s", Fragment: "f#", HasFragment: true}, ErrFragment},
		{URI{Scheme: "s", Path: "/a b"}, ErrPath},
		{URI{Scheme: "s", HasAuthority: true, Host: "[::]:1"}, ErrHost}, // found by FuzzHandBuilt: the port is in Host
		{URI{Scheme: "s", HasAuthority: true, Host: "[::]x"}, ErrHost},
		{URI{Scheme: "s", HasAuthority: true, Host: "[::1"}, ErrHost},
	}
	for _, tt := range tests {
		err := tt.u.Validate()
		if (err == nil) != (tt.want == nil) || (err != nil && !errors.Is(err, tt.want)) {
			t.Errorf("Validate(%#v) = %v, want %v", tt.u, err, tt.want)
		}
		var e *Error
		if err != nil && (!errors.As(err, &e) || e.Offset < 0 || e.Offset > len(e.Input)) {
			t.Errorf("Validate(%#v) = %v: want *Error with offset in range", tt.u, err)
		}
	}
}

// ---------------------------------------------------------------------------
// Allocations and benchmarks

// corpusFile holds real-world URLs, one per line (2,760 of them; see
// ../shared/data/PROVENANCE.md). It is test data this repository did not
// write, so it is read from beside the clone, never copied into it.
const corpusFile = "../shared/data/corpus.txt"

// corpusMissing says what a test runs without when corpusFile is absent.
const corpusMissing = corpusFile + " not found: get the shared test data (corpus.txt, real-world URLs) beside this clone to run the corpus checks"

// corpus returns the real-world URLs of corpusFile, and skips the test or
// benchmark when the file is absent: for tests whose only input it is.
func corpus(tb testing.TB) []string {
	tb.Helper()
	in := corpusSeeds(tb)
	if in == nil {
		tb.Skip(corpusMissing)
	}
	return in
}

// corpusSeeds is corpus for tests and fuzz targets that have other
// inputs: when the file is absent it logs so and returns nil.
func corpusSeeds(tb testing.TB) []string {
	tb.Helper()
	b, err := os.ReadFile(corpusFile)
	if errors.Is(err, fs.ErrNotExist) {
		tb.Log(corpusMissing)
		return nil
	}
	if err != nil {
		tb.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

func TestCorpus(t *testing.T) {
	invalid := 0
	for _, s := range corpus(t) {
		u, err := Parse(s)
		if err != nil {
			invalid++
			checkError(t, s, err)
			if rfcReference.MatchString(s) {
				t.Errorf("Parse(%q) = %v, but the ABNF oracle accepts it", s, err)
			}
			continue
		}
		checkValid(t, s, u)
	}
	t.Logf("%d invalid URLs in the corpus", invalid)
}

func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	in := corpus(t)
	var u URI
	if n := testing.AllocsPerRun(10, func() {
		for _, s := range in {
			u, _ = Parse(s)
			_ = Valid(s)
		}
	}); n != float64(countInvalid(in)) {
		t.Errorf("Parse+Valid over the corpus: %v allocations, want one per invalid URL (%d)", n, countInvalid(in))
	}
	u = MustParse("http://user@example.com:8080/a/b?q=1#f")
	if n := testing.AllocsPerRun(100, func() { _ = u.String() }); n != 1 {
		t.Errorf("String: %v allocations, want 1", n)
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = u.AppendTo(buf[:0]) }); n != 0 {
		t.Errorf("AppendTo: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { u.LiteralAddr() }); n != 0 {
		t.Errorf("LiteralAddr: %v allocations, want 0", n)
	}
}

func countInvalid(in []string) int {
	n := 0
	for _, s := range in {
		if _, err := Parse(s); err != nil {
			n++
		}
	}
	return n
}

// validCorpus is the benchmark input: the corpus URLs that both this package
// and net/url accept, so both parse the same strings.
func validCorpus(b *testing.B) []string {
	var out []string
	for _, s := range corpus(b) {
		if _, err := url.Parse(s); err == nil && Valid(s) {
			out = append(out, s)
		}
	}
	return out
}

// Benchmarks report ns/op per URL: one op is one pass over the corpus
// divided by its length, via b.ReportMetric.
func benchCorpus(b *testing.B, f func(string)) {
	in := validCorpus(b)
	n := 0
	for _, s := range in {
		n += len(s)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, s := range in {
			f(s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/url")
}

var sinkURI URI
var sinkURL *url.URL
var sinkString string

func BenchmarkParse(b *testing.B) {
	b.Run("uri", func(b *testing.B) { benchCorpus(b, func(s string) { sinkURI, _ = Parse(s) }) })
	b.Run("net-url", func(b *testing.B) { benchCorpus(b, func(s string) { sinkURL, _ = url.Parse(s) }) })
}

func BenchmarkValid(b *testing.B) {
	b.Run("uri", func(b *testing.B) { benchCorpus(b, func(s string) { _ = Valid(s) }) })
}

func BenchmarkString(b *testing.B) {
	b.Run("uri", func(b *testing.B) {
		benchCorpus(b, func(s string) { u, _ := Parse(s); sinkString = u.String() })
	})
	b.Run("net-url", func(b *testing.B) {
		benchCorpus(b, func(s string) { u, _ := url.Parse(s); sinkString = u.String() })
	})
}

// ---------------------------------------------------------------------------
// Fuzzing

// FuzzParse checks, for any input: no panic; Valid agrees with Parse and
// with the ABNF oracle; a valid input round-trips byte for byte, keeps the
// invariants, splits as Appendix B splits it and has hosts that net/netip
// reads the same; an invalid input gets an *Error with an offset inside it.
func FuzzParse(f *testing.F) {
	for _, s := range corpusSeeds(f) {
		f.Add(s)
	}
	for _, r := range readCases(f, "testdata/parse.txt") {
		f.Add(r.input)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if Valid(s) != (err == nil) {
			t.Fatalf("Valid(%q) disagrees with Parse: %v", s, err)
		}
		if want := rfcReference.MatchString(s); want != (err == nil) {
			t.Fatalf("Parse(%q) = %v; the ABNF oracle says valid=%v", s, err, want)
		}
		if err != nil {
			checkError(t, s, err)
			return
		}
		checkValid(t, s, u)
	})
}

// TestOffsets checks the one component-offset walk against the text: every
// component read at its offset in String is the component, and its
// delimiter sits just before it; a component u lacks starts where the next
// one does.
func TestOffsets(t *testing.T) {
	in := append([]string{
		"", "a", "/", "//", "?", "#", "s:", "s://", "s://@", "s://:", "s://u@h:1/p?q#f",
		"//h", "//u@", "//:80", "?q#f", "s:p#", "http://[::1]:8080/a?b#c", "mailto:a@b?c",
	}, corpusSeeds(t)...)
	for _, s := range in {
		u, err := Parse(s)
		if err != nil {
			continue
		}
		o := u.offsets()
		at := func(name string, off int, part string, has bool, delim string) {
			t.Helper()
			if s[off:off+len(part)] != part {
				t.Fatalf("%q: %s at %d reads %q, want %q", s, name, off, s[off:off+len(part)], part)
			}
			if has && delim != "" && s[off-len(delim):off] != delim {
				t.Fatalf("%q: %s at %d follows %q, want %q", s, name, off, s[off-len(delim):off], delim)
			}
		}
		at("authority", o.authority, map[bool]string{true: "//"}[u.HasAuthority], u.HasAuthority, "")
		at("userinfo", o.userinfo, u.Userinfo, u.HasUserinfo, "//")
		at("host", o.host, u.Host, u.HasAuthority, map[bool]string{true: "@", false: "//"}[u.HasUserinfo])
		at("port", o.port, u.Port, u.HasPort, ":")
		at("path", o.path, u.Path, true, "")
		at("query", o.query, u.Query, u.HasQuery, "?")
		at("fragment", o.fragment, u.Fragment, u.HasFragment, "#")
		if end := o.fragment + len(u.Fragment); end != len(s) {
			t.Fatalf("%q: the fragment ends at %d, want %d", s, end, len(s))
		}
	}
}
