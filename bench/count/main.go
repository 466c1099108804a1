// Command count runs one parser once over every URL of a corpus, for
// counting instructions and branch mispredictions per URL with valgrind
// (Callgrind), which counts the same on a loaded machine as on a quiet
// one. bench/callgrind.sh runs it; by hand:
//
//	go build -o /tmp/count ./count
//	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 GOGC=off valgrind --tool=callgrind \
//	    --branch-sim=yes /tmp/count -op parse ../../shared/data/corpus-large.txt
//
// once with -op none (reading the corpus and nothing else) and once with
// the operation, and divide the difference of the "Collected" counts by
// the URL count it prints. (Callgrind's --toggle-collect loses count of a
// Go function when its goroutine's stack grows, so the pass is counted by
// difference.)
package main

import (
	"flag"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"

	"github.com/seed0915fd1c/uri"
	"github.com/seed0915fd1c/uri/bench"
	lspuri "go.lsp.dev/uri"
)

var (
	sinkURI  uri.URI
	sinkURL  *url.URL
	sinkBool bool
	sinkErr  error
)

// The passes, one per operation, not inlined so that Callgrind can count
// them alone.

//go:noinline
func passParse(in []string) {
	for _, s := range in {
		sinkURI, sinkErr = uri.Parse(s)
	}
}

//go:noinline
func passValid(in []string) {
	for _, s := range in {
		sinkBool = uri.Valid(s)
	}
}

//go:noinline
func passNetURL(in []string) {
	for _, s := range in {
		sinkURL, sinkErr = url.Parse(s)
	}
}

//go:noinline
func passParseWeb(in []string) {
	for _, s := range in {
		sinkURI, sinkErr = uri.ParseWeb(s)
	}
}

// The jobs of issue #31, on inputs made from the corpus as the benchmarks
// make them (bench.HTTPRequests, bench.CorpusFilePaths): request-targets
// and Host fields from its http and https URLs, and POSIX paths
// "/srv/mirror/HOST/PATH".

var (
	sinkStr  string
	sinkLSP  lspuri.URI
	sinkForm uri.TargetForm
)

//go:noinline
func passTargetURI(in []bench.HTTPRequest) {
	for _, r := range in {
		sinkURI, sinkForm, sinkErr = uri.TargetURI("GET", r.Target, r.Host, false)
	}
}

//go:noinline
func passNetTarget(in []bench.HTTPRequest) {
	for _, r := range in {
		sinkURL, sinkErr = url.ParseRequestURI(r.Target)
		sinkStr, sinkStr, sinkErr = net.SplitHostPort(r.Host)
	}
}

//go:noinline
func passFromFilePath(in []string) {
	for _, p := range in {
		sinkURI, sinkErr = uri.FromFilePath(p, uri.POSIX)
	}
}

//go:noinline
func passFileFor(in []string) {
	for _, p := range in {
		sinkLSP = lspuri.FileFor(lspuri.PlatformPOSIX, p)
	}
}

//go:noinline
func passFilePath(in []uri.URI) {
	for _, u := range in {
		sinkStr, sinkErr = u.FilePath(uri.POSIX)
	}
}

//go:noinline
func passFsPathFor(in []lspuri.URI) {
	for _, u := range in {
		sinkStr = lspuri.FsPathFor(u, lspuri.PlatformPOSIX, true)
	}
}

// jobs makes the inputs of the job passes from the URLs of in, as the
// benchmarks make them (bench.HTTPRequests, bench.CorpusFilePaths).
func jobs(in []string) (reqs []bench.HTTPRequest, paths []string, ours []uri.URI, theirs []lspuri.URI) {
	reqs, paths = bench.HTTPRequests(in), bench.CorpusFilePaths(in)
	for _, p := range paths {
		f, _ := uri.FromFilePath(p, uri.POSIX) // CorpusFilePaths keeps the paths it accepts
		ours, theirs = append(ours, f), append(theirs, lspuri.FileFor(lspuri.PlatformPOSIX, p))
	}
	return
}

func main() {
	op := flag.String("op", "parse", "none, parse, valid, neturl (on the URLs both uri.Parse and url.Parse accept, as BenchmarkParse), parseweb (on every line; its baseline is noneweb), or, on inputs made from the URLs both accept, targeturi, nettarget (url.ParseRequestURI and net.SplitHostPort), fromfilepath, filefor (go.lsp.dev/uri), filepath, fspathfor (go.lsp.dev/uri)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: count -op OP CORPUS")
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var in []string
	for _, s := range strings.Split(string(b), "\n") {
		if s = strings.TrimSuffix(s, "\r"); s == "" {
			continue
		}
		if *op != "parseweb" && *op != "noneweb" {
			if _, err := url.Parse(s); err != nil || !uri.Valid(s) {
				continue
			}
		}
		in = append(in, s)
	}
	// The jobs' inputs come from the URLs both parsers accept; parseweb
	// and its baseline read every line, so they make none (as the two must
	// do the same work besides the op for the baseline to subtract).
	var reqs []bench.HTTPRequest
	var paths []string
	var ours []uri.URI
	var theirs []lspuri.URI
	if *op != "parseweb" && *op != "noneweb" {
		reqs, paths, ours, theirs = jobs(in)
	}
	n := len(in) // the inputs of the pass
	switch *op {
	case "none", "noneweb":
	case "targeturi":
		passTargetURI(reqs)
		n = len(reqs)
	case "nettarget":
		passNetTarget(reqs)
		n = len(reqs)
	case "fromfilepath":
		passFromFilePath(paths)
		n = len(paths)
	case "filefor":
		passFileFor(paths)
		n = len(paths)
	case "filepath":
		passFilePath(ours)
		n = len(paths)
	case "fspathfor":
		passFsPathFor(theirs)
		n = len(paths)
	case "parse":
		passParse(in)
	case "valid":
		passValid(in)
	case "neturl":
		passNetURL(in)
	case "parseweb":
		passParseWeb(in)
	default:
		fmt.Fprintln(os.Stderr, "unknown op", *op)
		os.Exit(2)
	}
	fmt.Println("urls", n)
}
