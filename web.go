package uri

import (
	"strconv"
	"strings"
	"unsafe"
)

// WebParser reads URLs as browsers do: the basic URL parser of the WHATWG
// URL Standard (URL Standard, "URL parsing"), whose result it returns as
// an RFC 3986 URI. A domain is read by the URL Standard's "domain to
// ASCII" (URL Standard, "IDNA"): one of ASCII characters only, after
// percent-decoding, is lowercased, "xn--" labels included and not
// checked, as the Standard says since its change of 2026-06-25
// ("https://XN--a/" is "https://xn--a/"); any other goes through
// DomainToASCII, the built-in UTS #46 ToASCII ("https://münchen.de/" is
// "https://xn--mnchen-3ya.de/", "http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/" is
// "http://localhost/"), or through IDNA when set. A domain it rejects is
// an error wrapping ErrWebIDNA. Opaque hosts of non-special schemes
// ("sc://ñ") never go through IDNA.
type WebParser struct {
	// IDNA, if not nil, replaces DomainToASCII as the URL Standard's
	// "domain to ASCII" for a domain that is not all ASCII (URL Standard,
	// "IDNA"): it gets the whole domain, percent-decoded and as UTF-8
	// (invalid sequences as U+FFFD), and returns its ASCII form. The
	// parser still applies the Standard's checks to what it returns, and
	// an error it returns is wrapped, beside ErrWebIDNA, in the *Error.
	IDNA func(host string) (string, error)
}

// ParseWeb parses s as the URL Standard's basic URL parser does with no
// base URL (URL Standard, "URL parsing"), and returns the result as a URI
// that Validate accepts. It is WebParser{}.Parse.
func ParseWeb(s string) (URI, error) { return WebParser{}.Parse(s) }

// Parse parses s with no base URL (URL Standard, "URL parsing") and
// returns the URL as an RFC 3986 URI: its String is the Standard's
// serialization (the href, URL Standard, "URL serializing"), except that
// the octets the Standard leaves as they are but RFC 3986 does not allow
// in their component ('[', ']', '|', '{', '}', '^', '`', '\', a space in an
// opaque path, a '%' not followed by two hex digits, non-ASCII in an
// opaque host) are percent-encoded, and nothing else; Href gives the
// href itself. Input that is already in that form comes back without
// allocating: the URI's components are substrings of s.
func (p WebParser) Parse(s string) (u URI, err error) {
	if webNormal(s, &u) {
		return u, nil
	}
	w, err := p.parse(s, nil)
	if err != nil {
		return URI{}, err
	}
	return w.uri(s)
}

// Href returns the URL Standard's serialization of s parsed with no base
// (URL Standard, "URL serializing"): what a browser's URL.href gives.
func (p WebParser) Href(s string) (string, error) {
	w, err := p.parse(s, nil)
	if err != nil {
		return "", err
	}
	return w.hrefString(), nil
}

// webURL is a URL record of the URL Standard ("URL representation"), its
// components already percent-encoded as the parser leaves them.
type webURL struct {
	scheme             string
	username, password string
	host               string
	hasHost            bool
	port               string // "" for null
	path               []byte // the path list, each segment written "/" segment
	opaque             string
	isOpaque           bool
	query              string
	hasQuery           bool
	fragment           string
	hasFragment        bool

	// hostLeft is, for a host the input itself gave after "//", where it
	// starts, as webFail counts (octets to the end of the preprocessed
	// input; a host of a special URL is never empty, so at least 1), and 0
	// for a host taken from the base URL. LocalRedirect points there.
	hostLeft int
}

// record reads u as the URL record that a browser reads from its text,
// u.String() (URL Standard, "URL parsing"). When webNormal would read
// that text, the record is made from u's components (repaired as
// webNormal repairs them), without building the text or running the
// parser: the setters, the Referer and a WebBase read URIs that ParseWeb
// returned, which are all such text. checkWebNormal (TestWebNormal,
// FuzzParseWeb) checks that the two agree, field by field, on text that
// needs webNormal's repairs too.
func (p WebParser) record(u URI) (w webURL, err error) {
	_, err = p.readWeb(&u, &w)
	return w, err
}

// readWeb is record, on *u, which it sets to WebParser.Parse of its text
// when webNormal would read that text (normal); otherwise *u is left as
// it was. It reads u in place: when u is valid, webNormal would read its
// text as u itself, so the checks and repairs on its parts are all that
// is left, and no text is built.
func (p WebParser) readWeb(u *URI, w *webURL) (normal bool, err error) {
	if ok, _ := webReadable(u); ok {
		w.setURI(u, u.len())
		return true, nil
	}
	return p.readWebSlow(u, w)
}

// readWebLazy is readWeb for a setter that may not need the record: when
// webReadable passes u, it leaves w empty (w.scheme == "") for fill to
// set from u. special is whether the scheme of the URL read is special:
// w's, when the parser read u's text, which may differ from u.Scheme
// (" http", "ht\ttp": the parser trims and removes what RFC 3986 would
// not hold).
func (p WebParser) readWebLazy(u *URI, w *webURL) (normal, special bool, err error) {
	if ok, special := webReadable(u); ok {
		return true, special, nil
	}
	normal, err = p.readWebSlow(u, w)
	_, special = specialPort(w.scheme)
	return normal, special, err
}

// fill sets w to the record of u after readWebLazy, if it left it empty.
func (w *webURL) fill(u *URI) {
	if w.scheme == "" {
		w.setURI(u, u.len())
	}
}

