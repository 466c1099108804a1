package uri

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// unicodeData is where the tests find Unicode's data files.
const unicodeData = "../shared/data/unicode-17.0.0"

// readShared returns the contents of a file under ../shared/data, or
// skips the test saying what to get.
func readShared(t testing.TB, path, what string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../shared/data", path))
	if err != nil {
		t.Skipf("../shared/data/%s is absent (%v): get %s to run this test", path, err, what)
	}
	return b
}

// idnaTestLine is one line of Unicode's IdnaTestV2.txt, with its blank
// columns filled in as the file's header says.
type idnaTestLine struct {
	line                                            int
	source                                          string
	toUnicode, toASCIIN, toASCIIT                   string
	toUnicodeStatus, toASCIINStatus, toASCIITStatus []string
}

// unescapeIdnaTest undoes the \uXXXX and \x{XXXX} escapes of IdnaTestV2.txt,
// and reports false for a surrogate, which no Go string holds (the header
// lets implementations that cannot work with ill-formed strings skip such
// lines).
func unescapeIdnaTest(s string) (string, bool) {
	if s == `""` {
		return "", true
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		var hex string
		switch {
		case strings.HasPrefix(s[i:], `\u`) && i+6 <= len(s):
			hex, i = s[i+2:i+6], i+6
		case strings.HasPrefix(s[i:], `\x{`):
			end := strings.IndexByte(s[i:], '}')
			hex, i = s[i+3:i+end], i+end+1
		default:
			b.WriteByte(s[i])
			i++
			continue
		}
		v, err := strconv.ParseUint(hex, 16, 32)
		if err != nil || !utf8.ValidRune(rune(v)) {
			return "", false
		}
		b.WriteRune(rune(v))
	}
	return b.String(), true
}

// parseStatus reads a status column: "" (blank), "[]", or "[B5, B6]".
func parseStatus(s string) []string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	var codes []string
	for c := range strings.SplitSeq(s, ",") {
		if c = strings.TrimSpace(c); c != "" {
			codes = append(codes, c)
		}
	}
	return codes
}

// readIdnaTestV2 reads every line of IdnaTestV2.txt; skipped counts the
// lines with a surrogate.
func readIdnaTestV2(t testing.TB) (lines []idnaTestLine, skipped int) {
	data := readShared(t, "unicode-17.0.0/IdnaTestV2.txt", "Unicode's IdnaTestV2.txt for Unicode 17.0.0 (https://www.unicode.org/Public/17.0.0/idna/)")
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		n++
		text, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(text) == "" {
			continue
		}
		f := strings.Split(text, ";")
		if len(f) != 7 {
			t.Fatalf("IdnaTestV2.txt:%d: %d columns", n, len(f))
		}
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		l := idnaTestLine{line: n}
		var ok [4]bool
		l.source, ok[0] = unescapeIdnaTest(f[0])
		l.toUnicode, ok[1] = l.source, true
		if f[1] != "" {
			l.toUnicode, ok[1] = unescapeIdnaTest(f[1])
		}
		l.toASCIIN, ok[2] = l.toUnicode, true
		if f[3] != "" {
			l.toASCIIN, ok[2] = unescapeIdnaTest(f[3])
		}
		l.toASCIIT, ok[3] = l.toASCIIN, true
		if f[5] != "" {
			l.toASCIIT, ok[3] = unescapeIdnaTest(f[5])
		}
		if !ok[0] || !ok[1] || !ok[2] || !ok[3] {
			skipped++
			continue
		}
		l.toUnicodeStatus = parseStatus(f[2])
		l.toASCIINStatus = l.toUnicodeStatus
		if f[4] != "" {
			l.toASCIINStatus = parseStatus(f[4])
		}
		l.toASCIITStatus = l.toASCIINStatus
		if f[6] != "" {
			l.toASCIITStatus = parseStatus(f[6])
		}
		lines = append(lines, l)
	}
	return lines, skipped
}

// idnaIgnored returns the status codes that an implementation run with
// the flags of p ignores, as IdnaTestV2.txt's header lists them.
func ignoredCodes(p IDNA) func(code string) bool {
	return func(c string) bool {
		switch {
		case c == "A4_1" || c == "A4_2":
			return !p.VerifyDNSLength
		case c == "V2" || c == "V3":
			return !p.CheckHyphens
		case c == "U1":
			return !p.UseSTD3ASCIIRules
		case c[0] == 'C':
			return p.NoCheckJoiners
		case c[0] == 'B':
			return p.NoCheckBidi
		}
		return false
	}
}

