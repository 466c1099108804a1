package uri

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// ---------------------------------------------------------------------------
// The other side: net/http's own server, reached over in-memory
// connections, so that what it accepts is what a Go server answers 200 to
// (http.ReadRequest alone skips the server's Host check).

// netHTTPView is what a net/http handler sees of a request.
type netHTTPView struct {
	Status     int    // 200 when the handler ran; else what the server answered
	Path       string // r.URL.Path (decoded)
	RawPath    string // r.URL.EscapedPath()
	Opaque     string // r.URL.Opaque
	RawQuery   string
	ForceQuery bool
	Scheme     string // r.URL.Scheme
	URLHost    string // r.URL.Host
	Host       string // r.Host
	RequestURI string
}

// pipeListener hands net/http's server the server ends of net.Pipe
// connections.
type pipeListener struct {
	conns  chan net.Conn
	closed chan struct{}
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.closed:
		return nil, net.ErrClosed
	}
}
func (l *pipeListener) Close() error   { return nil }
func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "pipe" }

var netHTTPServer = sync.OnceValue(func() *pipeListener {
	l := &pipeListener{conns: make(chan net.Conn), closed: make(chan struct{})}
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// In a header, base64 of gob (which keeps invalid UTF-8, as
			// JSON does not), since a response to HEAD has no body.
			var b bytes.Buffer
			gob.NewEncoder(&b).Encode(netHTTPView{
				Status: 200, Path: r.URL.Path, RawPath: r.URL.EscapedPath(), Opaque: r.URL.Opaque,
				RawQuery: r.URL.RawQuery, ForceQuery: r.URL.ForceQuery, Scheme: r.URL.Scheme,
				URLHost: r.URL.Host, Host: r.Host, RequestURI: r.RequestURI,
			})
			w.Header().Set("X-View", base64.StdEncoding.EncodeToString(b.Bytes()))
		}),
		ErrorLog:                     log.New(io.Discard, "", 0),
		DisableGeneralOptionsHandler: true, // so that "OPTIONS *" reaches the handler
	}
	go srv.Serve(l)
	return l
})

// serveNetHTTP sends the request line "method target HTTP/1.1" and the
// field "Host: host" to net/http's server and returns what its handler
// saw, or the status it answered without calling the handler. The
// request must be one request: target without a space, CR or LF, host
// without CR or LF.
func serveNetHTTP(t testing.TB, method, target, host string) netHTTPView {
	c, s := net.Pipe()
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	netHTTPServer().conns <- s
	go io.WriteString(c, method+" "+target+" HTTP/1.1\r\nHost: "+host+"\r\nConnection: close\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("net/http on %s %q, Host %q: no response: %v", method, target, host, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return netHTTPView{Status: resp.StatusCode}
	}
	var v netHTTPView
	b, err := base64.StdEncoding.DecodeString(resp.Header.Get("X-View"))
	if err == nil {
		err = gob.NewDecoder(bytes.NewReader(b)).Decode(&v)
	}
	if err != nil {
		t.Fatalf("net/http on %s %q, Host %q: %v", method, target, host, err)
	}
	return v
}

// oneRequest reports whether method, target and host make one request
// line and one Host field, which the differential tests need.
func oneRequest(method, target, host string) bool {
	return method != "" && !strings.ContainsAny(method, " \r\n\x00") && target != "" &&
		!strings.ContainsAny(target, " \r\n\x00") && !strings.ContainsAny(host, "\r\n\x00")
}

// netHTTPOWS reports whether host has whitespace at either end, which is
// not part of a field value (RFC 9110, Section 5.5): net/http strips it
// before a handler, and so TargetURI, would see it.
func netHTTPOWS(host string) bool { return host != strings.Trim(host, " \t") }

// netHTTPDeviations lists every reason for which net/http's server and
// TargetURI disagree on whether a request is valid, with the rule that
// decides it. "accepts:" reasons are requests net/http answers 200 and
// TargetURI rejects; "rejects:" reasons the reverse.
var netHTTPDeviations = map[string]string{
	"accepts:fragment":       "RFC 9112, Section 3.2: a request-target has no fragment; net/http reads '#' as data of the path or query",
	"accepts:char":           "RFC 3986, Sections 3.3 and 3.4: a path or query holds pchar, '/' and '?' and percent-encodings only; net/url takes any other byte but controls and space as data",
	"accepts:pct":            "RFC 3986, Section 2.1: '%' starts a pct-encoded triplet in every component; net/url does not check it in a query or an opaque path (\"a:%\")",
	"accepts:asterisk":       "RFC 9112, Section 3.2.4: asterisk-form is for a server-wide OPTIONS request only",
	"accepts:empty-host":     "RFC 9110, Section 4.2.1 and RFC 9112, Section 3.3: an http or https target URI has a non-empty host; net/http takes an empty Host field",
	"accepts:port-range":     "RFC 9110, Section 4.2.1: http and https name TCP ports, 0 to 65535; net/http never reads the Host field's port, and net/url takes any digits",
	"accepts:host-field":     "RFC 9110, Section 7.2: Host = uri-host [ \":\" port ]; net/http checks only that each byte may occur somewhere in that grammar",
	"accepts:zone":           "RFC 9110, Section 7.2 and RFC 3986, Section 3.2.2: a Host field or http URI has no IPv6 zone identifier (RFC 6874 added them to URIs and RFC 9844 removed them); net/url and net/http take one",
	"accepts:authority":      "RFC 3986, Section 3.2: authority = [ userinfo \"@\" ] host [ \":\" port ], where a reg-name has no ':' and a port only digits; net/url splits the host from the port at the last ':'",
	"accepts:http-authority": "RFC 9110, Section 4.2.1: an http or https URI has an authority with a non-empty host, and a recipient rejects one without",
	"accepts:http-userinfo":  "RFC 9110, Section 4.2.4: a recipient treats a userinfo in an http or https URI as an error",
	"accepts:connect":        "RFC 9110, Section 9.3.6: CONNECT's request-target is always authority-form, a non-empty host and a port, with no userinfo, path, query or fragment; net/http reads any target of CONNECT",
	"rejects:encoded-host":   "RFC 3986, Section 3.2.2: a reg-name may hold any percent-encoded octet; net/url rejects an encoded ASCII octet in a host",
	"rejects:ipvfuture":      "RFC 3986, Section 3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; net/url reads an IP literal only as IPv6",
}