// readWebSlow is readWeb for a u that webReadable does not pass.
func (p WebParser) readWebSlow(u *URI, w *webURL) (normal bool, err error) {
	if _, f := u.check(); f.err == nil {
		n := u.len()
		if webNormalParts(u) {
			w.setURI(u, n)
			return true, nil
		}
	}
	*w, err = p.parse(u.String(), nil)
	return false, err
}

// recordOf is the URL record whose href is the text of v, a URI that
// webNormal returned for an input of n octets. hostLeft counts from the
// end of the input: of webNormal's repairs, only the scheme's lowercasing
// comes before the host, and it keeps the length, so the host starts
// where it starts in v's text.
func recordOf(v *URI, n int) (w webURL) {
	w.setURI(v, n)
	return w
}

// setURI sets w to recordOf(v, n), in place.
func (w *webURL) setURI(v *URI, n int) {
	*w = webURL{scheme: v.Scheme, query: v.Query, hasQuery: v.HasQuery, fragment: v.Fragment, hasFragment: v.HasFragment}
	switch {
	case v.HasAuthority:
		w.hasHost, w.host, w.port = true, v.Host, v.Port
		if v.HasUserinfo {
			w.username, w.password, _ = strings.Cut(v.Userinfo, ":")
		}
		if v.Scheme != "file" { // the file host state leaves it 0
			// where offsets puts the host: after scheme "://" and
			// userinfo "@"
			host := len(v.Scheme) + 3
			if v.HasUserinfo {
				host += len(v.Userinfo) + 1
			}
			w.hostLeft = n - host
		}
	case !strings.HasPrefix(v.Path, "/"):
		// a non-special URL without a host: webNormal reads no special
		// URL without one
		w.isOpaque, w.opaque = true, v.Path
		return
	}
	if v.Path != "" {
		w.path = sharedPath(v.Path) // as pathAndAfter shares a clean path with the input
	}
}

// preprocess removes leading and trailing C0 controls and spaces, and every
// ASCII tab and newline (URL Standard, "basic URL parser", steps 1 to 3).
func preprocess(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return removeTabNewline(s[i:j])
}

// removeTabNewline removes every ASCII tab and newline from s (URL
// Standard, "basic URL parser", step 3), all the preprocessing a setter's
// state override gets (URL Standard, "URL setters").
func removeTabNewline(s string) string {
	i := 0
	for i < len(s) && webStops[s[i]]&stopTabNewline == 0 {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s))
	copy(b, s)
	for k := i + 1; k < len(s); k++ {
		if c := s[k]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	return string(b)
}

// parse is the basic URL parser (URL Standard, "basic URL parser") without
// a state override, written as one function per group of states.
func (p WebParser) parse(input string, base *webURL) (webURL, error) {
	s := preprocess(input)
	var u webURL
	// scheme start state, scheme state
	rest := s
	if j := schemeState(s); j > 0 {
		u.scheme = strings.ToLower(s[:j])
		rest = s[j+1:]
	}
	if u.scheme == "" {
		// no scheme state
		switch {
		case base == nil:
			// the first octet that cannot continue a scheme, as Parse
			// reports it (RFC 3986, Section 3.1)
			at, f := schemeFault(s, ", since there is no base URL")
			return u, webFail(input, len(s)-at, f.want)
		case base.isOpaque:
			if !strings.HasPrefix(rest, "#") {
				return u, webFail(input, len(s), "a fragment, since the base URL has an opaque path")
			}
			u = *base
			u.hostLeft = 0
			u.fragment, u.hasFragment = webEncodeString(rest[1:], encFragment), true
			return u, nil
		case base.scheme == "file":
			u.scheme = "file"
			return u, p.file(input, &u, rest, base)
		}
		u.scheme = base.scheme
		return u, p.relative(input, &u, rest, base)
	}
	_, special := specialPort(u.scheme)
	switch {
	case u.scheme == "file":
		var fb *webURL
		if base != nil && base.scheme == "file" {
			fb = base
		}
		return u, p.file(input, &u, rest, fb)
	case special && base != nil && base.scheme == u.scheme:
		// special relative or authority state
		return u, p.relative(input, &u, rest, base)
	case special:
		// special authority slashes state, then ignore slashes
		return u, p.authority(input, &u, strings.TrimLeft(rest, "/\\"))
	case strings.HasPrefix(rest, "//"):
		return u, p.authority(input, &u, rest[2:])
	case strings.HasPrefix(rest, "/"):
		p.pathAndAfter(&u, rest)
		return u, nil
	}
	// opaque path state
	end := strings.IndexAny(rest, "?#")
	if end < 0 {
		end = len(rest)
	}
	if encodedLen(rest[:end], encSpace) == end {
		u.opaque, u.isOpaque = rest[:end], true
		p.queryFragment(&u, rest[end:])
		return u, nil
	}
	b := make([]byte, 0, encodedLen(rest[:end], encSpace))
	for i := 0; i < end; i++ {
		c := rest[i]
		switch {
		case c == ' ' && (i+1 == end && end < len(rest)):
			b = append(b, "%20"...)
		case c < 0x20 || c > 0x7e:
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		default:
			b = append(b, c)
		}
	}
	u.opaque, u.isOpaque = string(b), true
	p.queryFragment(&u, rest[end:])
	return u, nil
}

// schemeState is the scheme start state and the scheme state on s: the
// length of the scheme when s starts with one and ':', else 0.
func schemeState(s string) int {
	if j := schemeEnd(s); j > 0 && j < len(s) && s[j] == ':' {
		return j
	}
	return 0
}

