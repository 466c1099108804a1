package uri

// The tutorial's reverse proxy against real back ends (issue 29, rows 1,
// 12 and 14): the proxy of Example_reverseProxy on loopback in front of
// a back end that merges slashes and one that cuts path parameters, and
// the proxy property (FuzzProxyPath): for every path the zero policy
// accepts, what each common back end reads in the forwarded path is the
// route the rule saw.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path"
	"strings"
	"sync"
	"testing"
	"time"
)

// ---------------------------------------------------------------------------
// Three back ends' readings of a forwarded path, transcribed from their code.

// cleanRead is what Go's http.FileServer serves for a raw path: the path
// net/http decodes (r.URL.Path), cleaned by path.Clean.
func cleanRead(raw string) (string, bool) {
	p, err := url.PathUnescape(raw)
	if err != nil {
		return "", false
	}
	if p == "" {
		p = "/"
	}
	return path.Clean(p), true
}

// nginxRead is nginx's reading of a path with merge_slashes on (the
// default), as ngx_http_parse_complex_uri reads it: every "%XX" decoded,
// each run of '/' merged into one and dot segments removed, a ".." above
// the root being an error (400).
func nginxRead(raw string) (string, bool) {
	p, err := url.PathUnescape(raw)
	if err != nil {
		return "", false
	}
	if p == "" {
		p = "/" // net/http sends "/" for the empty path
	}
	return dotsRead(slashRuns.ReplaceAllString(p, "/"))
}

// servletRead is a servlet container's reading of a raw path, as
// Tomcat's CoyoteAdapter.postParseRequest has it: the path parameter,
// from each ';' to the next '/', cut from the undecoded path; then
// "%XX" decoded, with "%2F" and "%5C" (encodedSolidusHandling and
// ALLOW_BACKSLASH off, the defaults) and "%00" an error (400); then
// normalize: each run of '/' merged, dot segments removed, a ".." above
// the root an error.
func servletRead(raw string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(raw); {
		if raw[i] != ';' {
			b.WriteByte(raw[i])
			i++
			continue
		}
		i = segmentEnd(raw, i)
	}
	cut := b.String()
	up := strings.ToUpper(cut)
	if strings.Contains(up, "%2F") || strings.Contains(up, "%5C") || strings.Contains(up, "%00") {
		return "", false
	}
	p, err := url.PathUnescape(cut)
	if err != nil || strings.Contains(p, "\\") {
		return "", false
	}
	if p == "" {
		p = "/"
	}
	return dotsRead(slashRuns.ReplaceAllString(p, "/"))
}

// dotsRead removes the dot segments of p, an absolute path, and reports
// false for one whose ".." would climb above the root, as nginx and
// Tomcat both refuse it.
func dotsRead(p string) (string, bool) {
	depth := 0
	for _, seg := range strings.Split(p, "/")[1:] {
		switch seg {
		case ".":
		case "..":
			if depth--; depth < 0 {
				return "", false
			}
		default:
			depth++
		}
	}
	return removeDotSegmentsSlow(p), true
}