// netHTTPClass names the deviation that explains why net/http and
// TargetURI disagree on a request: from TargetURI's error when it rejects
// the request, from its URI when it accepts it. It reads sentinels,
// offsets and inputs, never messages.
func netHTTPClass(method, target, host string, u URI, err error) string {
	if err == nil {
		switch {
		case strings.HasPrefix(u.Host, "[v"), strings.HasPrefix(u.Host, "[V"):
			return "ipvfuture"
		case strings.Contains(u.Host, "%"):
			return "encoded-host"
		}
		return ""
	}
	var e *Error
	if !errors.As(err, &e) {
		return ""
	}
	at := e.Offset
	zone := at < len(e.Input) && e.Input[at] == '%' && strings.Contains(e.Input[:at], "[")
	digits := func(s string) bool { return strings.Trim(s, "0123456789") == "" }
	rangeFault := errors.Is(err, ErrPort) && at < len(e.Input) && digits(e.Input[at:min(len(e.Input), at+strings.IndexAny(e.Input[at:]+"/", "/?#"))])
	if !errors.Is(err, ErrRequestTarget) {
		switch {
		case func() bool { _, err := ParseHost(host); return err == nil }():
			return "empty-host"
		case zone:
			return "zone"
		case rangeFault:
			return "port-range"
		}
		return "host-field"
	}
	switch {
	case zone:
		return "zone"
	case method == "CONNECT":
		if rangeFault {
			return "port-range"
		}
		return "connect"
	case errors.Is(err, ErrFragment):
		return "fragment"
	case errors.Is(err, ErrPath), errors.Is(err, ErrQuery):
		pct := at < len(target) && target[at] == '%' || at >= 1 && target[at-1] == '%' || at >= 2 && target[at-2] == '%'
		if !pct {
			return "char"
		}
		return "pct"
	case strings.HasPrefix(target, "*") && method != "OPTIONS":
		return "asterisk"
	}
	if _, err := ParseAbsolute(target); err != nil {
		return "authority" // the grammar of RFC 3986 fails in the authority
	}
	// The grammar holds: an http or https rule of RFC 9110 fails.
	switch {
	case rangeFault:
		return "port-range"
	case errors.Is(err, ErrUserinfo):
		return "http-userinfo"
	case errors.Is(err, ErrHost):
		return "http-authority"
	}
	return ""
}

// hostOf returns the host and port of u's authority as net/url holds
// them in URL.Host: a reg-name decoded, IP literals as they are.
func hostOf(u URI) string {
	h := u.Host
	if !strings.HasPrefix(h, "[") {
		h = decodeOrRaw(h)
	}
	if u.HasPort {
		h += ":" + u.Port
	}
	return h
}

// compareNetHTTP returns how net/http's view of a request differs from
// the URI TargetURI returned for it, or "": the same path, query, host
// and port.
func compareNetHTTP(u URI, form TargetForm, v netHTTPView) string {
	var diffs []string
	check := func(what, ours, theirs string) {
		if ours != theirs {
			diffs = append(diffs, what+": ours "+strconv.Quote(ours)+", net/http "+strconv.Quote(theirs))
		}
	}
	switch form {
	case AsteriskForm:
		check("path", "*", v.Path) // net/http keeps the '*'; the target URI's path is empty
		check("path", "", u.Path)
	case AuthorityForm:
		check("path", "", v.Path)
	default:
		if v.Opaque != "" {
			check("opaque path", u.Path, v.Opaque)
		} else {
			check("decoded path", decodeOrRaw(u.Path), v.Path)
		}
		check("query", u.Query, v.RawQuery)
		check("query defined", strconv.FormatBool(u.HasQuery), strconv.FormatBool(v.ForceQuery || v.RawQuery != ""))
	}
	switch form {
	case OriginForm, AsteriskForm:
		check("Host", u.Authority(), v.Host)
	case AbsoluteForm:
		check("scheme", strings.ToLower(u.Scheme), v.Scheme)
		if u.HasAuthority {
			check("host", hostOf(u), v.URLHost)
		}
	case AuthorityForm:
		check("host", hostOf(u), v.URLHost)
	}
	return strings.Join(diffs, "; ")
}

// checkNetHTTP compares TargetURI with net/http's server on one request:
// where both accept it, they read the same path, query, host and port;
// where one rejects it, the reason is one of netHTTPDeviations. It
// returns the reason, "accepts:..." or "rejects:...", or "" when they
// agree.
func checkNetHTTP(t testing.TB, method, target, host string) string {
	t.Helper()
	u, form, err := TargetURI(method, target, host, false)
	v := serveNetHTTP(t, method, target, host)
	switch {
	case err == nil && v.Status == 200:
		if d := compareNetHTTP(u, form, v); d != "" {
			t.Errorf("%s %q, Host %q: both accept, and read differently: %s", method, target, host, d)
		}
		return ""
	case err != nil && v.Status != 200:
		return ""
	}
	dir := "rejects:"
	if err != nil {
		dir = "accepts:"
	}
	reason := dir + netHTTPClass(method, target, host, u, err)
	if _, ok := netHTTPDeviations[reason]; !ok {
		t.Errorf("%s %q, Host %q: net/http answers %d, TargetURI %v: no listed reason (%s)", method, target, host, v.Status, err, reason)
	}
	return reason
}

// ---------------------------------------------------------------------------
// An oracle for TargetURI: the grammar of RFC 9112, Section 3.2 and
// RFC 9110, Section 7.2 transcribed into regular expressions over
// RFC 3986, Appendix A, and the target URI put together as RFC 9112,
// Section 3.3 says, by concatenating strings.