// wantsError reports whether codes, less the ignored ones, has any.
func wantsError(codes []string, ignored func(string) bool) bool {
	for _, c := range codes {
		if !ignored(c) {
			return true
		}
	}
	return false
}

// TestIdnaTestV2 runs every line of Unicode's conformance file, ToUnicode,
// ToASCII (Nontransitional) and ToASCII (Transitional), under the flags
// the file was made with (all checks on) and under the URL Standard's
// (the zero IDNA), and with CheckBidi and CheckJoiners off, ignoring the
// status codes the header lists for each flag that is off. Results are
// compared as strings on every line, error or not (UTS #46 only requires
// the error, but processing gives a result either way).
func TestIdnaTestV2(t *testing.T) {
	lines, skipped := readIdnaTestV2(t)
	profiles := []struct {
		name string
		p    IDNA
	}{
		{"IdnaTestV2's flags", IDNA{CheckHyphens: true, UseSTD3ASCIIRules: true, VerifyDNSLength: true}},
		{"the URL Standard's", IDNA{}},
		{"no CheckBidi, no CheckJoiners", IDNA{NoCheckBidi: true, NoCheckJoiners: true}},
	}
	fails := 0
	check := func(l *idnaTestLine, prof string, p IDNA, op string, ascii bool, want string, status []string, ignored func(string) bool) {
		got, f := p.convert(l.source, ascii)
		if got != want || (f.code != 0) != wantsError(status, ignored) {
			fails++
			if fails <= 30 {
				t.Errorf("IdnaTestV2.txt:%d, %s flags: %s(%+q) = %+q, %s; want %+q, %v", l.line, prof, op, l.source, got, codeName(f.code), want, status)
			}
		}
	}
	for _, pr := range profiles {
		ignored := ignoredCodes(pr.p)
		pt := pr.p
		pt.Transitional = true
		for i := range lines {
			l := &lines[i]
			check(l, pr.name, pr.p, "ToUnicode", false, l.toUnicode, l.toUnicodeStatus, ignored)
			check(l, pr.name, pr.p, "ToASCII (N)", true, l.toASCIIN, l.toASCIINStatus, ignored)
			check(l, pr.name, pt, "ToASCII (T)", true, l.toASCIIT, l.toASCIITStatus, ignored)
		}
	}
	if fails > 30 {
		t.Errorf("... %d failures in all", fails)
	}
	t.Logf("IdnaTestV2.txt: %d lines, 3 operations, %d flag settings; %d lines skipped (a surrogate)", len(lines), len(profiles), skipped)
}

// codeName is the status code as IdnaTestV2.txt writes it.
func codeName(c idnaCode) string {
	if c == 0 {
		return "no error"
	}
	e := idnaExpected[c]
	if i := strings.LastIndexByte(e, ' '); i >= 0 && strings.HasSuffix(e, ")") {
		return e[i+1 : len(e)-1]
	}
	return e
}

// wptIDNACase is one case of web-platform-tests' toascii.json or
// IdnaTestV2.json: the host, and its ASCII form or null for failure.
type wptIDNACase struct {
	Comment string  `json:"comment"`
	Input   string  `json:"input"`
	Output  *string `json:"output"`
}

// readWPTIDNA reads one of web-platform-tests' IDNA files, skipping the
// strings (comments) between the cases.
func readWPTIDNA(t testing.TB, name string) []wptIDNACase {
	data := readShared(t, "wpt-url/"+name, "web-platform-tests' url/resources/"+name)
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var cases []wptIDNACase
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue
		}
		var c wptIDNACase
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// TestWPTIDNA runs web-platform-tests' toascii.json, IdnaTestV2.json and
// IdnaTestV2-removed.json (cases of older Unicode versions)
// through DomainToASCII: each output, or a failure (null), must match.
// The files test the URL Standard's host parser, which for these inputs
// (no '%', no IPv4 look-alikes: IdnaTestV2.json leaves them out) is
// "domain to ASCII" and its checks; the empty input, which the wpt
// harness skips, goes through UTS #46 ToASCII (the zero IDNA).
func TestWPTIDNA(t *testing.T) {
	for _, name := range []string{"toascii.json", "IdnaTestV2.json", "IdnaTestV2-removed.json"} {
		cases := readWPTIDNA(t, name)
		pass := 0
		for _, c := range cases {
			got, err := DomainToASCII(c.Input)
			if c.Input == "" {
				// The harness skips it ("cannot test empty string input
				// through new URL()"): "domain to ASCII" fails on an empty
				// result, and the file's "" is what UTS #46 ToASCII gives.
				got, err = IDNA{}.ToASCII(c.Input)
			}
			switch {
			case c.Output == nil && err != nil && errors.Is(err, ErrIDNA):
				pass++
			case c.Output != nil && err == nil && got == *c.Output:
				pass++
			case c.Output == nil:
				t.Errorf("%s: DomainToASCII(%+q) = %+q, want failure (%s)", name, c.Input, got, c.Comment)
			default:
				t.Errorf("%s: DomainToASCII(%+q) = %+q, %v; want %+q (%s)", name, c.Input, got, err, *c.Output, c.Comment)
			}
		}
		t.Logf("%s: %d of %d cases pass", name, pass, len(cases))
	}
}

