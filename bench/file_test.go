package bench

import (
	"strings"
	"testing"

	"github.com/seed0915fd1c/uri"
	lspuri "go.lsp.dev/uri"
)

// filePathsPOSIX is the named input of the file benchmarks: paths an
// editor or a language server sends, most of them plain (the common case,
// which needs no encoding), a few with a space, '#', '%' or non-ASCII.
var filePathsPOSIX = []string{
	"/home/user/go/src/github.com/example/project/main.go",
	"/home/user/go/pkg/mod/golang.org/x/tools@v0.30.0/gopls/internal/cache/session.go",
	"/home/user/src/app/node_modules/typescript/lib/lib.dom.d.ts",
	"/Users/alice/Projects/web/src/components/Button.tsx",
	"/usr/local/go/src/net/http/server.go",
	"/usr/include/x86_64-linux-gnu/sys/types.h",
	"/var/lib/docker/overlay2/3f1e6c0a/merged/etc/nginx/nginx.conf",
	"/opt/homebrew/Cellar/python@3.12/3.12.2/lib/python3.12/os.py",
	"/home/user/.config/Code/User/settings.json",
	"/tmp/go-build123456/b001/_testmain.go",
	"/home/user/src/rust/target/debug/build/serde-1a2b3c/out/lib.rs",
	"/srv/www/static/css/site.min.css",
	"/home/user/Documents/My Notes/todo.md",
	"/home/user/src/c#/Program.cs",
	"/home/user/src/docs/100%/report.tex",
	"/home/user/src/日本語/読んで.txt",
}

// filePathsWindows is the same set as Windows paths.
var filePathsWindows = func() []string {
	out := make([]string, len(filePathsPOSIX))
	for i, p := range filePathsPOSIX {
		out[i] = `C:` + strings.ReplaceAll(p, "/", `\`)
	}
	return out
}()

// fileSet is one input set of the file benchmarks, with its style in
// each package.
type fileSet struct {
	name     string
	in       []string
	style    uri.PathStyle
	platform lspuri.Platform
	shuffle  bool // a new order every pass (see runTraffic)
}

// fileSets are the input sets: the editor paths as POSIX and as Windows
// paths, and the paths of corpus-large.txt (corpus-large, a new order
// every pass) and of corpus.txt (corpus, replayed: the hot loop).
func fileSets(tb testing.TB) []fileSet {
	return []fileSet{
		{"posix", filePathsPOSIX, uri.POSIX, lspuri.PlatformPOSIX, false},
		{"corpus-large", CorpusFilePaths(corpusLarge(tb)), uri.POSIX, lspuri.PlatformPOSIX, true},
		{"corpus", CorpusFilePaths(corpus(tb)), uri.POSIX, lspuri.PlatformPOSIX, false},
		{"windows", filePathsWindows, uri.Windows, lspuri.PlatformWindows, false},
	}
}

// runFiles runs f on every input of set and reports the time per input.
func runFiles(b *testing.B, set fileSet, f func(string)) {
	runTraffic(b, set.in, set.shuffle, 0, "path", f)
}

var (
	sinkFileURI  uri.URI
	sinkFileLSP  lspuri.URI
	sinkFilePath string
	sinkFileErr  error
)

// BenchmarkFromFilePath turns POSIX and Windows paths into file URIs:
// FromFilePath (the URI value), FromFilePath and String (the text), and
// AppendFileURI into a reused buffer here; FileFor, which File calls
// with the host's platform, for go.lsp.dev/uri (a string type, so its
// result is the text).
func BenchmarkFromFilePath(b *testing.B) {
	for _, set := range fileSets(b) {
		b.Run("set="+set.name+"/impl=uri", func(b *testing.B) {
			runFiles(b, set, func(p string) { sinkFileURI, sinkFileErr = uri.FromFilePath(p, set.style) })
		})
		b.Run("set="+set.name+"/impl=uri-string", func(b *testing.B) {
			runFiles(b, set, func(p string) {
				sinkFileURI, sinkFileErr = uri.FromFilePath(p, set.style)
				sinkFilePath = sinkFileURI.String()
			})
		})
		buf := make([]byte, 0, 1024)
		b.Run("set="+set.name+"/impl=uri-append", func(b *testing.B) {
			runFiles(b, set, func(p string) { buf, sinkFileErr = uri.AppendFileURI(buf[:0], p, set.style) })
		})
		b.Run("set="+set.name+"/impl=lsp", func(b *testing.B) {
			runFiles(b, set, func(p string) { sinkFileLSP = lspuri.FileFor(set.platform, p) })
		})
	}
}

// BenchmarkFilePath turns the file URIs of the same paths back into
// paths: FilePath on the URI value here, FsPathFor on go.lsp.dev/uri's
// URI, each from a URI made beforehand by its own package.
func BenchmarkFilePath(b *testing.B) {
	for _, set := range fileSets(b) {
		ours := make([]uri.URI, len(set.in))
		theirs := make([]lspuri.URI, len(set.in))
		for i, p := range set.in {
			u, err := uri.FromFilePath(p, set.style)
			if err != nil {
				b.Fatal(err)
			}
			ours[i], theirs[i] = u, lspuri.FileFor(set.platform, p)
		}
		idx := make([]int, len(set.in))
		for i := range idx {
			idx[i] = i
		}
		b.Run("set="+set.name+"/impl=uri", func(b *testing.B) {
			runTraffic(b, idx, set.shuffle, 0, "path", func(i int) { sinkFilePath, sinkFileErr = ours[i].FilePath(set.style) })
		})
		b.Run("set="+set.name+"/impl=lsp", func(b *testing.B) {
			runTraffic(b, idx, set.shuffle, 0, "path", func(i int) { sinkFilePath = lspuri.FsPathFor(theirs[i], set.platform, true) })
		})
	}
}

// TestFilePathsAgree checks that the benchmarks compare like with like:
// for every input, go.lsp.dev/uri's URI names the same path as ours.
func TestFilePathsAgree(t *testing.T) {
	for _, set := range fileSets(t) {
		for _, p := range set.in {
			u, err := uri.FromFilePath(p, set.style)
			if err != nil {
				t.Errorf("FromFilePath(%q): %v", p, err)
				continue
			}
			back, err := u.FilePath(set.style)
			if err != nil || back != p {
				t.Errorf("FilePath(FromFilePath(%q)) = %q, %v", p, back, err)
			}
			// go.lsp.dev/uri writes the drive letter in lowercase.
			if theirs := lspuri.FsPathFor(lspuri.FileFor(set.platform, p), set.platform, true); theirs != p && !(set.style == uri.Windows && strings.EqualFold(theirs, p) && theirs[1:] == p[1:]) {
				t.Errorf("go.lsp.dev/uri gives %q back for %q", theirs, p)
			}
		}
	}
}