const (
	reUnreserved = `[A-Za-z0-9\-._~]`
	rePctEncoded = `%[0-9A-Fa-f]{2}`
	reSubDelims  = `[!$&'()*+,;=]`
	rePchar      = `(?:` + reUnreserved + `|` + rePctEncoded + `|` + reSubDelims + `|[:@])`
	reRegName    = `(?:` + reUnreserved + `|` + rePctEncoded + `|` + reSubDelims + `)*`
)

var (
	// origin-form = absolute-path [ "?" query ]; absolute-path = 1*( "/" segment )
	originFormRE = regexp.MustCompile(`^(?:/` + rePchar + `*)+(?:\?(?:` + rePchar + `|[/?])*)?$`)
	// uri-host [ ":" port ], the IP literal's inside checked by ipLiteralOK
	hostPortRE = regexp.MustCompile(`^(\[[^\[\]]*\]|` + reRegName + `)(?:(:)([0-9]*))?$`)
	// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
	ipvFutureRE = regexp.MustCompile(`^[vV][0-9A-Fa-f]+\.(?:` + reUnreserved + `|` + reSubDelims + `|:)+$`)
)

// ipLiteralOK checks an IP-literal's inside: an IPv6address, as net/netip
// reads it, without a zone, or an IPvFuture.
func ipLiteralOK(in string) bool {
	if ipvFutureRE.MatchString(in) {
		return true
	}
	a, err := netip.ParseAddr(in)
	return err == nil && a.Is6() && a.Zone() == "" && !strings.Contains(in, "%")
}

// hostPortSlow splits uri-host [ ":" port ], checking the port is a TCP
// port number.
func hostPortSlow(s string) (host, port string, hasPort, ok bool) {
	m := hostPortRE.FindStringSubmatch(s)
	if m == nil || strings.HasPrefix(m[1], "[") && !ipLiteralOK(m[1][1:len(m[1])-1]) {
		return "", "", false, false
	}
	if m[3] != "" {
		if n, err := strconv.ParseUint(m[3], 10, 64); err != nil || n > 65535 {
			return "", "", false, false
		}
	}
	return m[1], m[3], m[2] == ":", true
}

// targetSlow is TargetURI by the letter of RFC 9112, Sections 3.2 and 3.3
// and RFC 9110, Sections 4.2, 7.2 and 9.3.6.
func targetSlow(method, target, host string, secure bool) (string, TargetForm, bool) {
	scheme := "http"
	if secure {
		scheme = "https"
	}
	h, _, _, ok := hostPortSlow(host)
	if !ok {
		return "", 0, false
	}
	switch {
	case method == "CONNECT":
		th, tp, _, ok := hostPortSlow(target)
		return scheme + "://" + target, AuthorityForm, ok && th != "" && tp != ""
	case method == "OPTIONS" && target == "*":
		return scheme + "://" + host, AsteriskForm, h != ""
	case originFormRE.MatchString(target):
		return scheme + "://" + host + target, OriginForm, h != ""
	}
	u, err := ParseAbsolute(target)
	if err != nil {
		return "", 0, false
	}
	if s := strings.ToLower(u.Scheme); s == "http" || s == "https" {
		_, _, _, portOK := hostPortSlow("h:" + u.Port)
		ok = u.HasAuthority && !u.HasUserinfo && u.Host != "" && portOK
	}
	return target, AbsoluteForm, ok
}

// ---------------------------------------------------------------------------
// Tests

var targetForms = map[string]TargetForm{"origin": OriginForm, "absolute": AbsoluteForm, "authority": AuthorityForm, "asterisk": AsteriskForm}

// componentSentinels maps the in= words of testdata/http.txt to sentinels.
var componentSentinels = map[string]error{
	"scheme": ErrScheme, "userinfo": ErrUserinfo, "host": ErrHost, "port": ErrPort,
	"path": ErrPath, "query": ErrQuery, "fragment": ErrFragment, "target": ErrRequestTarget,
}

// checkHTTPError checks an error against a row's at= and in= fields: an
// *Error with that Input, Offset and sentinel, whose message and %#v hide
// any password (the rows spell it "secret").
func checkHTTPError(t testing.TB, line int, what string, err error, input string, r caseRow) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("line %d: %s: want an *Error, got %v", line, what, err)
		return
	}
	at, _ := strconv.Atoi(r.fields["at"])
	sentinel := componentSentinels[r.fields["in"]]
	if e.Input != input || e.Offset != at || !errors.Is(err, sentinel) {
		t.Errorf("line %d: %s: got Input %q, Offset %d, %v; want Input %q, Offset %d, %v", line, what, e.Input, e.Offset, err, input, at, sentinel)
	}
	if e.Offset < 0 || e.Offset > len(e.Input) {
		t.Errorf("line %d: %s: offset %d outside the input", line, what, e.Offset)
	}
	for _, msg := range []string{e.Error(), e.GoString()} {
		if strings.Contains(msg, "secret") {
			t.Errorf("line %d: %s: the message prints the password: %s", line, what, msg)
		}
	}
}

// httpRowCounts is how many rows of each kind testdata/http.txt must
// have, at least.
var httpRowCounts = map[string]int{"target": 150, "host": 25, "dial": 40, "route": 70, "forward": 30}

// httpRows returns the rows of testdata/http.txt whose verb is verb,
// failing the test when there are fewer than httpRowCounts says.
func httpRows(t testing.TB, verb string) []caseRow {
	t.Helper()
	var rows []caseRow
	for _, r := range readCases(t, "testdata/http.txt") {
		if r.verb == verb {
			rows = append(rows, r)
		} else if _, ok := httpRowCounts[r.verb]; !ok {
			t.Fatalf("testdata/http.txt:%d: unknown verb %q", r.line, r.verb)
		}
	}
	if len(rows) < httpRowCounts[verb] {
		t.Errorf("%d %s rows in testdata/http.txt, want at least %d", len(rows), verb, httpRowCounts[verb])
	}
	return rows
}

