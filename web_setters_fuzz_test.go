package uri

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// The properties of the setters and getters (URL Standard, "URL class"),
// fuzzed: no setter panics, fails (but SetHref of a value that does not
// parse) or gives a URI that is not valid; the result reparses to itself
// (ParseWeb of its text and of its href give it back); a setter changes
// only the getters it owns, so that no value moves the boundary of a
// component it does not own ('@' in a username, '?' or '#' in a pathname,
// '/' in a host stay data or are ignored); net/url reads the result's
// hostname, port, path and query as the getters give them; and setting
// an attribute to what its getter returns leaves the URL unchanged.

// webAttrNames are the attributes that have a setter, in the URL
// Standard's order.
var webAttrNames = []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}

// webSetterOwns lists the getters besides href that each setter may
// change: origin follows protocol, host and port (and a blob URL's path).
var webSetterOwns = map[string][]string{
	"protocol": {"protocol", "host", "port", "origin"},
	"username": {"username"},
	"password": {"password"},
	"host":     {"host", "hostname", "port", "origin"},
	"hostname": {"host", "hostname", "origin"},
	"port":     {"host", "port", "origin"},
	"pathname": {"pathname", "origin"},
	"search":   {"search"},
	"hash":     {"hash"},
}

// checkWebSet calls the setter name on u with value and checks the
// properties above.
func checkWebSet(t *testing.T, p WebParser, u URI, name, value string) {
	t.Helper()
	what := fmt.Sprintf("%q.%s = %q", u, name, value)
	r, err := webSetter(p, name)(u, value)
	if err != nil {
		if name != "href" {
			t.Fatalf("%s: %v", what, err)
		}
		return
	}
	checkSetResult(t, what, r)
	if want, ok := setThroughRecord(p, u, name, value); ok && r != want {
		t.Fatalf("%s = %#v; through the record %#v", what, r, want)
	}
	after := p.Attributes(r)
	checkWebNetURL(t, what, r, after)
	checkWebOwnValue(t, p, r, name)
	if name == "href" {
		return
	}
	before := p.Attributes(u)
	for _, k := range []string{"origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"} {
		if b, a := webAttribute(before, k), webAttribute(after, k); b != a && !slices.Contains(webSetterOwns[name], k) {
			t.Fatalf("%s = %q: %s changes from %q to %q", what, r, k, b, a)
		}
	}
	if v := webAttribute(after, name); strings.ContainsAny(v, "#") && name != "hash" ||
		strings.ContainsAny(v, "?") && name != "hash" && name != "search" ||
		(name == "username" || name == "password") && strings.ContainsAny(v, ":@/\\[]") {
		t.Fatalf("%s = %q: the %s %q has a delimiter as data", what, r, name, v)
	}
}

// setThroughRecord is the setter name on u with value the long way, for
// the setters that have a shorter one (host, hostname, pathname): the
// state override's edit on u's URL record, and the record's href parsed
// (edited's fallback). ok is false for the other setters, which take
// that way alone, and when the record cannot be read.
func setThroughRecord(p WebParser, u URI, name, value string) (r URI, ok bool) {
	w, err := p.record(u)
	if err != nil {
		return URI{}, false
	}
	_, special := specialPort(w.scheme)
	switch name {
	case "host", "hostname":
		p.hostOverride(&w, value, name == "hostname", special)
	case "pathname":
		p.pathnameOverride(&w, value, special)
	default:
		return URI{}, false
	}
	r, err = w.uri("")
	return r, err == nil
}

// checkWebOwnValue checks that setting attribute name of u to what its
// getter returns leaves u unchanged, but where the getter's "" is also
// that of no component: the search and hash of an empty query or
// fragment, and the host and hostname of a URL without one (the setter
// makes it empty).
func checkWebOwnValue(t *testing.T, p WebParser, u URI, name string) {
	t.Helper()
	v := webAttribute(p.Attributes(u), name)
	if v == "" && (name == "search" && u.HasQuery || name == "hash" && u.HasFragment || (name == "host" || name == "hostname") && !u.HasAuthority) {
		return
	}
	if r, err := webSetter(p, name)(u, v); err != nil || r != u {
		t.Fatalf("%q.%s = %q (its own) = %q, %v; want it unchanged", u, name, v, r, err)
	}
}

// checkWebNetURL checks, for a URI r with a special scheme other than
// file and a host, that net/url, where it reads r's text, reads the
// hostname, port, path, query and username that the getters a give.
func checkWebNetURL(t *testing.T, what string, r URI, a WebAttributes) {
	t.Helper()
	if _, special := specialPort(r.Scheme); !special || r.Scheme == "file" || a.Hostname == "" {
		return
	}
	n, err := url.Parse(r.String())
	if err != nil {
		return
	}
	if n.Hostname() != strings.Trim(a.Hostname, "[]") || n.Port() != a.Port {
		t.Fatalf("%s = %q: net/url reads the host %q and port %q; the getters %q and %q", what, r, n.Hostname(), n.Port(), a.Hostname, a.Port)
	}
	if path, err := url.PathUnescape(a.Pathname); err == nil && n.Path != path {
		t.Fatalf("%s = %q: net/url reads the path %q; the pathname is %q", what, r, n.Path, a.Pathname)
	}
	if n.RawQuery != strings.TrimPrefix(a.Search, "?") {
		t.Fatalf("%s = %q: net/url reads the query %q; the search is %q", what, r, n.RawQuery, a.Search)
	}
	if user, err := url.PathUnescape(a.Username); err == nil && n.User.Username() != user {
		t.Fatalf("%s = %q: net/url reads the username %q; the getter %q", what, r, n.User.Username(), a.Username)
	}
}

