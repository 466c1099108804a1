package uri

import (
	"errors"
	"strconv"
	"strings"
)

// References resolved against a web base, redirects and OAuth redirect
// URIs: where an href, a Location header, a same-origin check or an OAuth
// redirect_uri may send a browser. (The origin of a URL is origin.go's.)
//
// A browser reads a Location value, a ?next= parameter or an href with
// the URL Standard's parser against the URL of the page (URL Standard,
// "URL parsing"), and compares origins as HTML says (HTML Standard, "same
// origin"). A check written over an RFC 3986 or net/url reading of the
// same text gets "//evil.com", "/\evil.com", "/\t/evil.com", " //evil.com"
// and "https:evil.com" wrong; the functions here read the text as the
// browser does, and return the text the browser then reads as the same
// URL.

// ErrWebBase marks, beside ErrWeb or ErrWebIDNA, an error of a call that
// reads a base URL and a reference (WebParser.Resolve, ResolveHref,
// LocalRedirect, Base; URI.ResolveWeb) that the base URL caused: Input
// is then the base's text, and the message says "base URL".
// errors.Is(err, ErrWebBase) is false when the reference failed.
var ErrWebBase = errors.New("uri: the base URL failed")

// webBaseError is the Err of an *Error that a base URL caused: it wraps
// both ErrWebBase and the parser's sentinel.
type webBaseError struct{ err error }

func (e webBaseError) Error() string {
	return "uri: base URL: " + strings.TrimPrefix(e.err.Error(), "uri: ")
}
func (e webBaseError) Unwrap() []error { return []error{ErrWebBase, e.err} }

// baseError marks err, an *Error of the web parser, as the base URL's.
func baseError(err error) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	c := *e
	c.Err = webBaseError{e.Err}
	return &c
}

// ResolveWeb parses ref with base as the base URL, as a browser resolves
// an href (URL Standard, "URL parsing"). base is read as a browser would
// read its text (base.String() through the same parser); an error that
// base causes wraps ErrWebBase. It is WebParser{}.Resolve.
func (base URI) ResolveWeb(ref string) (URI, error) { return WebParser{}.Resolve(base, ref) }

// Resolve parses ref with base as the base URL, as a browser resolves an
// href (URL Standard, "URL parsing"); base is read as a browser reads the
// text base.String(), and an error that it causes wraps ErrWebBase. To
// resolve many references against one base, read the base once with
// Base.
func (p WebParser) Resolve(base URI, ref string) (URI, error) {
	var b WebBase
	if err := b.init(p, base); err != nil {
		return URI{}, err
	}
	return b.Resolve(ref)
}

// ResolveHref is Resolve returning the URL Standard's serialization (URL
// Standard, "URL serializing").
func (p WebParser) ResolveHref(base URI, ref string) (string, error) {
	var b WebBase
	if err := b.init(p, base); err != nil {
		return "", err
	}
	return b.ResolveHref(ref)
}

// ErrCrossOrigin reports a reference that a browser resolves to a URL
// whose origin is not the base URL's (HTML Standard, "same origin"):
// LocalRedirect returns it inside an *Error whose Offset points at the
// host of the reference, or at its start when its scheme or its lack of
// a tuple origin is what differs.
var ErrCrossOrigin = errors.New("uri: the reference leaves the base URL's origin")

// WebBase is a base URL read once by a WebParser (URL Standard, "URL
// parsing"), against which it resolves many references: the page whose
// links a crawler follows, the request URL a server redirects from. Its
// methods give what the WebParser's methods of the same names give for
// the base it was made from, without reading the base again. A WebBase is
// not changed by its methods and is safe for concurrent use. The zero
// WebBase has no base URL: it reads references as WebParser.Parse does,
// and nothing is same origin with it.
type WebBase struct {
	p      WebParser
	url    webURL
	origin webOrigin // when tuple
	tuple  bool      // the origin is a tuple origin, not an opaque one
	// special: the base is an http, https, ws, wss or ftp URL, so that a
	// reference that keeps its authority (keepsAuthority) keeps its origin
	special bool
}

// Base reads base as a browser reads its text, base.String(), with no
// base URL (URL Standard, "URL parsing"), for resolving references
// against it. An error wraps ErrWebBase beside ErrWeb or ErrWebIDNA.
func (p WebParser) Base(base URI) (*WebBase, error) {
	b := new(WebBase)
	if err := b.init(p, base); err != nil {
		return nil, err
	}
	return b, nil
}