func TestTargetURICases(t *testing.T) {
	for _, r := range httpRows(t, "target") {
		method, host, secure := r.fields["method"], r.fields["host"], r.fields["tls"] == "1"
		what := method + " " + strconv.Quote(r.input) + ", Host " + strconv.Quote(host)
		u, form, err := TargetURI(method, r.input, host, secure)
		wantText, wantForm, wantOK := targetSlow(method, r.input, host, secure)
		if want, ok := r.fields["uri"]; ok {
			if err != nil {
				t.Errorf("line %d: %s: %v", r.line, what, err)
				continue
			}
			if u.String() != want || form != targetForms[r.fields["form"]] {
				t.Errorf("line %d: %s = %q, %v; want %q, %s", r.line, what, u.String(), form, want, r.fields["form"])
			}
			if v, err := Parse(want); err != nil || v != u {
				t.Errorf("line %d: %s: %#v does not reparse: %v", r.line, what, u, err)
			}
			if err := checkInvariants(u); err != nil {
				t.Errorf("line %d: %s: %v", r.line, what, err)
			}
			if !wantOK || wantText != want || wantForm != form {
				t.Errorf("line %d: %s: the slow reading says %q, %v, %v", r.line, what, wantText, wantForm, wantOK)
			}
			if n := testing.AllocsPerRun(5, func() { TargetURI(method, r.input, host, secure) }); n != 0 {
				t.Errorf("line %d: %s: %v allocations", r.line, what, n)
			}
			continue
		}
		if err == nil {
			t.Errorf("line %d: %s = %q, want an error", r.line, what, u.String())
			continue
		}
		if wantOK {
			t.Errorf("line %d: %s: the slow reading accepts it as %q", r.line, what, wantText)
		}
		input := r.input
		switch r.fields["err"] {
		case "host":
			input = host
			if errors.Is(err, ErrRequestTarget) {
				t.Errorf("line %d: %s: a Host error matches ErrRequestTarget", r.line, what)
			}
		case "target":
			if !errors.Is(err, ErrRequestTarget) {
				t.Errorf("line %d: %s: a target error does not match ErrRequestTarget", r.line, what)
			}
		default:
			t.Fatalf("line %d: err=%q", r.line, r.fields["err"])
		}
		checkHTTPError(t, r.line, what, err, input, r)
		if u != (URI{}) || form != 0 {
			t.Errorf("line %d: %s: an error with %#v, %v", r.line, what, u, form)
		}
	}
}

// TestTargetURINetHTTP is the differential test: every target row of
// testdata/http.txt that makes one request goes to net/http's own server.
// Where both accept it, they read the same path, query, host and port;
// where they disagree, the row names the reason, which netHTTPDeviations
// lists with its rule, and netHTTPClass finds the same reason.
func TestTargetURINetHTTP(t *testing.T) {
	counts := map[string]int{}
	for _, r := range httpRows(t, "target") {
		method, host := r.fields["method"], r.fields["host"]
		if r.fields["tls"] == "1" || !oneRequest(method, r.input, host) || netHTTPOWS(host) {
			continue
		}
		got := checkNetHTTP(t, method, r.input, host)
		want := r.fields["nethttp"]
		if want == "rejects:ipvfuture" && !netURLChecksBrackets() {
			want = "" // net/url took IPvFuture before CVE-2025-47912's fix
		}
		if got != want {
			t.Errorf("line %d: %s %q, Host %q: net/http deviation %q, the row says %q", r.line, method, r.input, host, got, want)
		}
		counts[got]++
	}
	for reason := range netHTTPDeviations {
		if reason == "rejects:ipvfuture" && !netURLChecksBrackets() {
			continue
		}
		if counts[reason] == 0 {
			t.Errorf("no row shows the deviation %q", reason)
		}
	}
	t.Logf("requests per deviation (\"\" is agreement): %v", counts)
}

func TestParseHostCases(t *testing.T) {
	for _, r := range httpRows(t, "host") {
		u, err := ParseHost(r.input)
		if want, ok := r.fields["host"]; ok {
			port, hasPort := r.fields["port"]
			if err != nil || u != (URI{HasAuthority: true, Host: want, Port: port, HasPort: hasPort}) {
				t.Errorf("line %d: ParseHost(%q) = %#v, %v", r.line, r.input, u, err)
			}
			if u.String() != "//"+r.input || checkInvariants(u) != nil {
				t.Errorf("line %d: ParseHost(%q): text %q, %v", r.line, r.input, u.String(), checkInvariants(u))
			}
			continue
		}
		checkHTTPError(t, r.line, "ParseHost("+strconv.Quote(r.input)+")", err, r.input, r)
	}
}

// checkDial checks the property DialAddr promises: the address holds the
// host Hostname gives and the port PortNumber or DefaultPort gives, as
// net.SplitHostPort reads it back.
func checkDial(t testing.TB, u URI) {
	t.Helper()
	addr, err := u.DialAddr()
	name, nameErr := u.Hostname()
	if nameErr != nil {
		if err == nil || err.Error() != nameErr.Error() {
			t.Errorf("%q: Hostname fails with %v, DialAddr gives %q, %v", u.String(), nameErr, addr, err)
		}
		return
	}
	if err != nil {
		if !errors.Is(err, ErrPort) {
			t.Errorf("%q: DialAddr: %v", u.String(), err)
		}
		return
	}
	h, p, splitErr := net.SplitHostPort(addr)
	want, ok := u.PortNumber()
	if !ok {
		want, ok = DefaultPort(u.Scheme)
	}
	if splitErr != nil || h != name || !ok || p != strconv.Itoa(int(want)) || want == 0 {
		t.Errorf("%q: DialAddr = %q (%q, %q, %v); Hostname %q, port %d, %v", u.String(), addr, h, p, splitErr, name, want, ok)
	}
	if strings.ContainsAny(name, "%/?#@[] \x00") || strings.Contains(name, ":") != (u.HostKind() == IPv6) {
		t.Errorf("%q: Hostname %q holds a delimiter", u.String(), name)
	}
}

