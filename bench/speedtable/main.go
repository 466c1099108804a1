// Command speedtable turns benchmark output into the README's speed table
// (issue #31): one row per operation, each figure the median of the runs,
// each ratio the median of the ratios of the two sides measured in the
// same run. Its input is what bench/speed.sh writes: the output of
//
//	go test -run '^$' -bench ... -count N
//
// (the -count runs of a benchmark interleave its sub-benchmarks, so the
// k-th figure of each side comes from the same round), the lines of
// ../shared/bench/ada's harness ("ada parse X can_parse Y ..."), run
// alternately with BenchmarkParseWeb/corpus=large-fileorder, and the
// lines speed.sh adds, "# go: ...", "# machine: ..." and "# date: ...",
// and the lines of bench/callgrind.sh ("parse urls N instr/url ...").
//
//	go run ./speedtable speed.txt            # prints the table
//	go run ./speedtable -readme ../README.md speed.txt
//
// With -readme it replaces the text between the README's markers
// "<!-- speed-table:begin -->" and "<!-- speed-table:end -->".
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A row of the table: ours and peer name sub-benchmarks (without the
// -GOMAXPROCS suffix), unit the per-input unit they report ("url" for
// ns/url and allocs/url). A peer of "ada" is the ada harness's lines.
type row struct {
	op, ours, peer, peerName, unit string
}

var rows = []row{
	{"Parse, corpus-large (URLs both accept)", "BenchmarkParse/corpus=large/impl=uri", "BenchmarkParse/corpus=large/impl=net-url", "`url.Parse`", "url"},
	{"Valid, corpus-large (URLs both accept)", "BenchmarkParse/corpus=large/impl=uri-Valid", "BenchmarkParse/corpus=large/impl=net-url", "`url.Parse`", "url"},
	{"Parse, **hot loop**: corpus.txt replayed in one order", "BenchmarkParse/corpus=hot/impl=uri", "BenchmarkParse/corpus=hot/impl=net-url", "`url.Parse`", "url"},
	{"ParseWeb, corpus-large (every line), file order as ada reads it", "BenchmarkParseWeb/corpus=large-fileorder/impl=uri", "ada", "ada `parse<url_aggregator>` (C++, g++ -O3)", "url"},
	{"ParseWeb, corpus-large, a new order every pass", "BenchmarkParseWeb/corpus=large/impl=uri", "", "", "url"},
	{"TargetURI, requests from corpus-large", "BenchmarkTargetURI/corpus=large/impl=uri", "BenchmarkTargetURI/corpus=large/impl=neturl", "`url.ParseRequestURI` + `net.SplitHostPort`", "req"},
	{"FromFilePath, paths of corpus-large's file URLs", "BenchmarkFromFilePath/set=corpus-large/impl=uri", "BenchmarkFromFilePath/set=corpus-large/impl=lsp", "go.lsp.dev/uri `FileFor`", "path"},
	{"URI.FilePath, the same paths", "BenchmarkFilePath/set=corpus-large/impl=uri", "BenchmarkFilePath/set=corpus-large/impl=lsp", "go.lsp.dev/uri `FsPathFor`", "path"},
	{"DomainToASCII, IdnaTestV2.json's non-ASCII names both accept alike", "BenchmarkDomainToASCII/set=valid/impl=uri", "BenchmarkDomainToASCII/set=valid/impl=xnet", "x/net/idna `Lookup.ToASCII`", "name"},
	{"DomainToASCII, the Public Suffix List's non-ASCII names (in use) both accept alike", "BenchmarkDomainToASCII/set=psl/impl=uri", "BenchmarkDomainToASCII/set=psl/impl=xnet", "x/net/idna `Lookup.ToASCII`", "name"},
	{"DomainToASCII, corpus-large's ASCII lowercase hosts", "BenchmarkDomainToASCII/set=ascii/impl=uri", "BenchmarkDomainToASCII/set=ascii/impl=xnet", "x/net/idna `Lookup.ToASCII`", "name"},
}

// results holds, per benchmark name and unit, the figures in run order.
type results map[string]map[string][]float64

var procSuffix = regexp.MustCompile(`-\d+$`)

func read(r io.Reader, res results, info map[string]string, cg map[string]counts) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case strings.HasPrefix(line, "# ") && strings.Contains(line, ":"):
			k, v, _ := strings.Cut(line[2:], ":")
			info[k] = strings.TrimSpace(v)
		case f[0] == "cpu:" || f[0] == "goos:" || f[0] == "goarch:":
			info[strings.TrimSuffix(f[0], ":")] = strings.TrimSpace(strings.TrimPrefix(line, f[0]))
		case len(f) == 9 && f[1] == "urls" && f[3] == "instr/url":
			var c counts
			if _, err := fmt.Sscanf(line, "%s urls %d instr/url %g branches/url %g mispredicts/url %g", new(string), &c.urls, &c.instr, &c.branches, &c.mispr); err != nil {
				return fmt.Errorf("%q: %v", line, err)
			}
			cg[f[0]] = c
		case f[0] == "ada" && len(f) >= 3 && f[1] == "parse":
			v, err := strconv.ParseFloat(f[2], 64)
			if err != nil {
				return fmt.Errorf("%q: %v", line, err)
			}
			add(res, "ada", "ns/url", v)
		case strings.HasPrefix(f[0], "Benchmark") && len(f) > 2:
			name := procSuffix.ReplaceAllString(f[0], "")
			for i := 2; i+1 < len(f); i += 2 {
				v, err := strconv.ParseFloat(f[i], 64)
				if err != nil {
					return fmt.Errorf("%q: %v", line, err)
				}
				add(res, name, f[i+1], v)
			}
		}
	}
	return sc.Err()
}

