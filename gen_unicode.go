//go:build ignore

// gen_unicode.go is what the generators of Unicode tables share; each is
// run together with it:
//
//	go run gen_idna_tables.go gen_unicode.go [flags] [data-directory]
//	go run gen_confusables.go gen_unicode.go [flags] [data-directory]
//
// It finds the data, reads files in the Unicode Character Database's
// format, records what it read and writes the output. The data comes from
// the directory given (-data, or the argument), else from
// ../shared/data/unicode-<version> beside the clone when it is there, else
// from unicode.org: a downloaded file is used only if its SHA-256 is the one
// the committed table records for it, so that go generate from a fresh
// clone makes the committed tables byte for byte, and a file changed since
// stops the generator with a message instead of changing a table. To move
// to a new Unicode version, get its files, check them, and run the
// generators with -data and -version: the tables then record the new
// files' SHA-256.
//
// The flags:
//
//	-o file       the file to write, - for standard output (default: the table)
//	-data dir     read the files from dir
//	-version v    the Unicode version (default 17.0.0)
//	-base url     where unicode.org publishes its data (default https://www.unicode.org/Public/)
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

var (
	outFlag     = flag.String("o", "", "the file to write, - for standard output (default: the generator's table file)")
	dataFlag    = flag.String("data", "", "the directory holding the Unicode data files (default: ../shared/data/unicode-<version> if present, else download)")
	versionFlag = flag.String("version", "17.0.0", "the Unicode version")
	baseFlag    = flag.String("base", "https://www.unicode.org/Public/", "where unicode.org publishes its data files")
)

// unicodeFiles says where unicode.org publishes each input file, relative
// to -base, with {v} for the version: the UCD under {v}/ucd/ (UAX #44,
// Section 4.1), UTS #46's data under {v}/idna/, UTS #39's under
// security/{v}/.
var unicodeFiles = map[string]string{
	"IdnaMappingTable.txt":          "{v}/idna/",
	"UnicodeData.txt":               "{v}/ucd/",
	"CompositionExclusions.txt":     "{v}/ucd/",
	"DerivedNormalizationProps.txt": "{v}/ucd/",
	"Scripts.txt":                   "{v}/ucd/",
	"ScriptExtensions.txt":          "{v}/ucd/",
	"DerivedCombiningClass.txt":     "{v}/ucd/extracted/",
	"DerivedBidiClass.txt":          "{v}/ucd/extracted/",
	"DerivedJoiningType.txt":        "{v}/ucd/extracted/",
	"confusables.txt":               "security/{v}/",
	"IdentifierStatus.txt":          "security/{v}/",
}

// source is where this run reads its files: a directory, or base with the
// SHA-256 each file must have.
var source struct {
	dir      string
	base     string
	recorded map[string]string // file name -> SHA-256 in hex, from the table
	sums     map[string][32]byte
}

// run is the generators' main: it reads the flags, finds the data, calls
// generate and writes what it returns to table (or -o).
func run(table string, generate func() ([]byte, error)) {
	flag.Parse()
	out := table
	if *outFlag != "" {
		out = *outFlag
	}
	switch {
	case *dataFlag != "":
		source.dir = *dataFlag
	case flag.NArg() == 1:
		source.dir = flag.Arg(0)
	case flag.NArg() > 1:
		log.Fatalf("usage: go run %s gen_unicode.go [-o file] [-data dir | dir] [-version v] [-base url]", strings.TrimSuffix(table, ".go"))
	default:
		local := filepath.Join("..", "shared", "data", "unicode-"+*versionFlag)
		if _, err := os.Stat(local); err == nil {
			source.dir = local
		} else {
			source.base = *baseFlag
			recorded, err := recordedSums(table)
			if err != nil {
				log.Fatal(err)
			}
			source.recorded = recorded
			log.Printf("%s not found: downloading Unicode %s's data from %s", local, *versionFlag, source.base)
		}
	}
	src, err := generate()
	if err != nil {
		log.Fatal(err)
	}
	if out == "-" {
		_, err = os.Stdout.Write(src)
	} else {
		err = os.WriteFile(out, src, 0o644)
	}
	if err != nil {
		log.Fatal(err)
	}
}

// recordedSum matches a line of a table's header that records an input:
// "//", a tab, the file's name and its SHA-256 in hex.
var recordedSum = regexp.MustCompile(`(?m)^//\t(\S+\.txt) ([0-9a-f]{64})$`)

