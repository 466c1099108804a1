package uri

import "strings"

// The URL Standard's API (URL Standard, "API", "URL class"): the getters
// and setters of a browser's URL object, on the package's value.
//
// A setter reads u as a browser reads its text, u.String(), with the basic
// URL parser (URL Standard, "URL parsing"), runs the basic URL parser on
// the new value with the state override that the Standard's setter names
// (the same states as ParseWeb's: the same host parser, percent-encode
// sets and path state), and returns the URL record that results as the
// RFC 3986 URI that WebParser.Parse gives for its href. What the Standard
// ignores is ignored and what it repairs is repaired: the setter then
// returns u's URL unchanged, or changed in part, with a nil error. The
// error is non-nil only when the whole operation fails: SetHref of a value
// that does not parse, and any setter on a u that the web parser cannot
// read (a URI built by hand that no browser would read as a URL).
//
// Since u is read from its RFC 3986 text, the octets that WebParser.Parse
// percent-encodes beyond the Standard ('[', ']', '|', '{', '}', '^', '`',
// '\', a lone '%', ...) are read back encoded: the attributes, and the href
// after a setter, then have "%5B" where a browser that read the original
// text has '['. The URI is the same either way.

// WebAttributes are the attributes of a URL object (URL Standard, "URL
// class"), each the text its getter returns.
type WebAttributes struct {
	Href     string // the URL serializer's output (URL Standard, "URL serializing")
	Origin   string // the ASCII serialization of the origin, "null" when opaque
	Protocol string // the scheme and ':'
	Username string
	Password string
	Host     string // the host and, when not the scheme's default, ':' and the port
	Hostname string // the host alone
	Port     string // "" for the scheme's default port
	Pathname string // the path serialized; an opaque path as it is
	Search   string // '?' and the query, or "" when the query is empty or null
	Hash     string // '#' and the fragment, or "" when the fragment is empty or null
}

// Attributes returns the getters of the URL a browser reads from
// u.String() (URL Standard, "URL class"): what new URL(u.String()) gives
// in JavaScript. A URI that the web parser cannot read (see Parse) gives
// the zero WebAttributes.
func (p WebParser) Attributes(u URI) WebAttributes {
	w, err := p.record(u)
	if err != nil {
		return WebAttributes{}
	}
	return p.attributes(&w)
}

// attributes returns the getters of the URL record w.
func (p WebParser) attributes(w *webURL) WebAttributes {
	a := WebAttributes{
		Href:     w.hrefString(),
		Origin:   p.origin(w),
		Protocol: w.scheme + ":",
		Username: w.username,
		Password: w.password,
		Hostname: w.host,
		Port:     w.port,
		Pathname: w.opaque,
	}
	a.Host = w.host
	if w.port != "" {
		a.Host += ":" + w.port
	}
	if !w.isOpaque {
		a.Pathname = string(w.path)
	}
	if w.query != "" {
		a.Search = "?" + w.query
	}
	if w.fragment != "" {
		a.Hash = "#" + w.fragment
	}
	return a
}

// result returns w as Parse returns its href, or err when the setter
// could not read its URI. The setters call the record's edit directly,
// not through a function value, so that w stays on the stack.
func (w *webURL) result(err error) (URI, error) {
	if err != nil {
		return URI{}, err
	}
	return w.uri("")
}

// edited is result for a setter that edited only the host, port or path
// of w, the record of u. When u was read in place (normal, a URI that
// WebParser.Parse returned) and has an authority, and RFC 3986 holds w's
// host and path as the serializer writes them (with a host, it writes no
// "/." before the path), the result is u with w's host, port and path,
// with no text to write; otherwise the text is written (result).
func (w *webURL) edited(u *URI, normal bool) (URI, error) {
	if !normal || !u.HasAuthority || !w.hasHost || w.isOpaque {
		return w.result(nil)
	}
	h, p := w.host, bytesString(w.path) // w.path is not written again
	// u's own host or path, valid in u, needs no scan
	if h != u.Host && h != "" && h[0] != '[' && !allOf(h, cRegName) || p != u.Path && !allOf(p, cPath) {
		return w.result(nil)
	}
	v := *u
	v.Host, v.Port, v.HasPort, v.Path = h, w.port, w.port != "", p
	return v, nil
}