func TestDialCases(t *testing.T) {
	for _, r := range httpRows(t, "dial") {
		u := MustParse(r.input)
		name, err := u.Hostname()
		addr, dialErr := u.DialAddr()
		checkDial(t, u)
		if want, ok := r.fields["hostname"]; ok {
			if err != nil || name != want {
				t.Errorf("line %d: Hostname(%q) = %q, %v; want %q", r.line, r.input, name, err, want)
			}
			if want, ok := r.fields["addr"]; ok {
				if dialErr != nil || addr != want {
					t.Errorf("line %d: DialAddr(%q) = %q, %v; want %q", r.line, r.input, addr, dialErr, want)
				}
				continue
			}
			checkHTTPError(t, r.line, "DialAddr("+strconv.Quote(r.input)+")", dialErr, r.input, r)
			continue
		}
		checkHTTPError(t, r.line, "Hostname("+strconv.Quote(r.input)+")", err, r.input, r)
		checkHTTPError(t, r.line, "DialAddr("+strconv.Quote(r.input)+")", dialErr, r.input, r)
	}
}

// routeSlow is RoutePath by the letter: Vet's findings decide what is
// rejected, RFC 3986, Section 6.2.2.1 and 6.2.2.2 by regular expression,
// encoded separators by string replacement, merging by regular
// expression, and RFC 3986, Section 5.2.4 step by step.
func routeSlow(path string, p PathPolicy, hasAuthority bool) (string, bool) {
	if path != "" && path[0] != '/' || !pathRE.MatchString(path) {
		return "", false
	}
	for _, f := range (URI{Path: path}).Vet() {
		switch f.Kind {
		case EncodedNUL, EncodedControl, OverlongUTF8, InvalidUTF8:
			return "", false
		case DoubleEncoding:
			if !p.AllowDoubleEncoding {
				return "", false
			}
		}
	}
	s := pctNormalizeSlow(path)
	if !p.AllowDoubleEncoding && nfkcPercentRE.MatchString(s) {
		return "", false
	}
	// what NFKC reads as '/' and '\\' is rejected with its triplet, else data
	if p.Slash == RejectSlash && strings.Contains(s, "%EF%BC%8F") ||
		p.Backslash == RejectSlash && (strings.Contains(s, "%EF%BC%BC") || strings.Contains(s, "%EF%B9%A8")) {
		return "", false
	}
	for _, sep := range []struct {
		triplet string
		rule    SlashRule
	}{{"%2F", p.Slash}, {"%5C", p.Backslash}} {
		if strings.Contains(s, sep.triplet) {
			switch sep.rule {
			case RejectSlash:
				return "", false
			case DecodeSlash:
				s = strings.ReplaceAll(s, sep.triplet, "/")
			}
		}
	}
	for _, seg := range strings.Split(s, "/") {
		// what a servlet container reads once NFKC gives ';'
		semi := nfkcSemicolonRE.ReplaceAllString(seg, ";")
		for _, f := range append((URI{Path: seg}).Vet(), (URI{Path: semi}).Vet()...) {
			if f.Kind == EncodedDotSegment {
				return "", false
			}
		}
		if !p.KeepParams && strings.Contains(strings.ReplaceAll(semi, "%3B", ";"), ";") {
			return "", false
		}
	}
	switch {
	case p.MergeSlashes:
		s = slashRuns.ReplaceAllString(s, "/")
	case !p.KeepEmptySegments && strings.Contains(s, "//"):
		return "", false
	}
	s = removeDotSegmentsSlow(s)
	if !hasAuthority && strings.HasPrefix(s, "//") {
		s = "/." + s
	}
	return s, true
}

var (
	slashRuns = regexp.MustCompile(`//+`)
	// what NFKC reads as ';' and as '%', in a normalized path
	nfkcSemicolonRE = regexp.MustCompile(`%CD%BE|%EF%B8%94|%EF%B9%94|%EF%BC%9B`)
	nfkcPercentRE   = regexp.MustCompile(`%EF%B9%AA|%EF%BC%85`)
	pathRE          = regexp.MustCompile(`^(?:` + rePchar + `|/)*$`) // RFC 3986, Section 3.3
)

// checkRoute checks RoutePath's promises on one target: the route agrees
// with routeSlow, forward is target with the route as its path, forward
// is valid, and RoutePath is idempotent.
func checkRoute(t testing.TB, u URI, p PathPolicy) (string, error) {
	t.Helper()
	route, fwd, err := RoutePath(u, p)
	slow, ok := routeSlow(u.Path, p, u.HasAuthority)
	if (err == nil) != ok || err == nil && route != slow {
		t.Errorf("RoutePath(%q, %+v) = %q, %v; the slow reading says %q, %v", u.String(), p, route, err, slow, ok)
	}
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrPath) || e.Input != u.String() || e.Offset < u.pathOffset() || e.Offset > u.pathOffset()+len(u.Path) {
			t.Errorf("RoutePath(%q, %+v): %#v", u.String(), p, err)
		}
		return "", err
	}
	want := u
	want.Path = route
	if fwd != want || checkInvariants(fwd) != nil {
		t.Errorf("RoutePath(%q, %+v): forward %#v, %v", u.String(), p, fwd, checkInvariants(fwd))
	}
	if route2, fwd2, err := RoutePath(fwd, p); err != nil || route2 != route || fwd2 != fwd {
		t.Errorf("RoutePath(%q, %+v) = %q, but from its forward %q: %q, %v", u.String(), p, route, fwd.String(), route2, err)
	}
	return route, nil
}

// policyOf reads the policy fields of a route row.
func policyOf(r caseRow) PathPolicy {
	rule := func(s string) SlashRule {
		return map[string]SlashRule{"": RejectSlash, "keep": KeepSlash, "decode": DecodeSlash}[s]
	}
	return PathPolicy{Slash: rule(r.fields["slash"]), Backslash: rule(r.fields["backslash"]),
		MergeSlashes: r.fields["merge"] == "1", AllowDoubleEncoding: r.fields["double"] == "1",
		KeepEmptySegments: r.fields["empty"] == "1", KeepParams: r.fields["params"] == "1"}
}