// relative is the relative state and the relative slash state.
func (p WebParser) relative(input string, u *webURL, rest string, base *webURL) error {
	_, special := specialPort(u.scheme)
	slash := func(c byte) bool { return c == '/' || special && c == '\\' }
	if rest != "" && slash(rest[0]) {
		if len(rest) > 1 && slash(rest[1]) {
			if special {
				return p.authority(input, u, strings.TrimLeft(rest, "/\\"))
			}
			return p.authority(input, u, rest[2:])
		}
		u.username, u.password, u.host, u.hasHost, u.port = base.username, base.password, base.host, base.hasHost, base.port
		p.pathAndAfter(u, rest)
		return nil
	}
	u.username, u.password, u.host, u.hasHost, u.port = base.username, base.password, base.host, base.hasHost, base.port
	if p.fromBase(u, base, rest) {
		return nil
	}
	u.shorten()
	p.pathState(u, rest)
	return nil
}

// fromBase gives u base's path and query, as the relative and file states
// do for a reference without a path of its own: for "" the reference is
// done, for "?..." and "#..." after its query and fragment states. It
// reports whether rest is done; otherwise u has no query and rest is a
// path relative to base's.
func (p WebParser) fromBase(u, base *webURL, rest string) bool {
	u.path = append(make([]byte, 0, len(base.path)+1+encodedLen(rest, encPath)), base.path...)
	u.query, u.hasQuery = base.query, base.hasQuery
	if rest != "" && rest[0] != '?' && rest[0] != '#' {
		u.query, u.hasQuery = "", false
		return false
	}
	if rest != "" && rest[0] == '?' {
		u.query, u.hasQuery = "", false
	}
	p.queryFragment(u, rest)
	return true
}

// shorten is "shorten a URL's path". It must not run on a path list that
// sharedPath made, whose capacity would then reach past its length into
// the string: every caller shortens a copy (fromBase's, or pathList's).
func (u *webURL) shorten() {
	if u.scheme == "file" && len(u.path) == 3 && isNormalizedDrive(bytesString(u.path[1:])) {
		return
	}
	if i := lastSlash(u.path); i >= 0 {
		u.path = u.path[:i]
	}
}

// authority is the authority state, the host state and the port state,
// from the first octet after the slashes.
func (p WebParser) authority(input string, u *webURL, rest string) error {
	_, special := specialPort(u.scheme)
	end := authorityEnd(rest, special)
	auth, after := rest[:end], rest[end:]
	hostAt := 0 // the offset in rest of auth, from here on the host and port
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		cred := auth[:at]
		user, pass, _ := strings.Cut(cred, ":")
		u.username = webEncodeString(user, encUserinfo)
		u.password = webEncodeString(pass, encUserinfo)
		auth, hostAt = auth[at+1:], at+1
		if auth == "" {
			return webFail(input, len(rest)-hostAt, "a host after the credentials")
		}
	}
	hostEnd := webHostEnd(auth)
	hostText := auth[:hostEnd]
	if hostText == "" {
		if special || hostEnd < len(auth) {
			return webFail(input, len(rest)-hostAt, "a host")
		}
	}
	h, err := webHost(input, hostText, len(rest)-hostAt, !special, p.IDNA)
	if err != nil {
		return err
	}
	u.host, u.hasHost, u.hostLeft = h, true, len(rest)-hostAt
	if hostEnd < len(auth) {
		portLeft := len(rest) - (hostAt + hostEnd + 1)
		if i, want := u.portState(auth[hostEnd+1:], false); want != "" {
			return webFail(input, portLeft-i, want)
		}
	}
	// path start state
	if special && after == "" {
		u.path = rootPath
		return nil
	}
	if special && after[0] != '/' && after[0] != '\\' && after[0] != '?' && after[0] != '#' {
		p.pathState(u, after)
		return nil
	}
	if after != "" && (after[0] == '?' || after[0] == '#') {
		if special {
			u.path = rootPath
		}
		p.queryFragment(u, after)
		return nil
	}
	p.pathAndAfter(u, after)
	return nil
}

// authorityEnd returns the offset in rest of the octet that ends the
// authority (and the host) state: '/', '?', '#', '\' for a special URL, or
// the end.
func authorityEnd(rest string, special bool) int {
	m := stopPath
	if special {
		m |= stopBackslash
	}
	for i := 0; i < len(rest); i++ {
		if webStops[rest[i]]&m != 0 {
			return i
		}
	}
	return len(rest)
}

// webStops marks the octets at which the scans of the host state, of the
// path state's segments and of removeTabNewline stop, one table look-up
// per octet.
var webStops = func() (t [256]uint8) {
	for _, c := range "/?#" {
		t[c] |= stopPath
	}
	t['\\'] |= stopBackslash
	for _, c := range ":[]" {
		t[c] |= stopHost
	}
	for _, c := range "\t\n\r" {
		t[c] |= stopTabNewline
	}
	t['/'] |= stopSlash
	t['?'] |= stopQueryFragment
	t['#'] |= stopQueryFragment
	return t
}()

const (
	stopPath      uint8 = 1 << iota // '/', '?', '#'
	stopBackslash                   // '\', which ends a special URL's authority too
	stopHost                        // ':', '[', ']'
	stopTabNewline
	stopSlash         // '/', which ends a path segment
	stopQueryFragment // '?', '#', which end a path but for the pathname setter
)

// webStopAt returns the offset of the first octet of s from i on that
// webStops marks (a delimiter of the authority, or a tab or newline), or
// len(s).
func webStopAt(s string, i int) int {
	for i < len(s) && webStops[s[i]] == 0 {
		i++
	}
	return i
}

