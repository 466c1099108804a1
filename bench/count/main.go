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
	"net/url"
	"os"
	"strings"

	"github.com/seed0915fd1c/uri"
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

func main() {
	op := flag.String("op", "parse", "none, parse, valid, neturl (on the URLs both uri.Parse and url.Parse accept, as BenchmarkParse) or parseweb (on every line)")
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
	switch *op {
	case "none", "noneweb":
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
	fmt.Println("urls", len(in))
}