// idnaCase is one line of testdata/idna.txt.
type idnaCase struct {
	line         int
	op, in, want string
	fails        bool // an error is expected
	off          int
	code         string
}

// readIDNACases reads testdata/idna.txt.
func readIDNACases(t *testing.T) []idnaCase {
	data, err := os.ReadFile("testdata/idna.txt")
	if err != nil {
		t.Fatal(err)
	}
	var cases []idnaCase
	for n, text := range strings.Split(string(data), "\n") {
		c := idnaCase{line: n + 1}
		rest := strings.TrimSpace(text)
		if rest == "" || rest[0] == '#' {
			continue
		}
		bad := func(why string) { t.Fatalf("testdata/idna.txt:%d: %s: %q", c.line, why, text) }
		quoted := func() string {
			rest = strings.TrimSpace(rest)
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				bad("want a quoted string")
			}
			rest = rest[len(q):]
			s, _ := strconv.Unquote(q)
			return s
		}
		c.op, rest, _ = strings.Cut(rest, " ")
		c.in = quoted()
		if r := strings.TrimSpace(rest); r != "" && r[0] == '"' {
			c.want = quoted()
		}
		rest, _, _ = strings.Cut(rest, "#")
		if f := strings.Fields(rest); len(f) > 0 {
			if len(f) != 3 || f[0] != "!" {
				bad("want ! offset code")
			}
			c.fails, c.code = true, f[2]
			if c.off, err = strconv.Atoi(f[1]); err != nil {
				bad("bad offset")
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// idnaErrCode returns the status code an error from this file names, by
// the Expected it carries, or "" if it is not an *Error of ErrIDNA.
func idnaErrCode(err error) (string, int) {
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrIDNA) {
		return "", -1
	}
	for c, want := range idnaExpected {
		if want != "" && want == e.Expected {
			switch idnaCode(c) {
			case codeEmpty:
				return "empty", e.Offset
			case codeForbidden:
				return "forbidden", e.Offset
			}
			return codeName(idnaCode(c)), e.Offset
		}
	}
	return "?", e.Offset
}

// TestIDNACases runs testdata/idna.txt. Every result of DomainToASCII is
// also checked to be its own DomainToASCII.
func TestIDNACases(t *testing.T) {
	ops := map[string]func(string) (string, error){
		"ascii":        DomainToASCII,
		"unicode":      DomainToUnicode,
		"uts46":        IDNA{}.ToASCII,
		"strict":       IDNA{CheckHyphens: true, UseSTD3ASCIIRules: true, VerifyDNSLength: true}.ToASCII,
		"transitional": IDNA{Transitional: true}.ToASCII,
	}
	for _, c := range readIDNACases(t) {
		f := ops[c.op]
		if f == nil {
			t.Fatalf("testdata/idna.txt:%d: unknown op %q", c.line, c.op)
		}
		got, err := f(c.in)
		code, off := idnaErrCode(err)
		switch {
		case err != nil && code == "":
			t.Errorf("testdata/idna.txt:%d: %s(%+q): %v is not an *Error of ErrIDNA", c.line, c.op, c.in, err)
		case c.fails != (err != nil) || c.fails && (code != c.code || off != c.off):
			t.Errorf("testdata/idna.txt:%d: %s(%+q) = %+q, %v; want code %q at %d", c.line, c.op, c.in, got, err, c.code, c.off)
		case got != c.want:
			t.Errorf("testdata/idna.txt:%d: %s(%+q) = %+q, want %+q", c.line, c.op, c.in, got, c.want)
		}
		if c.op == "ascii" && err == nil {
			if again, err := DomainToASCII(got); again != got || err != nil {
				t.Errorf("testdata/idna.txt:%d: DomainToASCII(%+q) = %+q, %v: not idempotent", c.line, got, again, err)
			}
		}
	}
}

// idnaRegen selects TestIDNATablesGenerated, which runs the generator
// (about a second, more than go test ./... may spend by default).
var idnaRegen = flag.Bool("idna.regen", false, "TestIDNATablesGenerated: regenerate idna_tables.go in memory and compare")

// TestIDNATablesInputs checks, when Unicode's data files are present,
// that idna_tables.go was generated from them: its header lists their
// SHA-256. TestIDNATablesGenerated (-idna.regen) runs the generator.
func TestIDNATablesInputs(t *testing.T) {
	src, err := os.ReadFile("idna_tables.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for line := range strings.Lines(string(src)) {
		name, sum, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "//")), " ")
		if !ok || !strings.HasSuffix(name, ".txt") {
			continue
		}
		data := readShared(t, "unicode-17.0.0/"+name, "Unicode 17.0.0's "+name)
		if got := fmt.Sprintf("%x", sha256.Sum256(data)); got != sum {
			t.Errorf("%s/%s has SHA-256 %s; idna_tables.go was generated from %s: run go generate", unicodeData, name, got, sum)
		}
		n++
	}
	if n != 7 {
		t.Errorf("idna_tables.go lists %d input files, want 7", n)
	}
}