// webHostEnd returns the offset in auth, the text of the host state, of
// the first ':' outside brackets, which starts the port, or len(auth).
func webHostEnd(auth string) int {
	inBrackets := false
	for i := 0; i < len(auth); i++ {
		if webStops[auth[i]]&stopHost == 0 {
			continue
		}
		switch auth[i] {
		case '[':
			inBrackets = true
		case ']':
			inBrackets = false
		case ':':
			if !inBrackets {
				return i
			}
		}
	}
	return len(auth)
}

// portState is the port state on port, the text after the ':': it sets
// u's port, null for the scheme's default, and returns "" or, for a port
// it rejects, the offset in port of the octet at fault and what was
// expected. With a state override (URL Standard, "URL setters") the port
// ends at the first octet that is not a digit, and no digits at all fail.
func (u *webURL) portState(port string, override bool) (int, string) {
	for i := 0; i < len(port); i++ {
		if !is(port[i], cDigit) {
			if !override {
				return i, "a port of digits"
			}
			port = port[:i]
			break
		}
	}
	if port == "" {
		if override {
			return 0, "a port of digits"
		}
		return 0, ""
	}
	n := 0
	for i := 0; i < len(port); i++ {
		if n = n*10 + int(port[i]-'0'); n > 65535 {
			return i, "a port up to 65535"
		}
	}
	if port[0] == '0' {
		port = strconv.Itoa(n) // leading zeros go
	}
	if def, _ := specialPort(u.scheme); port == def && def != "" {
		port = ""
	}
	u.port = port
	return 0, ""
}

// pathAndAfter is the path start state on rest, which starts with a '/'
// (or '\' when special) or is empty.
func (p WebParser) pathAndAfter(u *webURL, rest string) {
	if rest == "" {
		return
	}
	// Fast path: a path the parser leaves as it is (no dot segment, no
	// backslash, nothing to encode) is the input's own text, which u.path
	// then shares: its capacity ends with it, so nothing ever writes into
	// it, and appending copies it first.
	if len(u.path) == 0 && u.scheme != "file" && rest[0] == '/' {
		end := strings.IndexAny(rest, "?#")
		if end < 0 {
			end = len(rest)
		}
		if cleanPath(rest[:end]) {
			u.path = sharedPath(rest[:end])
			p.queryFragment(u, rest[end:])
			return
		}
	}
	p.pathState(u, rest[1:])
}

// rootPath is the path list [""], shared: its capacity ends with it.
var rootPath = []byte{'/'}[:1:1]

// sharedPath is the path list written as path, sharing its octets: its
// capacity ends with it, so appending copies it first. Nothing writes
// into a path list in place, and a shared one is never shortened (shorten
// works on the copy that fromBase or pathList makes), so its octets stay
// the string's.
func sharedPath(path string) []byte {
	return unsafe.Slice(unsafe.StringData(path), len(path))[:len(path):len(path)]
}

// cleanPath reports whether the path state leaves path, which starts with
// '/', exactly as it is: every segment needs no percent-encoding and is
// not a dot segment, and there is no backslash.
func cleanPath(path string) bool {
	for i := 1; i < len(path); i++ {
		if c := path[i]; c == '\\' || webSets[c]&encPath != 0 {
			return false
		}
	}
	return !hasURLDotSegment(path)
}

// pathState is the path state from rest to the end of the path, then the
// query and fragment states.
func (p WebParser) pathState(u *webURL, rest string) {
	_, special := specialPort(u.scheme)
	p.queryFragment(u, rest[p.pathList(u, rest, false, special):])
}

// pathList is the path state on rest, appending its segments to u's path
// list, up to the end of the path: the returned offset of the '?' or '#'
// that ends it, or len(rest). With a state override (the pathname setter,
// URL Standard, "URL setters") '?' and '#' are path data. special says
// whether u's scheme is special: a '\' then ends a segment too.
func (p WebParser) pathList(u *webURL, rest string, override, special bool) int {
	end := stopSlash // the octets that end a segment
	if !override {
		end |= stopQueryFragment
	}
	if special {
		end |= stopBackslash
	}
	n := encodedLen(rest, encPath)
	if need := len(u.path) + 1 + n; cap(u.path) < need {
		u.path = append(make([]byte, 0, need), u.path...)
	}
	encode := n != len(rest) // else each segment is copied as it is
	i := 0
	for {
		j := i
		for j < len(rest) && webStops[rest[j]]&end == 0 {
			j++
		}
		seg := rest[i:j]
		last := j >= len(rest) || !override && (rest[j] == '?' || rest[j] == '#')
		dots := 0 // a dot segment starts with '.' or '%': dotSegment need not see the rest
		if seg != "" && (seg[0] == '.' || seg[0] == '%') {
			dots = dotSegment(seg, dotsURL)
		}
		switch dots {
		case 2:
			u.shorten()
			if last {
				u.path = append(u.path, '/')
			}
		case 1:
			if last {
				u.path = append(u.path, '/')
			}
		default:
			u.path = append(u.path, '/')
			switch {
			case u.scheme == "file" && len(u.path) == 1 && isDriveLetter(seg):
				u.path = append(u.path, seg[0], ':')
			case encode:
				u.path = webEncode(u.path, seg, encPath)
			default:
				u.path = append(u.path, seg...)
			}
		}
		if last {
			return j
		}
		i = j + 1
	}
}

// queryFragment is the query state and the fragment state on rest, which
// is empty or starts with '?' or '#'.
func (p WebParser) queryFragment(u *webURL, rest string) {
	if rest == "" {
		return
	}
	if rest[0] == '?' {
		end := strings.IndexByte(rest, '#')
		if end < 0 {
			end = len(rest)
		}
		u.query, u.hasQuery = webEncodeString(rest[1:end], querySet(u.scheme)), true
		rest = rest[end:]
	}
	if rest != "" && rest[0] == '#' {
		u.fragment, u.hasFragment = webEncodeString(rest[1:], encFragment), true
	}
}

