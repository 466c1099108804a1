package uri

import (
	"bufio"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// TestLocalRedirectBehindProxy runs issue 29's row 4 end to end on
// loopback: a login handler on a plain-HTTP back end, behind a front that
// ends TLS (httptest's TLS server running httputil.ReverseProxy), one
// front rewriting Host to the back end's name and one passing the
// client's Host on, attacked with absolute-form targets, a forged Host
// and forged Forwarded and X-Forwarded-* fields, and the same requests
// sent to the back end directly. The old recipe (a base from TargetURI
// with r.TLS and r.Host, then LocalRedirect) sends the user off the site
// the user is on; LocalRedirectPath with the configured origin never does.
func TestLocalRedirectBehindProxy(t *testing.T) {
	var site atomic.Pointer[WebBase] // the public origin, from configuration
	var public *url.URL
	backend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next := r.URL.Query().Get("next")
		var loc string
		var err error
		switch r.URL.Path {
		case "/login": // the recipe
			loc, err = site.Load().LocalRedirectPath(next)
		case "/login-old": // the recipe issue 29 found wrong
			var self URI
			self, _, err = TargetURI(r.Method, r.RequestURI, r.Host, r.TLS != nil)
			if err == nil {
				loc, err = WebParser{}.LocalRedirect(self, next)
			}
		}
		if err != nil {
			loc = "/"
		}
		w.Header().Set("Location", loc)
		w.WriteHeader(http.StatusSeeOther)
	}))
	defer backend.Close()
	bu, err := url.Parse(backend.URL)
	if err != nil {
		t.Fatal(err)
	}
	rewriting := httptest.NewTLSServer(&httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(bu)
		pr.Out.Host = "backend-7:8080"
		pr.SetXForwarded()
	}})
	defer rewriting.Close()
	passing := httptest.NewTLSServer(httputil.NewSingleHostReverseProxy(bu)) // keeps the client's Host
	defer passing.Close()

	type request struct{ target, host, next string }
	reqs := []request{
		{"/login?next=%s", "", "/account"},
		{"/login?next=%s", "", "../orders?x=1#last"},
		{"/login?next=%s", "", "//evil.example/x"},
		{"/login?next=%s", "", "/a/../\\evil.example/"},
		{"/login?next=%s", "evil.example", "/account"},
		{"/login?next=%s", "evil.example", "//evil.example/x"},
		{"http://evil.example/login?next=%s", "evil.example", "//evil.example/x"},
		{"http://evil.example/login?next=%s", "", "/account"},
		{"http://evil.example/login?next=%s", "", "http://evil.example/x"},
	}
	// send sends one request on c, kept alive for the next
	send := func(t *testing.T, c *redirectConn, target, host string) string {
		t.Helper()
		_, err := c.Write([]byte("POST " + target + " HTTP/1.1\r\nHost: " + host +
			"\r\nX-Forwarded-Host: evil.example\r\nX-Forwarded-Proto: http\r\nForwarded: host=evil.example;proto=http\r\n" +
			"Content-Length: 0\r\n\r\n"))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(c.r, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("POST %s, Host %s: status %d", target, host, resp.StatusCode)
		}
		return resp.Header.Get("Location")
	}
	// onSite reports whether loc, read by a browser on page, keeps page's
	// origin, as net/url and the URL Standard read it.
	onSite := func(page *url.URL, loc string) bool {
		if loc == "" || loc[0] != '/' || strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, "/\\") {
			return false
		}
		l, err := url.Parse(loc)
		if err != nil {
			return false
		}
		r := page.ResolveReference(l)
		h, err := WebParser{}.ResolveHref(MustParse(page.String()), loc)
		if err != nil {
			return false
		}
		o, err := WebParser{}.Origin(h)
		return err == nil && r.Scheme == page.Scheme && r.Host == page.Host && o == page.Scheme+"://"+page.Host
	}
	for _, front := range []struct {
		name string
		srv  *httptest.Server
	}{{"front rewriting Host", rewriting}, {"front passing Host", passing}} {
		page, err := url.Parse(front.srv.URL + "/login")
		if err != nil {
			t.Fatal(err)
		}
		public = page
		b, err := WebParser{}.Base(MustParse(front.srv.URL + "/"))
		if err != nil {
			t.Fatal(err)
		}
		site.Store(b)
		pool := x509.NewCertPool()
		pool.AddCert(front.srv.Certificate())
		fc, err := tls.Dial("tcp", front.srv.Listener.Addr().String(), &tls.Config{RootCAs: pool})
		if err != nil {
			t.Fatal(err)
		}
		defer fc.Close()
		bc, err := net.Dial("tcp", backend.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer bc.Close()
		vias := []struct {
			name string
			c    *redirectConn
		}{{front.name, &redirectConn{fc, bufio.NewReader(fc)}}, {"back end directly", &redirectConn{bc, bufio.NewReader(bc)}}}
		var old []string
		for _, q := range reqs {
			host := q.host
			if host == "" {
				host = public.Host
			}
			target := strings.Replace(q.target, "%s", url.QueryEscape(q.next), 1)
			for _, via := range vias {
				loc := send(t, via.c, target, host)
				if !onSite(public, loc) {
					t.Errorf("%s, POST %s, Host %s: Location %q leaves %s", via.name, target, host, loc, public)
				}
			}
			old = append(old, send(t, vias[0].c, strings.Replace(target, "/login?", "/login-old?", 1), host))
			// what the user asked for stays what it was
			if q.target[0] == '/' && q.host == "" && !strings.Contains(q.next, "evil") {
				loc := send(t, vias[0].c, target, host)
				l, _ := url.Parse(loc)
				want, _ := url.Parse(q.next)
				want = page.ResolveReference(want)
				if got := page.ResolveReference(l); got.String() != want.String() {
					t.Errorf("%s: next=%q gives Location %q, read as %s; want %s", front.name, q.next, loc, got, want)
				}
			}
		}
		// the reproduction: through the front, the old recipe sends the
		// user to http: and to the name the front wrote or the client forged
		httpPage := "http://" + public.Host
		want := []string{httpPage + "/account", httpPage + "/orders?x=1#last", "/", httpPage + "//evil.example/",
			"http://evil.example/account", "http://evil.example/x", "http://evil.example/x", "http://evil.example/account", "http://evil.example/x"}
		if front.srv == rewriting {
			want = []string{"http://backend-7:8080/account", "http://backend-7:8080/orders?x=1#last", "/", "http://backend-7:8080//evil.example/",
				"http://backend-7:8080/account", "/", "/", "http://backend-7:8080/account", "/"}
		}
		if !slices.Equal(old, want) {
			t.Errorf("%s: the old recipe's Locations are\n%q; issue 29 row 4 found\n%q", front.name, old, want)
		}
	}
}