// init reads base into b.
func (b *WebBase) init(p WebParser, base URI) error {
	w, err := p.record(base)
	if err != nil {
		return baseError(err)
	}
	b.p, b.url = p, w
	b.origin, b.tuple = p.tupleOrigin(&b.url)
	b.special = b.tuple && w.scheme != "blob"
	return nil
}

// Resolve parses ref with the base URL, as a browser resolves an href
// (URL Standard, "URL parsing"), and returns the URL as an RFC 3986 URI,
// as WebParser.Parse does.
func (b *WebBase) Resolve(ref string) (URI, error) {
	var u URI
	if b.pathRef(ref, &u) || webNormal(ref, &u) {
		// a path on the base's authority, or a URL with a scheme, and
		// with an authority when special, which the parser reads without
		// looking at the base
		return u, nil
	}
	w, err := b.parse(ref)
	if err != nil {
		return URI{}, err
	}
	return w.uri(ref)
}

// read is the basic URL parser on ref with the base URL. A ref that
// webNormal reads is a URL with a scheme (and an authority when special)
// that the parser reads without looking at the base, and its record is
// made from that URI; one that pathRef reads, the base's authority with
// ref's path.
func (b *WebBase) read(ref string) (webURL, error) {
	var v URI
	if b.pathRef(ref, &v) {
		return b.pathRecord(&v), nil
	}
	if webNormal(ref, &v) {
		return recordOf(&v, len(ref)), nil
	}
	return b.parse(ref)
}

// pathRef sets *v to the URL that ref resolves to and returns true when
// ref is a path-absolute reference ("/" then no "/") that RFC 3986 reads
// as it is and the URL parser keeps as it is (webPlainPathQuery), on a
// base with a special scheme other than file, a host that RFC 3986 reads
// as it is and no credentials: the base's scheme, host and port, which
// its record holds as the serializer writes them, with ref's path, query
// and fragment. This is the path the parser takes (URL Standard,
// "relative state" and "relative slash state" copy the base's
// credentials, host and port, and the path state reads the rest as it
// reads it after an authority), without running it. It returns false
// when it cannot tell cheaply, and then *v holds no meaning; it is
// false for every ref that webNormal reads, which have a scheme.
func (b *WebBase) pathRef(ref string, v *URI) bool {
	u := &b.url
	if len(ref) == 0 || ref[0] != '/' || len(ref) > 1 && ref[1] == '/' || !b.special ||
		u.username != "" || u.password != "" || u.host == "" {
		return false
	}
	if u.host[0] != '[' && runOf(u.host, 0, cRegName) != len(u.host) {
		return false // a host the URI writes percent-encoded
	}
	*v = URI{}
	if !parseFast(ref, ruleRelative, v) || !webPlainPathQuery(v, true) {
		return false
	}
	v.Scheme, v.HasAuthority, v.Host = u.scheme, true, u.host
	v.Port, v.HasPort = u.port, u.port != ""
	return true
}

// pathRecord is the record of v, a URL that pathRef returned: its host
// is the base's.
func (b *WebBase) pathRecord(v *URI) webURL {
	w := recordOf(v, 0)
	w.hostLeft = 0 // the host is the base's, not the input's
	return w
}

// parse is the basic URL parser on ref with the base URL, for a caller
// that has tried webNormal.
func (b *WebBase) parse(ref string) (webURL, error) {
	if b.url.scheme == "" {
		return b.p.parse(ref, nil) // the zero WebBase
	}
	return b.p.parse(ref, &b.url)
}

// ResolveHref is Resolve returning the URL Standard's serialization (URL
// Standard, "URL serializing"): what a browser's URL.href gives.
func (b *WebBase) ResolveHref(ref string) (string, error) {
	w, err := b.read(ref)
	if err != nil {
		return "", err
	}
	return w.hrefString(), nil
}

// Origin returns the ASCII serialization of the base URL's origin, as
// WebParser.Origin does: "null" when the origin is opaque.
func (b *WebBase) Origin() string {
	if !b.tuple {
		return "null"
	}
	return b.origin.String()
}

// SameOrigin reports whether ref, resolved against the base URL as a
// browser resolves an href (URL Standard, "URL parsing"), has the base
// URL's origin (HTML Standard, "same origin"), as WebParser.SameOrigin
// does. It does not allocate when ref has no scheme and does not start
// with two slashes or backslashes, the common case of a path.
func (b *WebBase) SameOrigin(ref string) bool {
	if !b.tuple {
		return false
	}
	if b.special && keepsAuthority(ref) {
		return true
	}
	w, err := b.read(ref)
	if err != nil {
		return false
	}
	o, ok := b.p.tupleOrigin(&w)
	return ok && o == b.origin
}