// querySet is the percent-encode set of the query state for scheme.
func querySet(scheme string) webSet {
	if _, special := specialPort(scheme); special {
		return encSpecialQuery
	}
	return encQuery
}

// file is the file state, the file slash state and the file host state.
func (p WebParser) file(input string, u *webURL, rest string, base *webURL) error {
	u.host, u.hasHost = "", true
	slash := func(c byte) bool { return c == '/' || c == '\\' }
	if rest != "" && slash(rest[0]) {
		// file slash state
		if len(rest) > 1 && slash(rest[1]) {
			// file host state
			r := rest[2:]
			end := len(r)
			for i := 0; i < len(r); i++ {
				if c := r[i]; slash(c) || c == '?' || c == '#' {
					end = i
					break
				}
			}
			buf := r[:end]
			if isDriveLetter(buf) {
				p.pathState(u, r)
				return nil
			}
			h, err := p.fileHost(input, buf, len(r))
			if err != nil {
				return err
			}
			u.host = h
			after := r[end:]
			if after == "" || after[0] == '?' || after[0] == '#' {
				u.path = rootPath
				p.queryFragment(u, after)
				return nil
			}
			p.pathState(u, after[1:])
			return nil
		}
		if base != nil {
			u.host = base.host
			if !startsWithDrive(rest[1:]) && len(base.path) > 0 && isNormalizedDrive(base.first()) {
				u.path = append(make([]byte, 0, 4+encodedLen(rest, encPath)), '/', base.path[1], ':')
			}
		}
		p.pathState(u, rest[1:])
		return nil
	}
	if base != nil {
		u.host = base.host
		if p.fromBase(u, base, rest) {
			return nil
		}
		if !startsWithDrive(rest) {
			u.shorten()
		} else {
			u.path = u.path[:0]
		}
	}
	p.pathState(u, rest)
	return nil
}

// fileHost is the file host state's reading of buf, the host's text
// (not a drive letter): "" for "" and for "localhost", else the host
// parser's. left is where buf starts, as webFail counts.
func (p WebParser) fileHost(input, buf string, left int) (string, error) {
	if buf == "" {
		return "", nil
	}
	h, err := webHost(input, buf, left, false, p.IDNA)
	if h == "localhost" {
		h = ""
	}
	return h, err
}

// isDriveLetter reports whether s is a Windows drive letter: an ASCII
// letter and ':' or '|' (URL Standard, "Windows drive letter").
func isDriveLetter(s string) bool {
	return len(s) == 2 && is(s[0], cAlpha) && (s[1] == ':' || s[1] == '|')
}

func isNormalizedDrive(s string) bool { return len(s) == 2 && is(s[0], cAlpha) && s[1] == ':' }

// startsWithDrive is "starts with a Windows drive letter".
func startsWithDrive(s string) bool {
	if len(s) < 2 || !isDriveLetter(s[:2]) {
		return false
	}
	return len(s) == 2 || strings.IndexByte("/\\?#", s[2]) >= 0
}

// href writes the URL serializer's output (URL Standard, "URL
// serializing") to b.
func (u *webURL) href(b []byte) []byte { return u.serialize(b, false, nil) }

// hrefString is the href as a string, in one allocation.
func (u *webURL) hrefString() string {
	if n := u.maxLen(); n > 256 {
		return bytesString(u.href(make([]byte, 0, n)))
	}
	var stack [256]byte
	return string(u.href(stack[:0]))
}

// maxLen bounds the length of the href: its components and the most
// delimiters it has.
func (u *webURL) maxLen() int {
	return len(u.scheme) + len(u.username) + len(u.password) + len(u.host) + len(u.port) + len(u.path) + len(u.opaque) + len(u.query) + len(u.fragment) + 8
}

// webCuts are where serialize wrote each part of the URL in b: the host's
// start and end, the path's start (at "/." when the serializer writes it)
// and end, and the query's end.
type webCuts struct{ host, hostEnd, path, pathEnd, queryEnd int }

// serialize is the URL serializer (URL Standard, "URL serializing"),
// with the fragment: scheme, then "//" and the credentials,
// host and port when the URL has a host, then appendPathOn. With rfc,
// each component is written as RFC 3986 allows it in its place: the
// octets its grammar class does not allow percent-encoded, and a '%' that
// starts no triplet written "%25" (rfcEscape); that is the text of the
// URI that WebParser.Parse returns (see uri). When cut is not nil, it
// receives where the parts were written.
func (u *webURL) serialize(b []byte, rfc bool, cut *webCuts) []byte {
	b = append(b, u.scheme...)
	b = append(b, ':')
	if u.hasHost {
		b = append(b, "//"...)
		if u.username != "" || u.password != "" {
			b = appendAs(b, u.username, rfc, cUserinfo)
			if u.password != "" {
				b = append(b, ':')
				b = appendAs(b, u.password, rfc, cUserinfo)
			}
			b = append(b, '@')
		}
		if cut != nil {
			cut.host = len(b)
		}
		b = appendAs(b, u.host, rfc && !strings.HasPrefix(u.host, "["), cRegName)
		if cut != nil {
			cut.hostEnd = len(b)
		}
		if u.port != "" {
			b = append(b, ':')
			b = append(b, u.port...)
		}
	}
	return u.appendPathOn(b, !u.hasHost, rfc, cut)
}