// proxyProperty checks the proxy property for one request-target under
// policy p (the zero policy or MergeSlashes alone): when RoutePath
// accepts the target, path.Clean, nginx's merge and the servlet cut of
// the forwarded path all read the route, decoded, under the upstream's
// path; and Forward alone refuses exactly what the zero policy refuses.
func proxyProperty(t testing.TB, target string, p PathPolicy) {
	t.Helper()
	u, form, err := TargetURI("GET", target, "app.example", false)
	if err != nil || form != OriginForm && form != AbsoluteForm {
		return
	}
	route, fwd, rerr := RoutePath(u, p)
	for _, up := range []URI{MustParse("http://u"), MustParse("http://u/api/")} {
		// ForwardWith alone refuses what RoutePath refuses, and a segment
		// that is a dot segment only once decoded ("%2e%2e"), which a
		// rule checked against the target's path did not see climb
		direct, derr := up.ForwardWith(u, p)
		if rerr != nil && derr == nil || derr != nil && rerr == nil && dotLikeAt(u.Path) < 0 {
			t.Fatalf("%q, %+v: RoutePath says %v, ForwardWith alone %v", target, p, rerr, derr)
		}
		if p == (PathPolicy{}) {
			if alone, aerr := up.Forward(u); alone != direct || fmt.Sprint(aerr) != fmt.Sprint(derr) {
				t.Fatalf("%q: Forward = %q, %v; ForwardWith the zero policy = %q, %v", target, alone.String(), aerr, direct.String(), derr)
			}
		}
		if derr != nil {
			var e *Error
			if !errors.As(derr, &e) || !errors.Is(derr, ErrPath) || e.Input != u.String() || e.Offset < u.pathOffset() || e.Offset > len(e.Input) {
				t.Fatalf("%q, %+v: Forward: %#v", target, p, derr)
			}
			continue
		}
		out, err := up.ForwardWith(fwd, p)
		if err != nil || out != direct {
			t.Fatalf("%q, %+v: Forward of the target %q, of RoutePath's forward %q, %v", target, p, direct.String(), out.String(), err)
		}
		decoded, err := url.PathUnescape(route)
		if err != nil {
			t.Fatalf("%q: route %q does not decode: %v", target, route, err)
		}
		want := strings.TrimSuffix(up.Path, "/") + decoded
		if decoded == "" {
			want = up.Path // an empty route leaves upstream's path as it is
		}
		if want == "" {
			want = "/"
		}
		clean := want
		if len(clean) > 1 {
			clean = strings.TrimSuffix(clean, "/") // path.Clean drops it
		}
		for _, r := range []struct {
			name string
			read func(string) (string, bool)
			want string
		}{{"path.Clean", cleanRead, clean}, {"nginx", nginxRead, want}, {"servlet", servletRead, want}} {
			if got, ok := r.read(out.Path); !ok || got != r.want {
				t.Fatalf("%q, %+v: route %q, forwarded as %q, which %s reads as %q (%v); want %q", target, p, route, out.Path, r.name, got, ok, r.want)
			}
		}
	}
}

// FuzzProxyPath checks the proxy property (proxyProperty) for the zero
// policy and for MergeSlashes, on request-targets in origin-form and
// absolute-form.
func FuzzProxyPath(f *testing.F) {
	for _, r := range httpRows(f, "route") {
		f.Add(r.input, false)
		f.Add(r.input, true)
	}
	for _, r := range readCases(f, "testdata/http_proxy.txt") {
		f.Add(strings.Fields(r.input)[1], false)
	}
	f.Fuzz(func(t *testing.T, target string, merge bool) {
		proxyProperty(t, target, PathPolicy{MergeSlashes: merge})
	})
}

// TestProxyPathShapes runs the proxy property over every short path of
// the characters that decide it.
func TestProxyPathShapes(t *testing.T) {
	for _, s := range digitStrings("/.;a%2e", 5) {
		if s != "" && s[0] == '/' {
			proxyProperty(t, s, PathPolicy{})
			proxyProperty(t, s, PathPolicy{MergeSlashes: true})
		}
	}
}

// ---------------------------------------------------------------------------
// End to end on loopback (issue 29, rows 1 and 14)

// secretPath is what each back end guards, under the upstream's "/api/".
const secretPath = "/api/admin/keys"

// readBackend is a back end on loopback that serves secretPath's secret
// to whatever its reading of the request's path makes that path, and a
// page naming the path otherwise; it records what it served.
type readBackend struct {
	name string
	read func(r *http.Request) (string, bool)
	srv  *httptest.Server

	mu   sync.Mutex
	seen []string
}

func newReadBackend(name string, read func(r *http.Request) (string, bool)) *readBackend {
	b := &readBackend{name: name, read: read}
	b.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := b.read(r)
		b.mu.Lock()
		b.seen = append(b.seen, p)
		b.mu.Unlock()
		switch {
		case !ok:
			http.Error(w, "bad path", http.StatusBadRequest)
		case p == secretPath:
			io.WriteString(w, "SECRET")
		default:
			io.WriteString(w, "page "+p)
		}
	}))
	return b
}