func TestRoutePathCases(t *testing.T) {
	for _, r := range httpRows(t, "route") {
		u, p := MustParse(r.input), policyOf(r)
		route, err := checkRoute(t, u, p)
		if want, ok := r.fields["route"]; ok {
			if err != nil || route != want {
				t.Errorf("line %d: RoutePath(%q, %+v) = %q, %v; want %q", r.line, r.input, p, route, err, want)
			}
			continue
		}
		kind := r.fields["kind"]
		if kind != "" {
			r.fields["in"] = "path"
		}
		checkHTTPError(t, r.line, "RoutePath("+strconv.Quote(r.input)+")", err, r.input, r)
		if e := (*Error)(nil); errors.As(err, &e) && !strings.Contains(e.Expected, kind) {
			t.Errorf("line %d: RoutePath(%q): %q does not name %s", r.line, r.input, e.Expected, kind)
		}
	}
}

// TestRoutePathPolicies runs every route row under every policy against
// the slow reading, and checks the properties.
func TestRoutePathPolicies(t *testing.T) {
	var policies []PathPolicy
	for _, s := range []SlashRule{RejectSlash, KeepSlash, DecodeSlash} {
		for _, b := range []SlashRule{RejectSlash, KeepSlash, DecodeSlash} {
			for _, m := range []bool{false, true} {
				for _, d := range []bool{false, true} {
					for _, e := range []bool{false, true} {
						policies = append(policies, PathPolicy{Slash: s, Backslash: b, MergeSlashes: m, AllowDoubleEncoding: d,
							KeepEmptySegments: e, KeepParams: e == d})
					}
				}
			}
		}
	}
	for _, r := range httpRows(t, "route") {
		for _, p := range policies {
			checkRoute(t, MustParse(r.input), p)
		}
	}
}

// TestHTTPHandBuilt checks that hand-built URIs that RFC 3986 does not
// allow give errors, not invalid results.
func TestHTTPHandBuilt(t *testing.T) {
	up := MustParse("http://u/api/")
	for _, c := range []struct {
		u        URI
		sentinel error
		at       int
	}{
		{URI{Path: "/a\\b"}, ErrPath, 2},
		{URI{Path: "/a b"}, ErrPath, 2},
		{URI{Path: "/a%zz"}, ErrPath, 3},
		{URI{Scheme: "http", HasAuthority: true, Host: "h", Path: "/a%2"}, ErrPath, 12},
		{URI{Path: "/a", Query: "b c", HasQuery: true}, ErrQuery, 4},
	} {
		var e *Error
		if _, _, err := RoutePath(c.u, PathPolicy{}); c.sentinel == ErrPath && (!errors.As(err, &e) || !errors.Is(err, ErrPath) || e.Offset != c.at) {
			t.Errorf("RoutePath(%#v) = %v, want %v at %d", c.u, err, c.sentinel, c.at)
		}
		if _, err := up.Forward(c.u); !errors.As(err, &e) || !errors.Is(err, c.sentinel) || e.Offset != c.at || e.Input != c.u.String() {
			t.Errorf("Forward(%#v) = %v, want %v at %d", c.u, err, c.sentinel, c.at)
		}
	}
	for _, u := range []URI{
		{Scheme: "http", HasAuthority: true, Host: "[::1"},
		{Scheme: "http", HasAuthority: true, Host: "a b"},
		{Scheme: "http", HasAuthority: true, Host: "\xff"},
	} {
		if _, err := u.Hostname(); !errors.Is(err, ErrHost) {
			t.Errorf("Hostname(%#v) = %v", u, err)
		}
	}
}

func TestForwardCases(t *testing.T) {
	for _, r := range httpRows(t, "forward") {
		up, target, p := MustParse(r.fields["upstream"]), MustParse(r.input), policyOf(r)
		got, err := up.ForwardWith(target, p)
		what := strconv.Quote(up.String()) + ".ForwardWith(" + strconv.Quote(r.input) + fmt.Sprintf(", %+v)", p)
		if p == (PathPolicy{}) {
			if got2, err2 := up.Forward(target); got2 != got || fmt.Sprint(err2) != fmt.Sprint(err) {
				t.Errorf("line %d: Forward = %q, %v; ForwardWith the zero policy = %q, %v", r.line, got2.String(), err2, got.String(), err)
			}
		}
		if want, ok := r.fields["uri"]; ok {
			if err != nil || got.String() != want || checkInvariants(got) != nil {
				t.Errorf("line %d: %s = %q, %v; want %q", r.line, what, got.String(), err, want)
			}
			continue
		}
		input := r.input
		if r.fields["input"] == "upstream" {
			input = r.fields["upstream"]
		}
		checkHTTPError(t, r.line, what, err, input, r)
	}
}

// TestForwardStaysUnder checks, for every route row's forward URI and a
// few upstreams, that the joined path starts with the upstream's path:
// no target climbs out of it.
func TestForwardStaysUnder(t *testing.T) {
	ups := []URI{MustParse("http://u/api/"), MustParse("http://u/api"), MustParse("http://u"), MustParse("http://u/a/b/")}
	for _, r := range append(httpRows(t, "route"), httpRows(t, "forward")...) {
		target := MustParse(r.input)
		if _, fwd, err := RoutePath(target, policyOf(r)); err == nil {
			target = fwd
		}
		for _, up := range ups {
			checkForward(t, up, target)
		}
	}
}

// checkForward checks Forward's promises: a valid URI under upstream's
// scheme, authority and path prefix.
func checkForward(t testing.TB, up, target URI) {
	t.Helper()
	got, err := up.Forward(target)
	if err != nil {
		return
	}
	prefix := strings.TrimSuffix(up.Path, "/")
	if checkInvariants(got) != nil || got.Scheme != up.Scheme || got.Authority() != up.Authority() ||
		!strings.HasPrefix(got.Path, prefix) || got.Path != prefix && got.Path != up.Path && got.Path[len(prefix)] != '/' ||
		hasDotSegment(got.Path[len(prefix):], dotsRFC) || dotLikeAt(got.Path) >= 0 {
		t.Errorf("%q.Forward(%q) = %q, %v", up.String(), target.String(), got.String(), checkInvariants(got))
	}
}