// appendPathOn writes the URL serializer's output from the path on (URL
// Standard, "URL serializing", steps 3 to 5), as serialize writes it: the
// opaque path or the path, with "/." before a path that starts with an
// empty segment when guard is set (the serializer sets it for a URL
// without a host, so that the path does not read as an authority), then
// the query and the fragment.
func (u *webURL) appendPathOn(b []byte, guard, rfc bool, cut *webCuts) []byte {
	if cut != nil {
		cut.path = len(b)
	}
	if u.isOpaque {
		b = appendAs(b, u.opaque, rfc, cPath)
	} else {
		if guard && len(u.path) > 1 && u.path[1] == '/' {
			b = append(b, "/."...)
		}
		b = appendAs(b, bytesString(u.path), rfc, cPath)
	}
	if cut != nil {
		cut.pathEnd = len(b)
	}
	if u.hasQuery {
		b = append(b, '?')
		b = appendAs(b, u.query, rfc, cQuery)
	}
	if cut != nil {
		cut.queryEnd = len(b)
	}
	if u.hasFragment {
		b = append(b, '#')
		b = appendAs(b, u.fragment, rfc, cQuery)
	}
	return b
}

// appendAs appends s to b, through rfcEscape with bit when rfc is set.
func appendAs(b []byte, s string, rfc bool, bit uint16) []byte {
	if rfc {
		return rfcEscape(b, s, bit)
	}
	return append(b, s...)
}

// uri maps the URL to an RFC 3986 URI: the href, with the octets RFC 3986
// does not allow in each component percent-encoded (see WebParser.Parse).
// When that text is input itself, the URI's components are substrings of
// input. Each component is written in its grammar class (rfcEscape), so
// the text is a valid URI, and its components are cut from it where
// serialize wrote them rather than by parsing it again; checkWebResult and
// the setters' fuzz targets check that Parse reads the same URI from it.
func (u *webURL) uri(input string) (URI, error) {
	v, _ := u.text(input)
	return v, nil
}

// text is uri, returning the URI's text, s, as well.
func (u *webURL) text(input string) (v URI, s string) {
	var cut webCuts
	n := u.maxLen()
	var stack [256]byte
	if n <= len(stack) {
		b := u.serialize(stack[:0], true, &cut)
		if s = input; string(b) != input {
			s = string(b)
		}
	} else {
		// a long URL: its text allocated once, at most 8 octets longer
		// than rfcEscape makes it, and not copied again
		n += rfcLen(u.username, cUserinfo) + rfcLen(u.password, cUserinfo) + rfcLen(u.opaque, cPath) +
			rfcLen(bytesString(u.path), cPath) + rfcLen(u.query, cQuery) + rfcLen(u.fragment, cQuery)
		if !strings.HasPrefix(u.host, "[") {
			n += rfcLen(u.host, cRegName)
		}
		b := u.serialize(make([]byte, 0, n), true, &cut)
		if s = input; string(b) != input {
			s = bytesString(b)
		}
	}
	// scheme ":" [ "//" [ userinfo "@" ] host [ ":" port ] ] path [ "?" query ] [ "#" fragment ]
	v.Scheme = s[:len(u.scheme)]
	if u.hasHost {
		v.HasAuthority = true
		if u.username != "" || u.password != "" {
			v.Userinfo, v.HasUserinfo = s[len(u.scheme)+3:cut.host-1], true
		}
		v.Host = s[cut.host:cut.hostEnd]
		if u.port != "" {
			v.Port, v.HasPort = s[cut.hostEnd+1:cut.path], true
		}
	}
	v.Path = s[cut.path:cut.pathEnd]
	if u.hasQuery {
		v.Query, v.HasQuery = s[cut.pathEnd+1:cut.queryEnd], true
	}
	if u.hasFragment {
		v.Fragment, v.HasFragment = s[cut.queryEnd+1:], true
	}
	return v, s
}

// rfcLen returns how many octets rfcEscape with bit adds to s.
func rfcLen(s string, bit uint16) int {
	n := 0
	for i := runOf(s, 0, bit); i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && is(s[i+1], cHex) && is(s[i+2], cHex):
		case c != '%' && is(c, bit):
		default:
			n += 2
		}
	}
	return n
}

// rfcEscape appends s with every octet outside class bit percent-encoded,
// and every '%' that starts no pct-encoded triplet written "%25"
// (RFC 3986, Section 2.1 and 2.4).
func rfcEscape(b []byte, s string, bit uint16) []byte {
	i := runOf(s, 0, bit) // the octets of the class, in one copy
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && is(s[i+1], cHex) && is(s[i+2], cHex):
			b = append(b, c)
		case c != '%' && is(c, bit):
			b = append(b, c)
		default:
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return b
}

// first returns the first segment of the path list.
func (u *webURL) first() string {
	p := bytesString(u.path)
	if p == "" {
		return ""
	}
	if i := strings.IndexByte(p[1:], '/'); i >= 0 {
		return p[1 : 1+i]
	}
	return p[1:]
}

// lastSlash returns the offset of the last '/' in p, or -1.
func lastSlash(p []byte) int {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return i
		}
	}
	return -1
}