// served returns what b served since the last call, and forgets it.
func (b *readBackend) served() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.seen
	b.seen = nil
	return s
}

// rawPath is the path of a request as it came on the wire, undecoded.
func rawPath(r *http.Request) string {
	p, _, _ := strings.Cut(r.RequestURI, "?")
	return p
}

// outKey carries the forward URI from the proxy's handler to its Rewrite.
type outKey struct{}

// tutorialProxy is Example_reverseProxy's handler with policy p, as a
// server: TargetURI (an HTTP/1.0 request without Host gets the configured
// name app.example), the TargetForm check, RoutePath, the deny rule on
// "/admin", then ForwardWith under upstream, sent by
// httputil.ReverseProxy with r.Out.URL = out.URL().
func tutorialProxy(upstream URI, p PathPolicy) http.Handler {
	rp := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.Out.URL = pr.In.Context().Value(outKey{}).(URI).URL()
		pr.Out.Host = ""
	}}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if host == "" && !r.ProtoAtLeast(1, 1) {
			host = "app.example" // this server's configured name
		}
		target, form, err := TargetURI(r.Method, r.RequestURI, host, r.TLS != nil)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		switch form {
		case AuthorityForm:
			http.Error(w, "not forwarded: "+form.String(), http.StatusMethodNotAllowed)
			return
		case AsteriskForm:
			io.WriteString(w, "answered by the proxy")
			return
		}
		route, forward, err := RoutePath(target, p)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if route == "/admin" || strings.HasPrefix(route, "/admin/") {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		out, err := upstream.ForwardWith(forward, p)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		rp.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), outKey{}, out)))
	})
}