// LocalRedirect returns the value to send in a Location header (RFC 9110,
// Section 10.2.2) for ref, resolved against the base URL, when it stays on
// the base URL's origin (URL Standard, "Origin"), as
// WebParser.LocalRedirect does.
func (b *WebBase) LocalRedirect(ref string) (string, error) {
	w, err := b.local(ref)
	if err != nil {
		return "", err
	}
	return w.hrefString(), nil
}

// LocalRedirectPath returns the value to send in a Location header (RFC
// 9110, Section 10.2.2) for ref, resolved against the base URL, when it
// stays on the base URL's origin, as a path-absolute reference (RFC 3986,
// Section 4.2), as WebParser.LocalRedirectPath does.
func (b *WebBase) LocalRedirectPath(ref string) (string, error) {
	w, err := b.local(ref)
	if err != nil {
		return "", err
	}
	if !b.special || w.scheme != b.url.scheme {
		// a blob: URL of the base's origin, or a blob: base: no path
		// resolved against the URL the browser is on names it
		return "", &Error{Input: ref, Err: ErrCrossOrigin,
			Expected: "a URL of the base URL's scheme " + strconv.Quote(b.url.scheme) + " with a host, which a path-absolute reference resolved against the page's URL can name (URL Standard, \"URL parsing\")"}
	}
	return bytesString(w.appendPathOn(nil, true, false, nil)), nil
}

// local reads ref against the base URL, as LocalRedirect does, and
// returns the URL when it has the base URL's origin.
func (b *WebBase) local(ref string) (webURL, error) {
	w, err := b.read(ref)
	if err != nil {
		return w, err
	}
	o, ok := b.p.tupleOrigin(&w)
	if !b.tuple || !ok || o != b.origin {
		return w, b.crossOrigin(ref, &w, o, ok)
	}
	return w, nil
}

// crossOrigin is LocalRedirect's error for ref, which resolves to w, of
// origin o (ok false: opaque).
func (b *WebBase) crossOrigin(ref string, w *webURL, o webOrigin, ok bool) error {
	left := len(ref) // the start of ref: its scheme, or ref as a whole
	if ok && b.tuple && o.scheme == b.origin.scheme && w.hostLeft > 0 {
		left = w.hostLeft // the host (or the port after it) differs
	}
	got := "an opaque origin"
	if ok {
		got = o.String()
	}
	want := "a URL of the base URL's origin " + b.Origin() + " (HTML Standard, \"same origin\"), not " + got
	if !b.tuple {
		want = "a base URL with a tuple origin: its origin is opaque, which is same origin with no URL (HTML Standard, \"same origin\")"
	}
	return &Error{Input: ref, Offset: inputOffset(ref, left), Err: ErrCrossOrigin, Expected: want}
}

// SameOrigin reports whether ref, resolved against base as a browser
// resolves an href (URL Standard, "URL parsing"; base read as a browser
// reads base.String()), has base's origin (HTML Standard, "same origin"):
// the same scheme, host and port, for http, https, ws, wss and ftp URLs
// and blob URLs of http and https URLs (URL Standard, "Origin"). An
// opaque origin (javascript:, data:, about:, file:, a blob: of anything
// else) is never the same as anything, not even itself, and a reference
// or base the parser cannot read (a host that "domain to ASCII" rejects,
// a port above 65535) is never same origin.
//
// It does not allocate when base has such a scheme and a host that the
// parser only lowercases, and ref has no scheme and does not start with
// two slashes or backslashes, the common case of a path ("/account",
// "?page=2"): such a reference keeps base's scheme, host and port.
func (p WebParser) SameOrigin(base URI, ref string) bool {
	if keepsAuthority(ref) && webTupleFast(&base) {
		return true
	}
	var b WebBase
	if b.init(p, base) != nil {
		return false
	}
	return b.SameOrigin(ref)
}

