package uri

import (
	"bufio"
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"unicode"
)

// unicodeDir is where the Unicode data the generators read is kept, beside
// the repository (see ../shared/data/unicode-17.0.0/PROVENANCE.md).
const unicodeDir = "../shared/data/unicode-" + confusablesVersion

// needUnicodeData skips t when the Unicode data files are absent.
func needUnicodeData(t *testing.T, files ...string) {
	t.Helper()
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(unicodeDir, f)); err != nil {
			t.Skipf("needs Unicode %s's %s in %s (UTS #39 data from unicode.org, https://www.unicode.org/Public/security/%s/, and the UCD): %v",
				confusablesVersion, f, unicodeDir, confusablesVersion, err)
		}
	}
}

// TestConfusablesTableGenerated regenerates confusables_table.go from the
// Unicode data with gen_confusables.go and compares it with the committed
// file (regenerate runs the generator while the other tests run).
func TestConfusablesTableGenerated(t *testing.T) {
	needUnicodeData(t, "confusables.txt", "IdentifierStatus.txt", "Scripts.txt", "ScriptExtensions.txt", "UnicodeData.txt")
	generated := regenerate(t, "gen_confusables.go", unicodeDir)
	committed, err := os.ReadFile("confusables_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(generated, committed) {
		t.Errorf("confusables_table.go differs from what gen_confusables.go makes of %s: run go generate", unicodeDir)
	}
}

// TestConfusablesLines reads confusables.txt line by line: every non-ASCII
// character whose prototype holds a delimiter of iriDelims is in
// delimLookalikes (its skeleton holds the prototype, as UTS #39, Section 4
// builds it), and every character in delimLookalikes is there for a line
// or a canonical decomposition.
func TestConfusablesLines(t *testing.T) {
	needUnicodeData(t, "confusables.txt")
	f, err := os.Open(filepath.Join(unicodeDir, "confusables.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, lines := 0, 0
	for sc.Scan() {
		lines++
		line, _, _ := strings.Cut(sc.Text(), "#")
		from, rest, ok := strings.Cut(line, ";")
		if !ok {
			continue
		}
		to, _, _ := strings.Cut(rest, ";")
		r, err := strconv.ParseUint(strings.TrimSpace(from), 16, 32)
		if err != nil {
			t.Fatalf("confusables.txt:%d: %v", lines, err)
		}
		delim := false
		for _, cp := range strings.Fields(to) {
			x, err := strconv.ParseUint(cp, 16, 32)
			if err != nil {
				t.Fatalf("confusables.txt:%d: %v", lines, err)
			}
			delim = delim || x < 0x80 && strings.ContainsRune(iriDelims, rune(x))
		}
		if r >= 0x80 && delim {
			n++
			if !unicode.Is(delimLookalikes, rune(r)) {
				t.Errorf("confusables.txt:%d: %U maps to %s, a delimiter, and is not in delimLookalikes", lines, r, strings.TrimSpace(to))
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Errorf("only %d lines map to a delimiter", n)
	}
}

// TestConfusablesTableSpots checks the table against the characters the
// issues name: look-alikes of delimiters among letters, digits and marks,
// and Cyrillic look-alikes of Latin letters.
func TestConfusablesTableSpots(t *testing.T) {
	for _, r := range []rune{
		0xA4FD, 0x30CE, 0x0294, 0x02D0, 0x3033, 0x4E3F, 0xA4F8, 0x06F0, 0x0903, // issue #24, row 5
		0x0589, 0x05C3, 0x2024, 0x2215, 0x2044, 0x29F8, 0xFF1A, 0x00A0, 0x2000, // punctuation, spaces
		0x2488,                 // DIGIT ONE FULL STOP, "l."
		0x2100,                 // ACCOUNT OF, "a/c"
		0x02C2, 0x02C3, 0x2039, // look-alikes of '<' and '>'
	} {
		if !unicode.Is(delimLookalikes, r) {
			t.Errorf("%U (%c) is not in delimLookalikes", r, r)
		}
	}
	for _, r := range []rune{'a', 0xE9, 0x4F8B, 0x3042, 0x0430, 0x00B7, 0x30FB, 0x3002} {
		if unicode.Is(delimLookalikes, r) {
			t.Errorf("%U (%c) is in delimLookalikes", r, r)
		}
	}
	for _, r := range "аресоухѕіјӏԁһԛԝ" { // Cyrillic
		if !unicode.Is(latinLookalikes, r) {
			t.Errorf("%U (%c) is not in latinLookalikes", r, r)
		}
	}
	for _, r := range "aéтпжд例あ" {
		if unicode.Is(latinLookalikes, r) {
			t.Errorf("%U (%c) is in latinLookalikes", r, r)
		}
	}
}

// TestGenerateFromClone runs gen_confusables.go as go generate runs it in
// a fresh clone: in a directory with no ../shared beside it, so that it
// downloads its files, here from a server laid out as unicode.org's Public
// directory (the layout transcribed below, serving the copies in
// unicodeDir). It must make the committed table; and when one file is not
// the one the table records, it must stop and say so rather than write
// another table.
func TestGenerateFromClone(t *testing.T) {
	needRegenerate(t)
	files := []string{"confusables.txt", "IdentifierStatus.txt", "Scripts.txt", "ScriptExtensions.txt", "UnicodeData.txt"}
	needUnicodeData(t, files...)
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("needs the go command: %v", err)
	}
	// Where unicode.org publishes them: UTS #39's data under
	// security/<version>/, the UCD under <version>/ucd/.
	published := map[string]string{
		"/security/" + confusablesVersion + "/confusables.txt":      "confusables.txt",
		"/security/" + confusablesVersion + "/IdentifierStatus.txt": "IdentifierStatus.txt",
		"/" + confusablesVersion + "/ucd/Scripts.txt":               "Scripts.txt",
		"/" + confusablesVersion + "/ucd/ScriptExtensions.txt":      "ScriptExtensions.txt",
		"/" + confusablesVersion + "/ucd/UnicodeData.txt":           "UnicodeData.txt",
	}
	var tamper atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name, ok := published[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		b, err := os.ReadFile(filepath.Join(unicodeDir, name))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if tamper.Load() && name == "Scripts.txt" {
			b = append(b, "# one more line\n"...)
		}
		w.Write(b)
	}))
	defer srv.Close()

	clone := filepath.Join(t.TempDir(), "uri")
	if err := os.Mkdir(clone, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"gen_confusables.go", "gen_unicode.go", "confusables_table.go"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(clone, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	generate := func() ([]byte, string, error) {
		var out, stderr bytes.Buffer
		cmd := exec.Command(gobin, "run", "gen_confusables.go", "gen_unicode.go", "-o", "-", "-base", srv.URL+"/")
		cmd.Dir, cmd.Stdout, cmd.Stderr = clone, &out, &stderr
		err := cmd.Run()
		return out.Bytes(), stderr.String(), err
	}
	t.Parallel() // it waits on the go command; let the other tests run
	got, stderr, err := generate()
	if err != nil {
		t.Fatalf("go run gen_confusables.go, downloading: %v\n%s", err, stderr)
	}
	committed, err := os.ReadFile("confusables_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, committed) {
		t.Errorf("the table generated from downloaded files differs from confusables_table.go")
	}
	tamper.Store(true)
	if _, stderr, err := generate(); err == nil || !strings.Contains(stderr, "Scripts.txt has SHA-256") {
		t.Errorf("a downloaded Scripts.txt that is not the recorded one: err %v, stderr %q; want a failure naming its SHA-256", err, stderr)
	}
}