// SetHref is the href setter (URL Standard, "URL class", href): the value
// parsed with no base URL replaces the whole URL, as Parse returns it. A
// value that does not parse is an error (a TypeError in JavaScript), and
// u is not read.
func (p WebParser) SetHref(u URI, value string) (URI, error) {
	return p.Parse(value)
}

// SetProtocol is the protocol setter (URL Standard, "URL class",
// protocol): the basic URL parser on value and ':' with the scheme start
// state override. The scheme is the value up to its first ':' ("https:x"
// sets "https"), lowercased; the change is ignored when the value does not
// start with a scheme, when it would make a special URL (http, https, ws,
// wss, ftp, file) non-special or the other way round, when it would make a
// URL with credentials or a port a file URL, and when u is a file URL with
// an empty host. A port that is the new scheme's default is removed.
func (p WebParser) SetProtocol(u URI, value string) (URI, error) {
	w, err := p.record(u)
	if err == nil {
		w.protocolOverride(value)
	}
	return w.result(err)
}

// protocolOverride is the edit of SetProtocol on the record w.
func (w *webURL) protocolOverride(value string) {
	v := removeTabNewline(value) + ":"
	j := schemeState(v)
	if j == 0 {
		return
	}
	scheme := strings.ToLower(v[:j])
	_, was := specialPort(w.scheme)
	def, is := specialPort(scheme)
	switch {
	case was != is,
		scheme == "file" && (w.username != "" || w.password != "" || w.port != ""),
		w.scheme == "file" && w.host == "":
		return
	}
	w.scheme = scheme
	if w.port == def {
		w.port = ""
	}
}

// canHaveCredentials is the negation of "cannot have a
// username/password/port" (URL Standard, "URL representation"): a URL
// whose host is neither null nor empty and whose scheme is not "file".
func (w *webURL) canHaveCredentials() bool {
	return w.hasHost && w.host != "" && w.scheme != "file"
}

// SetUsername is the username setter (URL Standard, "URL class",
// username): the value percent-encoded with the userinfo percent-encode
// set, ignored when the URL cannot have a username (no host, an empty
// host, or a file URL).
func (p WebParser) SetUsername(u URI, value string) (URI, error) {
	w, err := p.record(u)
	if err == nil {
		w.usernameOverride(value)
	}
	return w.result(err)
}

// usernameOverride is the edit of SetUsername on the record w.
func (w *webURL) usernameOverride(value string) {
	if w.canHaveCredentials() {
		w.username = webEncodeString(value, encUserinfo)
	}
}

// SetPassword is the password setter (URL Standard, "URL class",
// password): as SetUsername, for the password.
func (p WebParser) SetPassword(u URI, value string) (URI, error) {
	w, err := p.record(u)
	if err == nil {
		w.passwordOverride(value)
	}
	return w.result(err)
}

// passwordOverride is the edit of SetPassword on the record w.
func (w *webURL) passwordOverride(value string) {
	if w.canHaveCredentials() {
		w.password = webEncodeString(value, encUserinfo)
	}
}

// SetHost is the host setter (URL Standard, "URL class", host): the basic
// URL parser on value with the host state override (the file host state
// for a file URL). The host ends at the first '/', '?', '#' (or '\' for a
// special URL) and, outside brackets, ':', after which the digits up to
// the first other octet are the port ("h:8080/x" sets the host h and the
// port 8080; "h:" and "h:x" set the host alone). Ignored: a URL with an
// opaque path, a host the host parser rejects, an empty host for a special
// URL or for a URL with credentials or a port; a port above 65535 is
// ignored after the host is set.
func (p WebParser) SetHost(u URI, value string) (URI, error) {
	return p.setHost(u, value, false)
}

// setHost is SetHost, and with hostname SetHostname: a plain value put in
// place; on a special URL with a host (not file), the host state's edit
// on a record of u's scheme, host and port alone; or the edit on u's
// whole record.
func (p WebParser) setHost(u URI, value string, hostname bool) (URI, error) {
	var w webURL
	normal, special, err := p.readWebLazy(&u, &w)
	if normal && plainHost(&u, value, special) {
		u.Host = value
		return u, nil
	}
	if normal && special && u.HasAuthority && u.Scheme != "file" {
		// A special URL with a host, not a file URL: of its record, the
		// host state reads only the scheme and the port it may keep
		// (the credentials matter to an empty host, which a special URL
		// refuses before it asks: not so for other schemes), and the
		// result is u with the new host and port when RFC 3986 holds
		// that host as it is (edited).
		w = webURL{scheme: u.Scheme, hasHost: true, host: u.Host, port: u.Port}
		p.hostOverride(&w, value, hostname, true)
		if h := w.host; h == u.Host || h != "" && (h[0] == '[' || allOf(h, cRegName)) {
			u.Host, u.Port, u.HasPort = h, w.port, w.port != ""
			return u, nil
		}
		// a host that only its text can carry: the record of u, and
		// its href
		w = webURL{}
	}
	if err != nil {
		return URI{}, err
	}
	w.fill(&u)
	p.hostOverride(&w, value, hostname, special)
	return w.edited(&u, normal)
}