// LocalRedirect returns the value to send in a Location header for ref, a
// redirect target the client chose (a login form's ?next=, a Referer),
// when it stays on base's origin, base being the site's public origin
// from configuration, or the URL of the page on it (never a URL built
// from the request's Host, TLS state or target, nor one from Forwarded
// or X-Forwarded-* fields: see LocalRedirectPath): ref
// resolved against base as a browser resolves it (URL Standard, "URL
// parsing"), as SameOrigin decides, in the URL Standard's serialization
// (URL Standard, "URL serializing"), the href that ResolveHref returns.
//
// The text returned is exactly the text that was checked, absolute, so
// never starting with "//", "/\" or "\": a browser that reads it against
// any base reaches base's origin. Neither a bare path nor the RFC 3986
// form would do: "/a/../\evil.com" is same origin, but written as a path
// after cleaning ("/\evil.com", what http.Redirect would send) a browser
// reads it as the host evil.com, and the RFC form's extra
// percent-encoding ("%5C" for '\') can name another path.
//
// When ref leaves base's origin, the error is an *Error wrapping
// ErrCrossOrigin; when the browser cannot read ref at all, the web
// parser's error (ErrWeb, ErrWebIDNA); when it cannot read base, an error
// wrapping ErrWebBase. The href keeps any credentials of ref or base,
// which a request URL does not have. A blob: URL of base's origin is same
// origin too, though a browser does not follow a redirect to it (Fetch
// Standard, "HTTP-redirect fetch": the Location must be an HTTP(S) URL).
func (p WebParser) LocalRedirect(base URI, ref string) (string, error) {
	var b WebBase
	if err := b.init(p, base); err != nil {
		return "", err
	}
	return b.LocalRedirect(ref)
}

// LocalRedirectPath is LocalRedirect returning a path-absolute reference
// (RFC 3986, Section 4.2): "/path?query#fragment", the href LocalRedirect
// returns without its scheme and authority, for a server behind a proxy.
// A browser resolves a Location value against the URL it requested (RFC
// 9110, Section 10.2.2; URL Standard, "URL parsing"), so a path keeps the
// scheme, host and port the user is on, whatever a proxy in front of the
// server did to the request: behind a front that ends TLS the user stays
// on https, behind one that rewrites Host on the public name.
//
// Give base the site's public origin from configuration
// ("https://app.example/"), never one built from the request: r.TLS is nil
// behind a front that ends TLS, r.Host is what the client or the proxy
// wrote ("backend-7:8080", "evil.example"), and an absolute-form
// request-target ("POST http://evil.example/login") names any host. A
// relative reference resolves against base's path; to resolve it against
// the page's path, as the browser on that page would, give base that path
// on the configured origin. Read base once with Base, and call
// WebBase.LocalRedirectPath for each request.
//
// The value never starts with "//", "/\" or "\", nor with anything else a
// browser reads as an authority: the URL Standard's serialization of the
// path of an http(s) URL holds no '\', tab, newline or control, and a path
// that starts with an empty segment (what "/a/..//evil.example/" resolves
// to) is written after "/.", as the URL Standard's serializer writes it
// for a URL without a host: "/.//evil.example/", which a browser reads as
// the path "//evil.example/" on its own origin. A browser reads the value
// against the URL it is on as LocalRedirect's href with that URL's scheme
// and authority, less any userinfo ref gave (the browser keeps the one of
// the URL it is on). Send it with w.Header().Set("Location", loc) and a 3xx
// status: http.Redirect cleans such a path ("/.//x/" to "/x/"), which
// stays on the site but names another path.
//
// The Forwarded field (RFC 7239) and the X-Forwarded-Proto, -Host and
// -For fields before it are text a client can send too. Read them only
// when a proxy you run writes them and the server accepts connections
// from nothing else, and then only what that proxy wrote: a proxy appends
// its element (RFC 7239, Section 4) or value to what it received, so only
// the last one, added by the proxy nearest the server, is its own; the
// ones before it are what the client wrote (RFC 7239, Section 8.1). A
// proxy set to replace the fields makes the one value its own
// (httputil.ReverseProxy with a Rewrite function removes them and sets
// them with ProxyRequest.SetXForwarded; with only a Director it passes
// the client's X-Forwarded-Host and -Proto on). Even then, use them only
// to choose among the origins the configuration lists, never as an
// origin: a header is not a configuration, and a Location made of one
// sends the user wherever the header says.
//
// The errors are LocalRedirect's, and ErrCrossOrigin for a reference that
// is same origin but of another scheme (a blob: URL of base's origin) or
// a base that is not an http, https, ws, wss or ftp URL, which no
// path-absolute reference reaches.
func (p WebParser) LocalRedirectPath(base URI, ref string) (string, error) {
	var b WebBase
	if err := b.init(p, base); err != nil {
		return "", err
	}
	return b.LocalRedirectPath(ref)
}

// keepsAuthority reports that the basic URL parser, given ref and a base
// URL with a special scheme, gives the URL the base's scheme, host and
// port, by reading at most the first octets of ref: ref, after the
// preprocessing that removes tabs and newlines, has no scheme (URL
// Standard, "scheme state") and does not start with two slashes or
// backslashes ("special relative or authority state", "relative slash
// state"), so it is a path, a query or a fragment. False means it could
// not tell: ref starts with a C0 control or space, or has a tab or
// newline where it decides, or has a scheme or an authority.
func keepsAuthority(ref string) bool {
	if ref == "" {
		return true
	}
	skipped := func(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }
	switch c := ref[0]; {
	case c <= ' ':
		return false
	case c == '/' || c == '\\':
		return len(ref) == 1 || ref[1] != '/' && ref[1] != '\\' && !skipped(ref[1])
	case is(c, cAlpha):
		j := schemeEnd(ref)
		return j == len(ref) || ref[j] != ':' && !skipped(ref[j])
	}
	return true
}