func add(res results, name, unit string, v float64) {
	if res[name] == nil {
		res[name] = map[string][]float64{}
	}
	res[name][unit] = append(res[name][unit], v)
}

func median(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// cell formats the median time and allocations of one side.
func cell(res results, name, unit string) (string, int) {
	ns := res[name]["ns/"+unit]
	if len(ns) == 0 {
		return "not measured", 0
	}
	s := fmt.Sprintf("%.1f ns/%s", median(ns), unit)
	if a := res[name]["allocs/"+unit]; len(a) > 0 {
		s += fmt.Sprintf(", %.2g allocs", median(a))
	}
	return s, len(ns)
}

// ratio is the ratio of the medians, peer/ours, and the range of the
// ratios of the rounds, paired in order: speed.sh runs every benchmark
// once per round, ParseWeb and ada alternately.
func ratio(res results, ours, peer, unit string) string {
	a, b := res[ours]["ns/"+unit], res[peer]["ns/"+unit]
	n := min(len(a), len(b))
	if n == 0 {
		return ""
	}
	r := make([]float64, n)
	for i := range r {
		r[i] = b[i] / a[i]
	}
	return fmt.Sprintf("%.2f× (rounds %.2f–%.2f)", median(b)/median(a), slices.Min(r), slices.Max(r))
}

// counts is a line of bench/callgrind.sh's output (or speed.sh's for
// ada): instructions, conditional branches and mispredictions per URL.
type counts struct {
	urls                   int
	instr, branches, mispr float64
}

// callgrindOps names the operations of the Callgrind table, in order.
var callgrindOps = []struct{ op, name string }{
	{"parse", "`Parse`"},
	{"valid", "`Valid`"},
	{"neturl", "`url.Parse`"},
	{"parseweb", "`ParseWeb` (every line)"},
	{"ada", "ada `parse<url_aggregator>` (every line, file order)"},
	{"targeturi", "`TargetURI` (per request: the URLs with an http or https host)"},
	{"nettarget", "`url.ParseRequestURI` + `net.SplitHostPort` (the same requests)"},
	{"fromfilepath", "`FromFilePath` (per path: the paths of the file URLs made from them)"},
	{"filefor", "go.lsp.dev/uri `FileFor` (the same paths)"},
	{"filepath", "`URI.FilePath` (the same paths)"},
	{"fspathfor", "go.lsp.dev/uri `FsPathFor` (the same paths)"},
}

func callgrindTable(cg map[string]counts) string {
	var b strings.Builder
	b.WriteString("| operation (one pass of corpus-large.txt) | URLs | instructions/URL | branches/URL | mispredicted/URL (simulated) |\n|---|---|---|---|---|\n")
	n := 0
	for _, o := range callgrindOps {
		c, ok := cg[o.op]
		if !ok {
			continue
		}
		n++
		fmt.Fprintf(&b, "| %s | %d | %.0f | %.1f | %.2f |\n", o.name, c.urls, c.instr, c.branches, c.mispr)
	}
	if n == 0 {
		return ""
	}
	return b.String()
}

func table(res results, info map[string]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Generated by `bench/speed.sh` on %s: %s, %s/%s, %s. %s\n\n",
		orDash(info["date"]), orDash(info["cpu"]), orDash(info["goos"]), orDash(info["goarch"]), orDash(info["go"]), info["machine"])
	b.WriteString("| operation (inputs) | `uri` | peer | peer ÷ `uri` |\n|---|---|---|---|\n")
	for _, r := range rows {
		ours, n := cell(res, r.ours, r.unit)
		if n == 0 {
			continue
		}
		peer, rat := "", ""
		if r.peer != "" {
			p, _ := cell(res, r.peer, r.unit)
			peer = r.peerName + " " + p
			rat = ratio(res, r.ours, r.peer, r.unit)
		}
		fmt.Fprintf(&b, "| %s | %s (median of %d) | %s | %s |\n", r.op, ours, n, peer, rat)
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

const begin, end = "<!-- speed-table:begin -->", "<!-- speed-table:end -->"

func main() {
	readme := flag.String("readme", "", "README to update between its speed-table markers")
	flag.Parse()
	res, info, cg := results{}, map[string]string{}, map[string]counts{}
	if flag.NArg() == 0 {
		if err := read(os.Stdin, res, info, cg); err != nil {
			fail(err)
		}
	}
	for _, name := range flag.Args() {
		f, err := os.Open(name)
		if err != nil {
			fail(err)
		}
		err = read(f, res, info, cg)
		f.Close()
		if err != nil {
			fail(err)
		}
	}
	t := table(res, info)
	if c := callgrindTable(cg); c != "" {
		t += "\nCounted by Callgrind (`bench/callgrind.sh`; its branch predictor is a model, not this CPU), the same on a loaded machine as on a quiet one; a change elsewhere in the binary moves them by a few instructions:\n\n" + c
	}
	if *readme == "" {
		fmt.Print(t)
		return
	}
	b, err := os.ReadFile(*readme)
	if err != nil {
		fail(err)
	}
	s := string(b)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		fail(fmt.Errorf("%s: no %s ... %s markers", *readme, begin, end))
	}
	s = s[:i+len(begin)] + "\n" + t + s[j:]
	if err := os.WriteFile(*readme, []byte(s), 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "speedtable:", err)
	os.Exit(1)
}