// plainHost reports whether the host state override leaves value as it
// is, the whole host of u, a URI that WebParser.Parse returned, and
// RFC 3986 holds it as it is: u is special and not a file URL, and value
// is a non-empty reg-name with no '%' (so no port, no delimiter, no octet
// to encode or to map) that the host parser only lowercases
// (webPlainDomain), with no uppercase letter. The setter then returns u
// with value as its host, with no URL record and no text to write.
func plainHost(u *URI, value string, special bool) bool {
	if !special || !u.HasAuthority || u.Scheme == "file" || value == "" {
		return false
	}
	upper, ok := webPlainDomain(value)
	return ok && !upper
}

// SetHostname is the hostname setter (URL Standard, "URL class",
// hostname): as SetHost with the hostname state override, where a ':'
// outside brackets makes the whole value ignored.
func (p WebParser) SetHostname(u URI, value string) (URI, error) {
	return p.setHost(u, value, true)
}

// hostOverride is the host state (hostname: the hostname state) and the
// file host state with a state override.
func (p WebParser) hostOverride(w *webURL, value string, hostname, special bool) {
	if w.isOpaque {
		return
	}
	v := value
	// "host" and "host:port", with no other delimiter, tab or newline,
	// need no more than two runs to the next stop
	end, he := len(v), webStopAt(v, 0)
	if he < len(v) && (v[he] != ':' || webStopAt(v, he+1) < len(v)) {
		v = removeTabNewline(v)
		end = authorityEnd(v, special)
		he = webHostEnd(v[:end])
	}
	if w.scheme == "file" {
		// the file host state: ':' is host text
		h, err := p.fileHost(v, v[:end], len(v))
		if err == nil {
			w.host = h
		}
		return
	}
	auth := v[:end]
	buf := auth[:he]
	switch {
	case he < len(auth) && (buf == "" || hostname):
		return
	case he == len(auth) && buf == "" && (special || w.username != "" || w.password != "" || w.port != ""):
		return
	}
	h, err := webHost(v, buf, len(v), !special, p.IDNA)
	if err != nil {
		return
	}
	w.host, w.hasHost = h, true
	if he < len(auth) {
		w.portState(auth[he+1:], true)
	}
}

// SetPort is the port setter (URL Standard, "URL class", port): "" removes
// the port; otherwise the basic URL parser on value with the port state
// override: the digits up to the first other octet ("8080x" sets 8080),
// the scheme's default port written as no port. Ignored: a URL that
// cannot have a port (no host, an empty host, or a file URL), a value that
// does not start with a digit, a port above 65535.
func (p WebParser) SetPort(u URI, value string) (URI, error) {
	w, err := p.record(u)
	if err == nil {
		w.portOverride(value)
	}
	return w.result(err)
}

// portOverride is the edit of SetPort on the record w.
func (w *webURL) portOverride(value string) {
	switch {
	case !w.canHaveCredentials():
	case value == "":
		w.port = ""
	default:
		w.portState(removeTabNewline(value), true)
	}
}