// TestIDNATablesGenerated regenerates idna_tables.go from Unicode's data
// files, with -idna.regen and when they are present, and compares it with
// the committed file.
func TestIDNATablesGenerated(t *testing.T) {
	if !*idnaRegen {
		t.Skip("regenerating idna_tables.go takes about a second: run with -idna.regen")
	}
	if _, err := os.Stat(filepath.Join(unicodeData, "IdnaMappingTable.txt")); err != nil {
		t.Skipf("%s is absent (%v): get Unicode 17.0.0's IdnaMappingTable.txt and UCD files to regenerate idna_tables.go", unicodeData, err)
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to run the generator: %v", err)
	}
	out := filepath.Join(t.TempDir(), "idna_tables.go")
	cmd := exec.Command(gobin, "run", "gen_idna_tables.go", "-o", out, unicodeData)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen_idna_tables.go: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("idna_tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("idna_tables.go differs from what gen_idna_tables.go generates from %s: run go generate", unicodeData)
	}
}

// TestIDNAMappingTable reads IdnaMappingTable.txt with a parser of its
// own and checks idnaStatus and idnaMapping, which the integration uses
// directly, for every code point.
func TestIDNAMappingTable(t *testing.T) {
	data := readShared(t, "unicode-17.0.0/IdnaMappingTable.txt", "Unicode 17.0.0's IdnaMappingTable.txt")
	statuses := map[string]int{"valid": idnaValid, "deviation": idnaDeviation, "mapped": idnaMapped, "ignored": idnaIgnored, "disallowed": idnaDisallowed}
	next := rune(0)
	for line := range strings.Lines(string(data)) {
		line, _, _ = strings.Cut(line, "#")
		f := strings.Split(line, ";")
		if len(f) < 2 {
			continue
		}
		lo, hi, found := strings.Cut(strings.TrimSpace(f[0]), "..")
		if !found {
			hi = lo
		}
		l, err1 := strconv.ParseUint(lo, 16, 32)
		h, err2 := strconv.ParseUint(hi, 16, 32)
		st, ok := statuses[strings.TrimSpace(f[1])]
		if err1 != nil || err2 != nil || !ok || rune(l) != next {
			t.Fatalf("IdnaMappingTable.txt: bad line %q", line)
		}
		to := ""
		if len(f) > 2 {
			rs, _ := parseHexRunes(strings.TrimSpace(f[2]))
			to = string(rs)
		}
		for r := rune(l); r <= rune(h); r++ {
			m, changed := idnaMapping(r)
			wantChanged := st == idnaMapped || st == idnaIgnored
			if idnaStatus(r) != st || changed != wantChanged || changed && m != to {
				t.Fatalf("%U: status %d, mapping %+q %v; IdnaMappingTable.txt says %d %+q", r, idnaStatus(r), m, changed, st, to)
			}
			if st == idnaDeviation && idnaDeviationMapping(r) != to {
				t.Fatalf("%U: deviation mapping %+q, want %+q", r, idnaDeviationMapping(r), to)
			}
		}
		next = rune(h) + 1
	}
	if next != utf8.MaxRune+1 {
		t.Fatalf("IdnaMappingTable.txt ends at %U", next)
	}
	if idnaStatus(-1) != idnaDisallowed || idnaStatus(utf8.MaxRune+1) != idnaDisallowed {
		t.Error("a value beyond Unicode is not disallowed")
	}
}