// webTupleFast reports, without allocating, that the web parser reads
// u.String() with no base as an http, https, ws, wss or ftp URL with a
// host, which then has a tuple origin: u has one of those schemes in any
// case, an authority that RFC 3986 allows (so that its text reads back as
// u's userinfo, host and port) with a host that is an IPv6 address or a
// domain the host parser only lowercases, a port up to 65535, and a path
// that is empty or starts with '/' (so that it does not run on from the
// host). Its path, query and fragment need no more: the parser never
// fails on those. False means it could not tell cheaply.
func webTupleFast(u *URI) bool {
	if !u.HasAuthority || u.Host == "" || u.Path != "" && u.Path[0] != '/' {
		return false
	}
	if !webSpecialAuthority(u.Scheme) {
		return false
	}
	if u.HasUserinfo {
		if i, f := span(u.Userinfo, 0, cUserinfo, ErrUserinfo); f.err != nil || i != len(u.Userinfo) {
			return false
		}
	}
	if u.HasPort && u.Port != "" {
		if _, ok := u.PortNumber(); !ok {
			return false
		}
	}
	if u.Host[0] == '[' {
		// RFC 3986's IPv6address is what the IPv6 parser accepts
		i, f := ipLiteralHost(u.Host, 0)
		return f.err == nil && i == len(u.Host) && u.Host[1] != 'v' && u.Host[1] != 'V'
	}
	_, ok := webPlainDomain(u.Host) // a reg-name too
	return ok
}

// RedirectURIMatch reports whether presented, the redirect_uri of an
// OAuth 2.0 authorization request, matches registered, a redirect URI
// registered for the client: by simple string comparison (RFC 6749,
// Section 3.1.2; RFC 9700, Section 4.1.3, "exact string matching"; RFC
// 3986, Section 6.2.1), except that for an http URI whose host is the
// loopback IP literal 127.0.0.1 or [::1] any port matches, or none,
// since a native app listens on the port the system gives it (RFC 8252,
// Section 7.3). Everything but the port is then still compared exactly.
//
// Both must be absolute URIs without a fragment (RFC 6749, Section
// 3.1.2; RFC 3986, Section 4.3). A URI with a userinfo, one that a
// browser reads with another host than RFC 3986 does (a WebAuthority
// finding of Vet, as "https:evil.com"), or one whose port DialAddr
// refuses (0, which RFC 6335, Section 6 reserves and no app listens on,
// or one above 65535) never matches, not even itself.
// Nothing is normalized, so that no comparison accepts a URI the
// registration did not name: "HTTPS://client.example/cb",
// "https://client.example/cb/" and "https://client.example:443/cb" do not
// match "https://client.example/cb". "localhost" and other loopback
// spellings ("127.0.0.2", "[0:0::1]") get no port exception: RFC 8252,
// Section 8.3 advises against the name, and a registration names one
// spelling.
func RedirectURIMatch(registered, presented string) bool {
	r, err := ParseAbsolute(registered)
	if err != nil || !redirectURIAllowed(r) {
		return false
	}
	p, err := ParseAbsolute(presented)
	if err != nil || !redirectURIAllowed(p) {
		return false
	}
	if registered == presented {
		return true
	}
	// RFC 8252, Section 7.3: a loopback IP literal, any port
	if !strings.EqualFold(r.Scheme, "http") || r.Host != "127.0.0.1" && r.Host != "[::1]" {
		return false
	}
	for _, u := range []*URI{&r, &p} {
		if u.HasPort && u.Port != "" {
			if _, ok := u.PortNumber(); !ok {
				return false
			}
		}
		u.Port, u.HasPort = "", false
	}
	return r == p
}

// redirectURIAllowed reports whether u, an absolute URI, may be a
// redirect URI at all: no userinfo, no WebAuthority finding, and no port
// that DialAddr refuses (0, or above 65535).
func redirectURIAllowed(u URI) bool {
	if u.HasUserinfo {
		return false
	}
	if u.HasPort && u.Port != "" {
		if n, ok := u.PortNumber(); !ok || n == 0 {
			return false
		}
	}
	for _, f := range u.Vet() {
		if f.Kind == WebAuthority {
			return false
		}
	}
	return true
}