// webNormal is the fast path of Parse: it sets *u to Parse(s) and returns
// true when s is a valid RFC 3986 URI whose href the basic URL parser
// makes with at most these repairs, and returns false when it cannot tell
// cheaply (the full parser then decides):
//
//   - the scheme lowercased;
//   - a special URL's domain lowercased, and "localhost" removed from a
//     file URL;
//   - an IPv6 literal written as the IPv6 serializer writes it;
//   - a port's leading zeros removed, and an empty or default port
//     removed;
//   - a special URL's empty path written "/".
//
// When s needs no repair, the URI's components are substrings of s;
// otherwise the repaired text is made in one allocation. On false, *u
// holds no meaning. TestWebNormal and
// FuzzParseWeb check that it never disagrees with the full parser.
func webNormal(s string, u *URI) bool {
	// parseFast accepts exactly what parse does; where it fails, parse
	// would only go on to explain why, which nothing here reads.
	return parseFast(s, ruleReference, u) && webNormalParts(u)
}

// webNormalParts is webNormal on the text of *u, a valid URI (Validate
// accepts it), without reading that text: the checks and repairs on its
// components.
func webNormalParts(u *URI) bool {
	if u.Scheme == "" {
		return false
	}
	repair := false
	scheme := u.Scheme
	var lower [16]byte
	for i := 0; i < len(scheme); i++ {
		if c := scheme[i]; 'A' <= c && c <= 'Z' {
			if len(scheme) > len(lower) {
				return false
			}
			for j := 0; j < len(scheme); j++ {
				lower[j] = scheme[j] | 0x20 // ALPHA, DIGIT, '+', '-', '.' all keep
			}
			scheme, repair = string(lower[:len(scheme)]), true // does not escape
			break
		}
	}
	def, special := specialPort(scheme)
	file := scheme == "file"
	if !u.HasAuthority {
		// special URLs always get a host; a non-special path is opaque
		// and left as it is unless it starts with '/'
		if special || strings.HasPrefix(u.Path, "/") && hasURLDotSegment(u.Path) {
			return false
		}
		if !repair {
			return true
		}
		return webRepair(u, scheme, "", "")
	}
	if u.HasUserinfo && !webPlainUserinfo(u.Userinfo, file) {
		return false
	}
	h := u.Host
	var v6 [48]byte
	ipv6 := "" // the IPv6 serializer's text, when it differs from h's
	switch {
	case h == "":
		// special URLs other than file need a host; a non-special URL
		// has none only without credentials and port
		if special && !file || u.HasUserinfo || u.HasPort {
			return false
		}
	case h[0] == '[':
		if h[1] == 'v' || h[1] == 'V' {
			return false
		}
		inner := h[1 : len(h)-1]
		a, ok := webIPv6(v6[:0], inner)
		if !ok {
			return false
		}
		if string(a) != inner {
			ipv6, repair = bytesString(a), true
		}
	case special:
		upper, ok := webPlainDomain(h)
		if !ok {
			return false
		}
		repair = repair || upper || file && isLocalhostText(h)
	}
	// a non-special reg-name is an opaque host, left as it is: RFC 3986
	// allows no forbidden host code point in it
	port := u.Port
	if u.HasPort {
		if file {
			return false
		}
		// the port state: a number up to 65535, written without leading
		// zeros, and nothing for the scheme's default port
		t := strings.TrimLeft(port, "0")
		if t == "" && port != "" {
			t = "0"
		}
		if len(t) > 5 || len(t) == 5 && t > "65535" {
			return false
		}
		if t == def {
			t = ""
		}
		if t != port || t == "" {
			port, repair = t, true
		}
	}
	if !webPlainPathQuery(u, special) {
		return false
	}
	if special && u.Path == "" {
		repair = true
	}
	if !repair {
		return true
	}
	return webRepair(u, scheme, ipv6, port)
}

// webReadable reports whether u, with an authority, is valid (u.check
// passes) and is its own text as webNormal reads it, with no repair
// (webNormalParts returns true and leaves u as it was): the common case
// of a URI that WebParser.Parse returned, told in one pass over each
// component, so that the setters, the Referer and a WebBase read such a
// URI for less than the parser would read its text. It returns false for
// some URIs that pass both (an IPv6 host, a '%' in a special URL's host,
// no authority), which readWebSlow reads. checkRecord (FuzzHandBuilt)
// checks that true implies both. special is whether u's scheme is
// special, when ok.
func webReadable(u *URI) (ok, special bool) {
	s := u.Scheme
	if !u.HasAuthority || s == "" || !is(s[0], cAlpha) {
		return false, false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !is(c, cScheme) || c-'A' < 26 {
			return false, false // not a scheme, or one the parser lowercases
		}
	}
	def, special := specialPort(s)
	return webReadableParts(u, def, special), special
}

// webReadableParts is webReadable after the scheme, whose default port is
// def.
func webReadableParts(u *URI, def string, special bool) bool {
	file := u.Scheme == "file"
	if u.HasUserinfo {
		if !allOf(u.Userinfo, cUserinfo) || !webPlainUserinfo(u.Userinfo, file) {
			return false
		}
	} else if u.Userinfo != "" {
		return false
	}
	switch h := u.Host; {
	case h == "":
		if special && !file || u.HasUserinfo || u.HasPort {
			return false
		}
	case special: // a reg-name too
		if upper, ok := webPlainDomain(h); !ok || upper || file && isLocalhostText(h) {
			return false
		}
	case !allOf(h, cRegName): // and an IPv6 or IPvFuture literal
		return false
	}
	if port := u.Port; u.HasPort {
		if file || port == "" || port == def || port[0] == '0' && len(port) > 1 || len(port) > 5 || len(port) == 5 && port > "65535" {
			return false
		}
		for i := 0; i < len(port); i++ {
			if port[i]-'0' >= 10 {
				return false
			}
		}
	} else if port != "" {
		return false
	}
	switch p := u.Path; {
	case p == "":
		if special {
			return false // the parser writes "/"
		}
	case p[0] != '/' || !allOf(p, cPath):
		return false
	}
	if u.HasQuery && !allOf(u.Query, cQuery) || !u.HasQuery && u.Query != "" ||
		u.HasFragment && !allOf(u.Fragment, cQuery) || !u.HasFragment && u.Fragment != "" {
		return false
	}
	return webPlainPathQuery(u, special)
}

