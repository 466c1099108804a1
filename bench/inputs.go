package bench

import (
	"net/url"
	"strings"

	"github.com/seed0915fd1c/uri"
	lspuri "go.lsp.dev/uri"
)

// The inputs that the benchmarks of the jobs make from a corpus of URLs,
// here rather than in a test file so that count, the Callgrind driver,
// counts the very inputs the benchmarks time.

// HTTPRequest is one request made from a corpus URL: an origin-form
// request-target (path and query, "/" for an empty path) and a Host field
// (the authority without its userinfo), as a server receives them (RFC
// 9112, Section 3.2.1; RFC 9110, Section 7.2).
type HTTPRequest struct {
	Target, Host string
}

// HTTPRequests returns a request for each http and https URL of urls with
// a non-empty host; urls must be valid URI references.
func HTTPRequests(urls []string) []HTTPRequest {
	var out []HTTPRequest
	for _, s := range urls {
		u := uri.MustParse(s)
		if scheme := strings.ToLower(u.Scheme); scheme != "http" && scheme != "https" || u.Host == "" {
			continue
		}
		r := HTTPRequest{Target: u.Path, Host: u.Host}
		if r.Target == "" {
			r.Target = "/"
		}
		if u.HasQuery {
			r.Target += "?" + u.Query
		}
		if u.HasPort {
			r.Host += ":" + u.Port
		}
		out = append(out, r)
	}
	return out
}

// CorpusFilePaths are the URL paths of urls, decoded, under a mirror
// directory: paths of the length and shape of real names. It keeps the
// paths that both packages turn into a file URI and back unchanged (no
// dot segments, empty segments, NUL or invalid UTF-8), so that the
// benchmarks compare like with like.
func CorpusFilePaths(urls []string) []string {
	var out []string
	for _, s := range urls {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" || strings.Contains(u.Path, "/..") || strings.Contains(u.Path, "/./") {
			continue
		}
		p := "/srv/mirror/" + u.Host + u.Path
		f, err := uri.FromFilePath(p, uri.POSIX)
		if err != nil {
			continue
		}
		if back, err := f.FilePath(uri.POSIX); err != nil || back != p {
			continue
		}
		if lspuri.FsPathFor(lspuri.FileFor(lspuri.PlatformPOSIX, p), lspuri.PlatformPOSIX, true) != p {
			continue
		}
		out = append(out, p)
	}
	return out
}