// webSetSeeds are the seeds of the setter fuzz targets: a base URL and a
// value; each target cycles through its attributes.
var webSetSeeds = [][2]string{
	{"https://user:pass@example.com:8080/a/b?q=1#f", "other.example:81"},
	{"http://example.net/", "/a b/../c?d#e"},
	{"sc://h/p", "ftp"},
	{"file:///C:/x", "host"},
	{"data:text/plain,x", "?q"},
	{"http://[::1]:80/", "8080x"},
	{"sc:/p", "//x"},
	{"http://h/", "münchen.de"},
	{"https://h/?a", "#x"},
	{"sc://x:1/", ""},
	{"ws://u@h:81/p", "a@b:c/d?e#f"},
	{"https://h/", "h/../../evil.example"},
	{"http://h/", "evil.example:80@good.example"},
	{"sc://h/", "[::1]:99/x"},
	{"http://h/", "%2e%2E/./x\\y"},
	{"blob:https://a.example/uuid", "https"},
}

// fuzzWebSet is a fuzz target over the setters names: u from ParseWeb of
// the input, and the setter chosen by attr, checked by checkWebSet, and
// each of them checked by checkWebOwnValue on u.
func fuzzWebSet(f *testing.F, names ...string) {
	for i, s := range webSetSeeds {
		f.Add(s[0], uint8(i), s[1])
	}
	p := WebParser{}
	f.Fuzz(func(t *testing.T, href string, attr uint8, value string) {
		u, err := ParseWeb(href)
		if err != nil {
			return
		}
		checkWebSet(t, p, u, names[int(attr)%len(names)], value)
		for _, name := range names {
			checkWebOwnValue(t, p, u, name)
		}
	})
}

// FuzzWebSetters fuzzes every setter (WebParser.SetHref, SetProtocol,
// SetUsername, SetPassword, SetHost, SetHostname, SetPort, SetPathname,
// SetSearch, SetHash) by the properties of checkWebSet.
func FuzzWebSetters(f *testing.F) { fuzzWebSet(f, webAttrNames...) }

// FuzzWebSetHost fuzzes WebParser.SetHost and SetHostname: the host and
// port boundary.
func FuzzWebSetHost(f *testing.F) { fuzzWebSet(f, "host", "hostname") }

// FuzzWebSetPathname fuzzes WebParser.SetPathname: the path boundary and
// dot segments.
func FuzzWebSetPathname(f *testing.F) { fuzzWebSet(f, "pathname") }

// FuzzWebSetProtocol fuzzes WebParser.SetProtocol and SetPort: the scheme
// and the port.
func FuzzWebSetProtocol(f *testing.F) { fuzzWebSet(f, "protocol", "port") }

// FuzzWebSetUserinfo fuzzes WebParser.SetUsername and SetPassword.
func FuzzWebSetUserinfo(f *testing.F) { fuzzWebSet(f, "username", "password") }

// FuzzWebSetSearch fuzzes WebParser.SetSearch and SetHash.
func FuzzWebSetSearch(f *testing.F) { fuzzWebSet(f, "search", "hash") }

// FuzzWebAttributes fuzzes WebParser.Attributes on what ParseWeb reads:
// the href reparses to the URI; host is hostname and, when there is one,
// ':' and the port, a decimal below 65536 that is not the scheme's
// default; protocol ends in ':'; search and hash are empty or start with
// their delimiter; origin is WebParser.Origin of the URI's text; net/url
// reads the getters' hostname, port, path and query; and every getter
// set through its setter is the identity.
func FuzzWebAttributes(f *testing.F) {
	for _, s := range webSetSeeds {
		f.Add(s[0])
		f.Add(s[1])
	}
	p := WebParser{}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := ParseWeb(s)
		if err != nil {
			return
		}
		a := p.Attributes(u)
		if back, err := ParseWeb(a.Href); err != nil || back != u {
			t.Fatalf("ParseWeb(%q) = %q; ParseWeb of its href %q = %q, %v", s, u, a.Href, back, err)
		}
		def, _ := specialPort(u.Scheme)
		if a.Port != "" && (a.Port == def || len(a.Port) > 5 || strings.Trim(a.Port, "0123456789") != "" ||
			a.Port[0] == '0' && a.Port != "0" || len(a.Port) == 5 && a.Port > "65535") {
			t.Fatalf("%q: port %q", s, a.Port)
		}
		if want := a.Hostname + ":" + a.Port; a.Port == "" && a.Host != a.Hostname || a.Port != "" && a.Host != want {
			t.Fatalf("%q: host %q, hostname %q, port %q", s, a.Host, a.Hostname, a.Port)
		}
		if !strings.HasSuffix(a.Protocol, ":") || a.Protocol != u.Scheme+":" ||
			a.Search != "" && a.Search[0] != '?' || a.Hash != "" && a.Hash[0] != '#' ||
			!strings.HasPrefix(a.Href, a.Protocol) || !strings.HasSuffix(a.Href, a.Hash) {
			t.Fatalf("%q: %+v", s, a)
		}
		if o, err := p.Origin(u.String()); err != nil || o != a.Origin {
			t.Fatalf("%q: origin %q; Origin(%q) = %q, %v", s, a.Origin, u, o, err)
		}
		checkWebNetURL(t, fmt.Sprintf("ParseWeb(%q)", s), u, a)
		for _, name := range webAttrNames[1:] {
			checkWebOwnValue(t, p, u, name)
		}
	})
}