func TestDefaultPort(t *testing.T) {
	for scheme, rule := range DefaultSchemes() {
		for _, s := range []string{scheme, strings.ToUpper(scheme)} {
			p, ok := DefaultPort(s)
			if p != rule.DefaultPort || ok != (rule.DefaultPort != 0) {
				t.Errorf("DefaultPort(%q) = %d, %v; DefaultSchemes says %d", s, p, ok, rule.DefaultPort)
			}
		}
	}
	for _, s := range []string{"", "htt", "httpx", "foo", "\u212Aoap", "http\x00", "HTTPſ"} {
		if p, ok := DefaultPort(s); ok {
			t.Errorf("DefaultPort(%q) = %d, true", s, p)
		}
	}
}

func TestTargetFormString(t *testing.T) {
	for f, want := range map[TargetForm]string{0: "TargetForm(0)", OriginForm: "origin-form", AbsoluteForm: "absolute-form",
		AuthorityForm: "authority-form", AsteriskForm: "asterisk-form", 9: "TargetForm(9)"} {
		if f.String() != want {
			t.Errorf("%d.String() = %q, want %q", f, f.String(), want)
		}
	}
}

// TestHTTPAllocs pins the allocation counts the doc comments state.
func TestHTTPAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	u := MustParse("http://example.com:8080/a/b?c")
	up := MustParse("http://10.0.0.5:8080")
	target := MustParse("/users?id=1")
	for _, c := range []struct {
		name string
		want float64
		f    func()
	}{
		{"TargetURI origin-form", 0, func() { TargetURI("GET", "/a/b?c=d", "example.com:8080", true) }},
		{"TargetURI absolute-form", 0, func() { TargetURI("GET", "http://example.com/a?b", "example.com", false) }},
		{"TargetURI authority-form", 0, func() { TargetURI("CONNECT", "example.com:443", "example.com:443", false) }},
		{"ParseHost", 0, func() { ParseHost("[2001:db8::1]:8080") }},
		{"DefaultPort", 0, func() { DefaultPort("HTTPS") }},
		{"Hostname", 0, func() { u.Hostname() }},
		{"DialAddr", 1, func() { u.DialAddr() }},
		{"RoutePath as routed", 0, func() { RoutePath(u, PathPolicy{}) }},
		{"RoutePath normalizing", 1, func() { RoutePath(MustParse("http://h/a/%2e%2e/b"), PathPolicy{}) }},
		{"Forward", 0, func() { up.Forward(target) }},
	} {
		if n := testing.AllocsPerRun(20, c.f); n != c.want {
			t.Errorf("%s: %v allocations, want %v", c.name, n, c.want)
		}
	}
}

func init() {
	policy := PathPolicy{Slash: DecodeSlash, Backslash: DecodeSlash, MergeSlashes: true, AllowDoubleEncoding: true}
	upstream := MustParse("http://10.0.0.5:8080/api/")
	hostileEntries = append(hostileEntries,
		hostileEntry{"TargetURI", func(u URI, s string) {
			if _, _, sinkErr = TargetURI("GET", s, u.Host, false); sinkErr != nil {
				sinkString = sinkErr.Error()
			}
			if _, _, sinkErr = TargetURI("GET", u.Path, u.Authority(), true); sinkErr != nil {
				sinkString = sinkErr.Error()
			}
			sinkURI, _, sinkErr = TargetURI("CONNECT", u.Authority(), u.Host, false)
		}},
		hostileEntry{"ParseHost", func(u URI, s string) {
			if sinkURI, sinkErr = ParseHost(u.Authority()); sinkErr != nil {
				sinkString = sinkErr.Error()
			}
		}},
		hostileEntry{"DialAddr", func(u URI, s string) {
			if sinkString, sinkErr = u.DialAddr(); sinkErr != nil {
				sinkString = sinkErr.Error()
			}
		}},
		hostileEntry{"RoutePath", func(u URI, s string) {
			sinkString, sinkURI, sinkErr = RoutePath(u, policy)
			if _, _, sinkErr = RoutePath(u, PathPolicy{}); sinkErr != nil {
				sinkString = sinkErr.Error()
			}
		}},
		hostileEntry{"Forward", func(u URI, s string) {
			if sinkURI, sinkErr = upstream.Forward(u); sinkErr != nil {
				sinkString = sinkErr.Error()
			}
		}},
	)
}

// ---------------------------------------------------------------------------
// Fuzz targets

// fuzzMethods are the methods FuzzTargetURI tries: the two with forms of
// their own, their lowercase spellings (other methods), and two more.
var fuzzMethods = []string{"GET", "OPTIONS", "CONNECT", "POST", "connect", "options"}

// FuzzTargetURI checks that TargetURI never panics, that what it returns
// is valid (Validate) and is what the slow reading of RFC 9112 gives, that
// its errors point into the argument at fault, and that net/http's server,
// wherever it also accepts a request, reads the same path, query, host
// and port, and wherever it does not, for a listed reason.
func FuzzTargetURI(f *testing.F) {
	for _, r := range httpRows(f, "target") {
		m := 0
		for i, name := range fuzzMethods {
			if name == r.fields["method"] {
				m = i
			}
		}
		f.Add(uint8(m), r.input, r.fields["host"], r.fields["tls"] == "1")
	}
	f.Fuzz(func(t *testing.T, m uint8, target, host string, secure bool) {
		if len(target) > 4096 || len(host) > 1024 {
			return
		}
		method := fuzzMethods[int(m)%len(fuzzMethods)]
		u, form, err := TargetURI(method, target, host, secure)
		text, wantForm, ok := targetSlow(method, target, host, secure)
		if (err == nil) != ok || err == nil && (u.String() != text || form != wantForm) {
			t.Fatalf("TargetURI(%q, %q, %q, %v) = %q, %v, %v; the slow reading says %q, %v, %v", method, target, host, secure, u.String(), form, err, text, wantForm, ok)
		}
		if err == nil {
			if err := checkInvariants(u); err != nil {
				t.Fatalf("TargetURI(%q, %q, %q): %#v: %v", method, target, host, u, err)
			}
			if v, err := Parse(u.String()); err != nil || v != u {
				t.Fatalf("TargetURI(%q, %q, %q) = %#v, which reads back as %#v, %v", method, target, host, u, v, err)
			}
		} else {
			var e *Error
			inTarget := errors.Is(err, ErrRequestTarget)
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(e.Input) || inTarget && e.Input != target || !inTarget && e.Input != host {
				t.Fatalf("TargetURI(%q, %q, %q): %#v", method, target, host, err)
			}
			_ = e.Error()
		}
		if !secure && oneRequest(method, target, host) && !netHTTPOWS(host) {
			checkNetHTTP(t, method, target, host)
		}
	})
}