// recordedSums reads the SHA-256 of each input that table's header records.
func recordedSums(table string) (map[string]string, error) {
	b, err := os.ReadFile(table)
	if err != nil {
		return nil, fmt.Errorf("reading the SHA-256 of the inputs that %s records: %v", table, err)
	}
	m := map[string]string{}
	for _, s := range recordedSum.FindAllStringSubmatch(string(b), -1) {
		m[s[1]] = s[2]
	}
	return m, nil
}

// readFile returns the contents of the input file name, from the data
// directory or downloaded and checked, and remembers its SHA-256 for
// writeSums.
func readFile(name string) ([]byte, error) {
	var b []byte
	var err error
	if source.dir != "" {
		b, err = os.ReadFile(filepath.Join(source.dir, name))
	} else {
		b, err = download(name)
	}
	if err != nil {
		return nil, err
	}
	if source.sums == nil {
		source.sums = map[string][32]byte{}
	}
	source.sums[name] = sha256.Sum256(b)
	return b, nil
}

// download fetches name from unicode.org and checks it against the
// SHA-256 that the committed table records.
func download(name string) ([]byte, error) {
	dir, ok := unicodeFiles[name]
	if !ok {
		return nil, fmt.Errorf("%s: not a file the generators know where to download", name)
	}
	want, ok := source.recorded[name]
	if !ok {
		return nil, fmt.Errorf("%s: the table records no SHA-256 for it; get the file and run with -data", name)
	}
	url := strings.TrimSuffix(source.base, "/") + "/" + strings.ReplaceAll(dir, "{v}", *versionFlag) + name
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", url, resp.Status)
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", url, err)
	}
	if got := sha256.Sum256(b); hex.EncodeToString(got[:]) != want {
		return nil, fmt.Errorf("%s has SHA-256 %x, but the committed table was made from a file with %s: the published file is not the one the table records; check it, then run with -data", url, got, want)
	}
	return b, nil
}

// writeSums writes, for each input file read, a header line with its name
// and SHA-256 (the lines recordedSums reads back).
func writeSums(b *bytes.Buffer, names ...string) error {
	for _, name := range names {
		sum, ok := source.sums[name]
		if !ok {
			return fmt.Errorf("%s: recorded in the header but never read", name)
		}
		fmt.Fprintf(b, "//\t%s %x\n", name, sum)
	}
	return nil
}

// maxRune is the largest code point.
const maxRune = 0x10FFFF

// line is one data line of a UCD file: its code point range and fields.
type line struct {
	lo, hi rune
	f      []string
}

// readUCD returns the data lines of a file in the UCD's format (UAX #44,
// Section 4.2: fields separated by ';', '#' starting a comment), its
// @missing lines (as lines too) in the order they come, and its version,
// from its first "# Version:" line or the version in its name on its
// first line ("# Scripts-17.0.0.txt").
func readUCD(name string) (data, missing []line, version string, err error) {
	b, err := readFile(name)
	if err != nil {
		return nil, nil, "", err
	}
	for s := range strings.Lines(string(b)) {
		s = strings.TrimRight(s, "\r\n")
		if v, ok := strings.CutPrefix(s, "# Version: "); ok && version == "" {
			version = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(s, "# "+strings.TrimSuffix(name, ".txt")+"-"); ok && version == "" {
			version = strings.TrimSuffix(strings.TrimSpace(v), ".txt")
		}
		list := &data
		if m, ok := strings.CutPrefix(s, "# @missing: "); ok {
			s, list = m, &missing
		}
		s, _, _ = strings.Cut(s, "#")
		if strings.TrimSpace(s) == "" {
			continue
		}
		f := strings.Split(s, ";")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		lo, hi, err := parseRange(f[0])
		if err != nil {
			return nil, nil, "", fmt.Errorf("%s: %v", name, err)
		}
		*list = append(*list, line{lo, hi, f[1:]})
	}
	return data, missing, version, nil
}

// parseRange reads a code point or a range "lo..hi", in hex.
func parseRange(s string) (lo, hi rune, err error) {
	a, b, found := strings.Cut(s, "..")
	if !found {
		b = a
	}
	l, err1 := strconv.ParseUint(a, 16, 32)
	h, err2 := strconv.ParseUint(b, 16, 32)
	if err1 != nil || err2 != nil || l > h || h > maxRune {
		return 0, 0, fmt.Errorf("bad code point range %q", s)
	}
	return rune(l), rune(h), nil
}

// parseCodePoints reads code points in hex separated by spaces.
func parseCodePoints(s string) ([]rune, error) {
	var rs []rune
	for _, f := range strings.Fields(s) {
		v, err := strconv.ParseUint(f, 16, 32)
		if err != nil || v > maxRune {
			return nil, fmt.Errorf("bad code point %q", f)
		}
		rs = append(rs, rune(v))
	}
	return rs, nil
}