// SetPathname is the pathname setter (URL Standard, "URL class",
// pathname): the path emptied, then the basic URL parser on value with the
// path start state override, so that dot segments are removed ("/a/../b"
// sets "/b"), octets of the path percent-encode set are encoded ('?' and
// '#' too, as path data), a special URL's '\' separates segments as '/'
// does, and a missing leading '/' is added. Ignored for a URL with an
// opaque path.
func (p WebParser) SetPathname(u URI, value string) (URI, error) {
	var w webURL
	normal, special, err := p.readWebLazy(&u, &w)
	if normal && u.HasAuthority && u.Scheme != "file" {
		// A URL with a host, not a file URL, whose path alone changes:
		// of its record, the path state reads only the scheme and that
		// it has a host, and the result is u with the new path when
		// RFC 3986 holds that path as it is.
		if plainPath(value) {
			// the path state leaves value as it is
			u.Path = value
			return u, nil
		}
		w = webURL{scheme: u.Scheme, hasHost: true}
		pchar := runOf(value, 0, cPath) == len(value)
		if pchar {
			// pchar and '/', no '%', tab or newline: the path state
			// removes dot segments and adds a leading '/', and what
			// it writes is pchar and '/' too
			p.pathStartOverride(&w, value, special)
		} else {
			p.pathnameOverride(&w, value, special)
		}
		// after a host, a path that is empty or starts with '/' (the
		// path state writes one before each segment) keeps its
		// boundary in u's text
		if path := bytesString(w.path); (path == "" || path[0] == '/') && (pchar || allOf(path, cPath)) {
			u.Path = path
			return u, nil
		}
		// a path that only its text can carry ('[', '|', ...): the
		// record of u, and its href
		w = webURL{}
	}
	if err != nil {
		return URI{}, err
	}
	w.fill(&u)
	p.pathnameOverride(&w, value, special)
	return w.edited(&u, normal)
}

// plainPath reports whether value is a path that the path state leaves as
// it is (cleanPath) and that RFC 3986 holds as it is (pchar and '/'), with
// no '%': pchar holds no octet of the path percent-encode set, and with
// no '%' the URL Standard's dot segments are RFC 3986's.
func plainPath(value string) bool {
	return value != "" && value[0] == '/' && runOf(value, 0, cPath) == len(value) && !hasDotSegment(value, dotsRFC)
}

// pathnameOverride is the edit of SetPathname on the record w.
func (p WebParser) pathnameOverride(w *webURL, value string, special bool) {
	if w.isOpaque {
		return
	}
	v := removeTabNewline(value)
	if v != "" && v[0] == '/' && w.scheme != "file" && cleanPath(v) {
		// what the path state leaves as it is, the value's own octets
		// (a file URL's path state writes a drive letter "C|" as "C:")
		w.path = sharedPath(v)
		return
	}
	p.pathStartOverride(w, v, special)
}

// pathStartOverride is the path start state with a state override, and
// the path state, on v: the pathname setter's road for any value.
func (p WebParser) pathStartOverride(w *webURL, v string, special bool) {
	w.path = nil
	switch {
	case special:
		if v != "" && (v[0] == '/' || v[0] == '\\') {
			v = v[1:]
		}
	case v == "":
		if !w.hasHost {
			w.path = rootPath
		}
		return
	case v[0] == '/':
		v = v[1:]
	}
	p.pathList(w, v, true, special)
}

// SetSearch is the search setter (URL Standard, "URL class", search): ""
// removes the query; otherwise the value, less one leading '?', is the
// query, percent-encoded as the query state does ('#' too). A browser's
// searchParams then reads the new query (see ParseForm). An edit through
// url.searchParams (URL Standard, "URLSearchParams", its update steps) is
// SetSearch of EncodeForm of the edited pairs: the form serializer writes
// the whole query anew, and no pair left is "", which removes the query;
// WithQueryParam and the other query edits keep the other pairs' bytes.
func (p WebParser) SetSearch(u URI, value string) (URI, error) {
	w, err := p.record(u)
	if err == nil {
		w.searchOverride(value)
	}
	return w.result(err)
}

// searchOverride is the edit of SetSearch on the record w.
func (w *webURL) searchOverride(value string) {
	if value == "" {
		w.query, w.hasQuery = "", false
		return
	}
	v := removeTabNewline(strings.TrimPrefix(value, "?"))
	w.query, w.hasQuery = webEncodeString(v, querySet(w.scheme)), true
}

// SetHash is the hash setter (URL Standard, "URL class", hash): ""
// removes the fragment; otherwise the value, less one leading '#', is the
// fragment, percent-encoded with the fragment percent-encode set.
func (p WebParser) SetHash(u URI, value string) (URI, error) {
	w, err := p.record(u)
	if err == nil {
		w.hashOverride(value)
	}
	return w.result(err)
}

// hashOverride is the edit of SetHash on the record w.
func (w *webURL) hashOverride(value string) {
	if value == "" {
		w.fragment, w.hasFragment = "", false
		return
	}
	v := removeTabNewline(strings.TrimPrefix(value, "#"))
	w.fragment, w.hasFragment = webEncodeString(v, encFragment), true
}