// fuzzPolicy makes a PathPolicy of the low bits of b.
func fuzzPolicy(b uint8) PathPolicy {
	return PathPolicy{Slash: SlashRule(b & 15 % 3), Backslash: SlashRule(b & 15 / 3 % 3), MergeSlashes: b&16 != 0, AllowDoubleEncoding: b&32 != 0,
		KeepEmptySegments: b&64 != 0, KeepParams: b&128 != 0}
}

// fuzzPolicyByte is the byte that fuzzPolicy reads as p.
func fuzzPolicyByte(p PathPolicy) uint8 {
	b := uint8(p.Slash) + 3*uint8(p.Backslash)
	for bit, on := range map[uint8]bool{16: p.MergeSlashes, 32: p.AllowDoubleEncoding, 64: p.KeepEmptySegments, 128: p.KeepParams} {
		if on {
			b |= bit
		}
	}
	return b
}

// FuzzRoutePath checks RoutePath against its slow reading, that it is
// idempotent (the route of forward is route), that forward is valid, and
// that Forward keeps the result under the upstream's path.
func FuzzRoutePath(f *testing.F) {
	for _, r := range httpRows(f, "route") {
		p := policyOf(r)
		f.Add(r.input, fuzzPolicyByte(p))
	}
	ups := []URI{MustParse("http://u/api/"), MustParse("http://u")}
	f.Fuzz(func(t *testing.T, s string, b uint8) {
		u, err := Parse(s)
		if err != nil {
			u = URI{Path: s} // a hand-built path: an error, never a bad route
		}
		if _, err := checkRoute(t, u, fuzzPolicy(b)); err != nil {
			return
		}
		_, fwd, _ := RoutePath(u, fuzzPolicy(b))
		for _, up := range ups {
			checkForward(t, up, fwd)
		}
	})
}

// FuzzDialAddr checks that DialAddr never gives a host or port other
// than Hostname and PortNumber (or DefaultPort) say, as net.SplitHostPort
// reads the address, and that the host is the one net/url's Hostname
// reads from URL; and ParseHost's results and errors.
func FuzzDialAddr(f *testing.F) {
	for _, r := range httpRows(f, "dial") {
		f.Add(r.input)
	}
	for _, r := range httpRows(f, "host") {
		f.Add(r.input)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if u, err := Parse(s); err == nil {
			checkDial(t, u)
			if name, err := u.Hostname(); err == nil {
				// net/http dials the host net/url reads after x/net/idna's
				// Lookup.ToASCII when it is not ASCII (lookupIDNA)
				nu := u.URL()
				want := nu.Hostname()
				if a, err := lookupIDNA.ToASCII(want); err == nil && strings.ContainsFunc(want, func(r rune) bool { return r >= utf8.RuneSelf }) {
					want = a
				}
				// Hostname lowercases a name's ASCII letters, which DNS
				// compares without case (RFC 4343).
				if u.HostKind() == RegName {
					want = strings.Map(func(r rune) rune {
						if 'A' <= r && r <= 'Z' {
							return r + 'a' - 'A'
						}
						return r
					}, want)
				}
				if want != name || nu.Port() != u.Port {
					t.Fatalf("%q: Hostname %q, port %q; net/url reads %q, %q, net/http dials %q", s, name, u.Port, nu.Hostname(), nu.Port(), want)
				}
			}
		}
		h, err := ParseHost(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Input != s || e.Offset < 0 || e.Offset > len(s) || errors.Is(err, ErrRequestTarget) {
				t.Fatalf("ParseHost(%q): %#v", s, err)
			}
			return
		}
		if h.String() != "//"+s || checkInvariants(h) != nil {
			t.Fatalf("ParseHost(%q) = %#v, %v", s, h, checkInvariants(h))
		}
		checkDial(t, h)
	})
}

// TestTargetURIShapes runs every short target over the bytes that decide
// the form, for each kind of method, and every short Host value over the
// bytes of its grammar, against the slow reading.
func TestTargetURIShapes(t *testing.T) {
	for _, method := range []string{"GET", "OPTIONS", "CONNECT"} {
		for _, target := range digitStrings("/*:?#@%[]h1", 3) {
			for _, host := range []string{"h", "", "h:1"} {
				u, form, err := TargetURI(method, target, host, false)
				text, wantForm, ok := targetSlow(method, target, host, false)
				if (err == nil) != ok || err == nil && (u.String() != text || form != wantForm) {
					t.Errorf("TargetURI(%q, %q, %q) = %q, %v, %v; the slow reading says %q, %v, %v", method, target, host, u.String(), form, err, text, wantForm, ok)
				}
			}
		}
	}
	for _, host := range digitStrings("h:1[]@%v.", 4) {
		u, err := ParseHost(host)
		h, port, hasPort, ok := hostPortSlow(host)
		if (err == nil) != ok || err == nil && u != (URI{HasAuthority: true, Host: h, Port: port, HasPort: hasPort}) {
			t.Errorf("ParseHost(%q) = %#v, %v; the slow reading says %q %q %v %v", host, u, err, h, port, hasPort, ok)
		}
	}
}