// webPlainUserinfo reports whether the URL parser writes ui, a valid
// RFC 3986 userinfo, as it is: not for a file URL (which has none), not
// empty, with at most one ':' and not last (an empty password is not
// written), and no ';' or '=' (which the userinfo percent-encode set
// encodes).
func webPlainUserinfo(ui string, file bool) bool {
	return !file && ui != "" && ui[len(ui)-1] != ':' && strings.Count(ui, ":") <= 1 && !strings.ContainsAny(ui, ";=")
}

// isLocalhostText reports whether h is "localhost" in any case: the host
// the file host state makes empty (URL Standard, "file host state").
func isLocalhostText(h string) bool {
	return len(h) == len("localhost") && strings.EqualFold(h, "localhost")
}

// webPlainPathQuery reports whether the URL parser keeps u's path and
// query as they are, after an authority: a path with no segment it reads
// as a dot segment, and, for a special URL, a query without an
// apostrophe, which its percent-encode set adds (URL Standard,
// "special-query percent-encode set"). u is a valid URI, whose other
// octets the parser keeps.
func webPlainPathQuery(u *URI, special bool) bool {
	return !(u.Path != "" && hasURLDotSegment(u.Path) || special && u.HasQuery && strings.IndexByte(u.Query, '\'') >= 0)
}

// webRepair applies the repairs of webNormal to *u: the scheme given;
// when u has an authority, its host lowercased if u is special ("" for a
// file URL's "localhost"), or ipv6 between brackets if not "", and port in
// place of its own; "/" for an empty special path. It allocates the text
// once, and reports whether that text is a valid URI, as the repairs
// keep it (false sends the input to the full parser).
func webRepair(u *URI, scheme, ipv6, port string) bool {
	_, special := specialPort(scheme)
	v := *u
	v.Scheme = scheme
	if v.HasAuthority {
		var host [256]byte // the repaired host; a domain is at most 253 octets
		h := host[:0]
		switch {
		case ipv6 != "":
			h = append(append(append(h, '['), ipv6...), ']')
		case special && scheme == "file" && isLocalhostText(u.Host):
		case special:
			if len(u.Host) > len(host) {
				return false // the full parser decides
			}
			for i := 0; i < len(u.Host); i++ {
				c := u.Host[i]
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				h = append(h, c)
			}
		default:
			h = append(h, u.Host...)
		}
		v.Host = bytesString(h) // copied by appendTo: does not escape
		v.Port, v.HasPort = port, port != ""
		if special && v.Path == "" {
			v.Path = "/"
		}
	}
	b := v.appendTo(make([]byte, 0, v.len()))
	var r URI
	if _, f := parse(bytesString(b), ruleReference, &r); f.err != nil {
		return false
	}
	*u = r
	return true
}

// webPathAuthority returns the span [start, end) of u.Path that the URL
// Standard reads as u's authority when RFC 3986 reads none there:
// WebAuthority's condition, a special scheme other than file
// (webSpecialAuthority) and no host (no authority, or an empty host
// without userinfo and port). The browser skips the slashes and
// backslashes the path starts with, and the authority runs to the next
// '/', '\', '?' or '#' (URL Standard, "special authority ignore slashes
// state", "authority state"); tabs and newlines, which its preprocessing
// removes, are skipped too. ok is false for every other URI, and when the
// span is empty. The browser reads credentials in the span even where it
// rejects the rest (webHasHost).
func webPathAuthority(u URI) (start, end int, ok bool) {
	if u.HasAuthority && (u.Host != "" || u.HasUserinfo || u.HasPort) || u.Path == "" || !webSpecialAuthority(u.Scheme) {
		return 0, 0, false
	}
	p := u.Path
	for start < len(p) && strings.IndexByte("/\\\t\n\r", p[start]) >= 0 {
		start++
	}
	end = start
	for end < len(p) && strings.IndexByte("/\\?#", p[end]) < 0 {
		end++
	}
	return start, end, end > start
}

// webHasHost reports whether the authority text auth has a host after its
// credentials, before its port: without one, the URL Standard's parser
// fails (URL Standard, "authority state", "host state": host-missing).
func webHasHost(auth string) bool {
	at, _ := webCredentials(auth)
	return at+1 < len(auth) && auth[at+1] != ':'
}

// webCredentials splits the authority text auth as the URL Standard's
// authority state does: at is the offset of its last '@', or -1 without
// credentials, and colon the offset of the first ':' before it, or -1.
// The password is auth[colon+1:at], the host and port auth[at+1:].
func webCredentials(auth string) (at, colon int) {
	at = strings.LastIndexByte(auth, '@')
	if at < 0 {
		return -1, -1
	}
	return at, strings.IndexByte(auth[:at], ':')
}

// webRead reads u's text as a browser does, with the URL Standard's basic
// URL parser and hostIDNA for "domain to ASCII", for Vet and Addrs.
// shown is the host as hostIDNA shows it (its Unicode form), when the host
// was not all ASCII.
func webRead(u URI) (w webURL, shown string, err error) {
	p := WebParser{IDNA: func(d string) (string, error) {
		a, s, bad := hostIDNA(d)
		if bad >= 0 {
			return "", ErrIDNA
		}
		shown = s
		return a, nil
	}}
	w, err = p.parse(u.String(), nil)
	return w, shown, err
}