// redirectConn is a connection a test sends requests on, one after another.
type redirectConn struct {
	net.Conn
	r *bufio.Reader
}

// TestLocalRedirectPathCases: what LocalRedirectPath returns, written
// out, for the shapes its doc names.
func TestLocalRedirectPathCases(t *testing.T) {
	const base = "https://app.example:8443/dir/page?x=1"
	for _, c := range []struct{ ref, want string }{
		{"/account?tab=2", "/account?tab=2"},
		{"../orders#last", "/orders#last"},
		{"next", "/dir/next"},
		{"?q", "/dir/page?q"},
		{"#f", "/dir/page?x=1#f"},
		{"", "/dir/page?x=1"},
		{"https://APP.example:8443/x", "/x"},
		{"https://u:pw@app.example:8443/x", "/x"},
		{"/a/../\\evil.example/", "/.//evil.example/"},
		{"/.//evil.example", "/.//evil.example"},
		{"/..//evil.example", "/.//evil.example"},
		{"/a?x\\y#z\\w", "/a?x\\y#z\\w"},
		{"/a b?c d#e f", "/a%20b?c%20d#e%20f"},
		{"/\u00e9", "/%C3%A9"},
		{"//evil.example/", "ErrCrossOrigin"},
		{"/\\evil.example/", "ErrCrossOrigin"},
		{"https://app.example/x", "ErrCrossOrigin"},
		{"http://app.example:8443/x", "ErrCrossOrigin"},
		{"blob:https://app.example:8443/0f1e", "ErrCrossOrigin"},
		{"https://app.example:99999/", "ErrWeb"},
	} {
		got, err := WebParser{}.LocalRedirectPath(MustParse(base), c.ref)
		switch {
		case c.want == "ErrCrossOrigin" || c.want == "ErrWeb":
			want := map[string]error{"ErrCrossOrigin": ErrCrossOrigin, "ErrWeb": ErrWeb}[c.want]
			if !errors.Is(err, want) {
				t.Errorf("LocalRedirectPath(%q) = %q, %v; want %s", c.ref, got, err, c.want)
			}
		case err != nil || got != c.want:
			t.Errorf("LocalRedirectPath(%q) = %q, %v; want %q", c.ref, got, err, c.want)
		default:
			href, _ := WebParser{}.LocalRedirect(MustParse(base), c.ref)
			checkLocationPath(t, MustParse(base), href, got)
		}
	}
	// a base no path reaches
	for _, b := range []string{"blob:https://app.example/0f1e", "data:text/plain,x", "file:///x"} {
		if got, err := (WebParser{}).LocalRedirectPath(MustParse(b), "/x"); err == nil {
			t.Errorf("LocalRedirectPath(%q, \"/x\") = %q", b, got)
		}
	}
}