// sendRaw sends one request, as written, to addr and returns the status
// and body of the answer.
func sendRaw(t *testing.T, addr, requestLine string) (int, string) {
	t.Helper()
	head := requestLine + "\r\nHost: app.example\r\n\r\n"
	if strings.HasSuffix(requestLine, " HTTP/1.0") {
		head = requestLine + "\r\n\r\n"
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, head); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("%s: %v", requestLine, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// TestProxyEndToEnd runs testdata/http_proxy.txt: each request through the
// tutorial's proxy in front of each back end, with the zero policy (no
// secret reached), MergeSlashes, and main's old zero policy, whose leaks
// are issue 29's reproduction of row 1.
func TestProxyEndToEnd(t *testing.T) {
	rows := readCases(t, "testdata/http_proxy.txt")
	if len(rows) < 30 {
		t.Errorf("%d rows in testdata/http_proxy.txt, want at least 30", len(rows))
	}
	backends := []*readBackend{
		newReadBackend("merging", func(r *http.Request) (string, bool) { return cleanRead(rawPath(r)) }),
		newReadBackend("servlet", func(r *http.Request) (string, bool) { return servletRead(rawPath(r)) }),
	}
	policies := []struct {
		field string
		p     PathPolicy
	}{
		{"zero", PathPolicy{}},
		{"merge", PathPolicy{MergeSlashes: true}},
		{"leaks", PathPolicy{KeepEmptySegments: true, KeepParams: true}},
	}
	for _, b := range backends {
		defer b.srv.Close()
		upstream := MustParse(b.srv.URL + "/api/")
		for _, pol := range policies {
			proxy := httptest.NewServer(tutorialProxy(upstream, pol.p))
			addr := proxy.Listener.Addr().String()
			for _, r := range rows {
				status, body := sendRaw(t, addr, r.input)
				served := b.served()
				what := fmt.Sprintf("line %d: %s through the proxy (%s policy) to the %s back end", r.line, r.input, pol.field, b.name)
				leaked := body == "SECRET"
				if pol.field == "leaks" {
					if want := strings.Contains(","+r.fields["leaks"]+",", ","+b.name+","); leaked != want {
						t.Errorf("%s: leaked %v, the row says %v (%d %q)", what, leaked, want, status, body)
					}
					continue
				}
				if leaked {
					t.Errorf("%s: the secret, %d %q", what, status, body)
				}
				if want := r.fields[pol.field]; fmt.Sprint(status) != want {
					t.Errorf("%s: status %d %q, want %s", what, status, body, want)
				}
				switch {
				case status != http.StatusOK:
					if len(served) != 0 {
						t.Errorf("%s: refused with %d, yet the back end served %q", what, status, served)
					}
				case pol.field == "zero" && r.fields["path"] == "":
					if len(served) != 0 {
						t.Errorf("%s: answered by the proxy, yet the back end served %q", what, served)
					}
				case pol.field == "zero" && b.name == "merging":
					if want := r.fields["path"]; len(served) != 1 || served[0] != want || body != "page "+want {
						t.Errorf("%s: the back end served %q, %q; want %q", what, served, body, want)
					}
				}
			}
			proxy.Close()
		}
	}
}

// ---------------------------------------------------------------------------
// Issue 29's rows 12 and 14 and the leftover, as reported

// TestProxyRow12 checks the shapes of issue 29, row 12: Forward alone
// and RoutePath refuse them, with an *Error at the triplet or segment at
// fault whose Expected names the finding.
func TestProxyRow12(t *testing.T) {
	up := MustParse("http://u/api/")
	for _, c := range []struct {
		forward bool // Forward alone; else RoutePath with the zero policy
		in      string
		at      int
		kind    FindingKind
	}{
		{true, "/%252e%252e/x", 1, DoubleEncoding},
		{true, "/%C0%AE%C0%AE/x", 1, OverlongUTF8},
		{true, "/..%00/x", 3, EncodedNUL},
		{false, "http://h/x/..%EF%BC%9B/admin", 11, EncodedDotSegment},
		{false, "http://h/%EF%BC%852e/x", 9, DoubleEncoding},
		{false, "http://h/%C0%2E/x", 9, InvalidUTF8},
	} {
		u := MustParse(c.in)
		var err error
		what := "RoutePath(" + c.in + ")"
		if c.forward {
			_, err = up.Forward(u)
			what = "Forward(" + c.in + ")"
		} else {
			_, _, err = RoutePath(u, PathPolicy{})
		}
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrPath) || e.Input != c.in || e.Offset != c.at || !strings.Contains(e.Expected, c.kind.String()) {
			t.Errorf("%s = %v; want ErrPath at %d naming %v", what, err, c.at, c.kind)
		}
	}
}

// TestProxyRow14 checks issue 29, row 14, and the leftover: TargetURI of
// an HTTP/1.0 request without Host says how to proceed, and proceeds with
// the configured name (RFC 9112, Section 3.3); "ht tp://h/" fails at the
// space.
func TestProxyRow14(t *testing.T) {
	_, _, err := TargetURI("GET", "/users", "", false)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrHost) || e.Offset != 0 || !strings.Contains(e.Expected, "configured name") {
		t.Errorf("TargetURI without Host = %v; want ErrHost naming the configured name", err)
	}
	if u, form, err := TargetURI("GET", "/users", "app.example", false); err != nil || form != OriginForm || u.String() != "http://app.example/users" {
		t.Errorf("TargetURI with the configured name = %q, %v, %v", u.String(), form, err)
	}
	if u, form, err := TargetURI("CONNECT", "10.0.0.5:22", "10.0.0.5:22", false); err != nil || form != AuthorityForm || u.String() != "http://10.0.0.5:22" {
		t.Errorf("TargetURI(CONNECT) = %q, %v, %v", u.String(), form, err)
	}
	_, _, err = TargetURI("GET", "ht tp://h/", "h", false)
	if !errors.As(err, &e) || !errors.Is(err, ErrScheme) || !errors.Is(err, ErrRequestTarget) || e.Offset != 2 {
		t.Errorf(`TargetURI("GET", "ht tp://h/") = %v; want ErrScheme at 2`, err)
	}
}
