package uri

import (
	"errors"
	"strconv"
	"strings"
)

// Serving HTTP: the request-target and Host field of RFC 9112 and
// RFC 9110 turned into one URI, the host and port a dialer takes from a
// URI, and the one path that a router, an access rule and the upstream
// all read.
//
// The grammar is RFC 3986's, through the rule functions of parse.go and
// host.go; what HTTP adds is which form a request-target takes for a
// method (RFC 9112, Section 3.2), that a Host field is an authority
// without a userinfo (RFC 9110, Section 7.2), and that http and https
// URIs have a non-empty host and name TCP ports (RFC 9110, Section 4.2).

// ErrRequestTarget reports a request-target that is not in the form its
// method requires (RFC 9112, Section 3.2): an asterisk-form for a method
// other than OPTIONS, a CONNECT whose target is not in authority-form, a
// target that is neither a path nor an absolute URI. Every *Error that
// TargetURI reports in its target argument matches ErrRequestTarget with
// errors.Is, together with the component's own sentinel (ErrPath,
// ErrFragment, ErrHost, ...) where one fits; errors in its host argument
// never match it.
var ErrRequestTarget = errors.New("uri: invalid request-target")

// TargetForm is one of the four forms of a request-target
// (RFC 9112, Section 3.2). The zero TargetForm is none of them.
type TargetForm uint8

const (
	// OriginForm is absolute-path [ "?" query ], as in "GET /where?q=now"
	// (RFC 9112, Section 3.2.1): the form every request to an origin server
	// takes, with the authority in the Host field.
	OriginForm TargetForm = iota + 1
	// AbsoluteForm is absolute-URI, as in
	// "GET http://www.example.org/pub/WWW/TheProject.html" (RFC 9112,
	// Section 3.2.2): the form requests to a proxy take.
	AbsoluteForm
	// AuthorityForm is uri-host ":" port, as in "CONNECT
	// www.example.com:80" (RFC 9112, Section 3.2.3): CONNECT's form, and
	// only CONNECT's.
	AuthorityForm
	// AsteriskForm is "*", as in "OPTIONS *" (RFC 9112, Section 3.2.4): a
	// server-wide OPTIONS request, and only that.
	AsteriskForm
)

var targetFormNames = [...]string{"", "origin-form", "absolute-form", "authority-form", "asterisk-form"}

// String returns the form's name as RFC 9112, Section 3.2 writes it, such
// as "origin-form".
func (f TargetForm) String() string {
	if f >= OriginForm && f <= AsteriskForm {
		return targetFormNames[f]
	}
	return "TargetForm(" + strconv.Itoa(int(f)) + ")"
}

// targetErr is the Err of an *Error in a request-target: errors.Is finds
// both ErrRequestTarget and the component's sentinel in it.
type targetErr struct{ sentinel error }

func (e *targetErr) Error() string   { return e.sentinel.Error() + " in the request-target" }
func (e *targetErr) Unwrap() []error { return []error{ErrRequestTarget, e.sentinel} }

// targetErrs holds one targetErr per sentinel, so that reporting a fault
// allocates nothing more than the *Error.
var targetErrs = [...]*targetErr{
	{ErrScheme}, {ErrUserinfo}, {ErrHost}, {ErrPort}, {ErrPath}, {ErrQuery}, {ErrFragment},
}

// inTarget returns the Err for a fault with sentinel err in a
// request-target.
func inTarget(err error) error {
	for _, t := range targetErrs {
		if t.sentinel == err {
			return t
		}
	}
	return err // ErrRequestTarget itself
}

// Where TargetURI's faults lie, for their Expected text.
const (
	inHostField     = "a Host field (RFC 9110, Section 7.2)"
	inAuthorityForm = "an authority-form request-target (RFC 9112, Section 3.2.3)"
)

// TargetURI checks a request's method, request-target and Host field
// value and returns the target URI they name, as RFC 9112, Section 3.3
// reconstructs it, with the form the target takes. It takes what a
// net/http handler has in hand:
//
//	u, form, err := uri.TargetURI(r.Method, r.RequestURI, r.Host, r.TLS != nil)
//
// target must match the form its method allows (RFC 9112, Section 3.2):
//
//   - CONNECT: authority-form, uri-host ":" port, always, with a non-empty
//     host and a port (CONNECT has no default port) and without a userinfo
//     (RFC 9110, Section 9.3.6);
//   - OPTIONS: asterisk-form "*", origin-form or absolute-form;
//   - any other method: origin-form, absolute-path [ "?" query ], or
//     absolute-form, an absolute-URI.
//
// Methods are case-sensitive (RFC 9110, Section 9.1): "connect" is some
// other method. No form has a fragment (RFC 9112, Section 3.2). An
// absolute-form http or https URI must have an authority with a non-empty
// host (RFC 9110, Section 4.2.1) and no userinfo (RFC 9110, Section
// 4.2.4). An extended CONNECT (RFC 8441), whose target is a path, is not
// a CONNECT in this sense: pass "GET" or its own :protocol for it.
//
// host is checked in every form as a Host field value (RFC 9110, Section
// 7.2; RFC 9112, Section 3.2 makes an invalid one a 400), an uri-host
// [ ":" port ] with no userinfo and no IPv6 zone, and also serves as an
// HTTP/2 :authority (RFC 9113, Section 8.3.1). A port above 65535 is an
// error for the target's and the Host field's authority, since http and
// https name TCP ports (RFC 9110, Section 4.2.1); a port may be empty
// ("h:") or have leading zeros ("h:0080"), as RFC 3986, Section 3.2.3
// allows, and is kept as written.
//
// The result is the target URI of RFC 9112, Section 3.3: for
// absolute-form, the target as sent, the Host field being ignored
// (RFC 9112, Section 3.2.2); otherwise the scheme "https" if secure and
// "http" if not, the authority from host (from the target in
// authority-form), and the path and query from the target (empty in
// authority-form and asterisk-form). A target path that starts with "//"
// stays a path: "GET //evil.example/x" with host "h" is
// "http://h//evil.example/x", never a URI with the host evil.example. An
// empty host is an error for origin-form and asterisk-form, since an
// http or https URI has a non-empty host (RFC 9110, Section 4.2).
//
// A request without a Host field: RFC 9112, Section 3.2 has a server
// answer 400 to an HTTP/1.1 request that lacks one (net/http does so
// before a handler runs), and the empty host's error gives that answer.
// An HTTP/1.0 request may lack one; RFC 9112, Section 3.3 then leaves the
// target URI's authority empty and has the server replace it with its
// configured default before it processes the request. The server does so
// by passing that name as host, for HTTP/1.0 requests only, and only when
// the field is absent or empty:
//
//	host := r.Host
//	if host == "" && !r.ProtoAtLeast(1, 1) {
//		host = defaultHost // this server's configured name, as "shop.example" or "shop.example:8080"
//	}
//	u, form, err := uri.TargetURI(r.Method, r.RequestURI, host, r.TLS != nil)
//
// Over TLS, RFC 9112, Section 3.3 warns that a default name is unsafe
// where the client may have meant another authority: pass the server name
// the client sent in the TLS handshake (r.TLS.ServerName) when it sent
// one, and the configured name only on a server with no other. An
// HTTP/1.1 request with an empty Host field stays an error, which
// RFC 9112, Section 3.3 allows ("the server can reject the request").
//
// Errors are *Error values. One whose Input is target matches
// ErrRequestTarget (see there) and, where one fits, the sentinel of the
// component at fault; one whose Input is host matches ErrHost, ErrPort or
// ErrUserinfo and never ErrRequestTarget. Offset points into that
// string, and the message never prints a password.
//
// The result's components are substrings of target and host, so
// TargetURI does not allocate, except for an error.
func TargetURI(method, target, host string, secure bool) (u URI, form TargetForm, err error) {
	form, err = targetURI(method, target, host, secure, &u)
	return
}

// targetURI is TargetURI into u, which must be zero, and which it leaves
// zero on an error. TargetURI stays small enough to be inlined, so that
// the URI is built once, in the caller's variable, rather than built
// here and copied out.
func targetURI(method, target, host string, secure bool, u *URI) (TargetForm, error) {
	form, at, f := requestTarget(method, target, u)
	if f.err != nil {
		*u = URI{}
		return 0, &Error{Input: target, Offset: at, Err: inTarget(f.err), Expected: f.want, authority: method == "CONNECT"}
	}
	if form == AbsoluteForm || form == AuthorityForm {
		// the target names the host; the Host field is checked alone
		var h URI
		if at, f := hostPort(host, &h, inHostField); f.err != nil {
			*u = URI{}
			return 0, &Error{Input: host, Offset: at, Err: f.err, Expected: f.want, authority: true}
		}
		if form == AuthorityForm {
			u.Scheme = "http"
			if secure {
				u.Scheme = "https"
			}
		}
		return form, nil
	}
	// origin-form and asterisk-form: the Host field's host and port are
	// the URI's, read into it
	if at, f := hostPort(host, u, inHostField); f.err != nil {
		*u = URI{}
		return 0, &Error{Input: host, Offset: at, Err: f.err, Expected: f.want, authority: true}
	}
	if u.Host == "" {
		*u = URI{}
		return 0, &Error{Input: host, Offset: 0, Err: ErrHost, authority: true,
			Expected: "a non-empty host: an http or https URI has one (RFC 9110, Section 4.2.1 and 4.2.2); for an HTTP/1.0 request without Host, pass the server's configured name (RFC 9112, Section 3.3)"}
	}
	u.Scheme = "http"
	if secure {
		u.Scheme = "https"
	}
	return form, nil
}

// ParseHost parses a Host field value or an HTTP/2 :authority
// pseudo-header (RFC 9110, Section 7.2; RFC 9113, Section 8.3.1):
//
//	Host = uri-host [ ":" port ]
//
// where uri-host and port are RFC 3986's host and port (RFC 9110, Section
// 4.1). The result has HasAuthority, Host and, if there is a ':', HasPort
// and Port set, and nothing else: its text is "//" and the value. A
// userinfo is an error (ErrUserinfo), as is an IPv6 zone identifier or any
// other fault of the host (ErrHost), and a port that is not digits or is
// above 65535 (ErrPort); Offset points into value, and the message
// masks a password. The empty value is valid, and gives an empty host
// (RFC 9112, Section 3.2 has a client send it for a URI without an
// authority); TargetURI rejects it for http and https. ParseHost does not
// allocate, except for an error.
func ParseHost(value string) (URI, error) {
	var u URI
	if at, f := hostPort(value, &u, inHostField); f.err != nil {
		return URI{}, &Error{Input: value, Offset: at, Err: f.err, Expected: f.want, authority: true}
	}
	return u, nil
}

// requestTarget checks target against the form its method allows
// (RFC 9112, Section 3.2) and fills u with its components.
//
//	request-target = origin-form / absolute-form / authority-form / asterisk-form
func requestTarget(method, target string, u *URI) (TargetForm, int, fault) {
	switch {
	case method == "CONNECT":
		at, f := authorityForm(target, u)
		return AuthorityForm, at, f
	case target == "":
		return 0, 0, fault{ErrRequestTarget, "a request-target: '/' and a path, an absolute URI, or \"*\" (RFC 9112, Section 3.2)"}
	case target[0] == '/':
		at, f := originForm(target, u)
		return OriginForm, at, f
	case target[0] == '*' && method == "OPTIONS":
		// asterisk-form = "*"
		if len(target) > 1 {
			return AsteriskForm, 1, fault{ErrRequestTarget, "the end of an asterisk-form request-target after '*' (RFC 9112, Section 3.2.4)"}
		}
		return AsteriskForm, 0, noFault
	}
	at, f := absoluteForm(target, u)
	return AbsoluteForm, at, f
}

// originForm parses an origin-form request-target (RFC 9112, Section
// 3.2.1); s starts with '/'.
//
//	origin-form   = absolute-path [ "?" query ]
//	absolute-path = 1*( "/" segment )
func originForm(s string, u *URI) (int, fault) {
	// absolute-path: the path characters, from the '/', read by the word
	// scanner; span finds the '%' that starts no triplet where it stops
	i := runPct(s, runOf(s, 0, cPath), cPath)
	if i < 0 {
		return span(s, 0, cPath, ErrPath)
	}
	u.Path = s[:i]
	// [ "?" query ]
	if i < len(s) && s[i] == '?' {
		start := i + 1
		if i = runPct(s, runOf(s, start, cQuery), cQuery); i < 0 {
			return span(s, start, cQuery, ErrQuery)
		}
		u.Query, u.HasQuery = s[start:i], true
	}
	switch {
	case i == len(s):
		return 0, noFault
	case s[i] == '#':
		return i, fault{ErrFragment, "the end of the request-target: it has no fragment (RFC 9112, Section 3.2)"}
	case u.HasQuery:
		return i, fault{ErrQuery, "query character: pchar, '/' or '?' (RFC 3986, Section 3.4)"}
	}
	return i, fault{ErrPath, "path character: pchar or '/' (RFC 3986, Section 3.3)"}
}

// absoluteForm parses an absolute-form request-target (RFC 9112, Section
// 3.2.2), and for http and https the rules of RFC 9110, Section 4.2.
//
//	absolute-form = absolute-URI
func absoluteForm(s string, u *URI) (int, fault) {
	i := 0
	for i < len(s) && is(s[i], cScheme) {
		i++
	}
	if i == 0 || !is(s[0], cAlpha) || i == len(s) || s[i] != ':' {
		// Neither a path nor a scheme: say what each form starts with.
		if s[0] == '*' {
			return 0, fault{ErrRequestTarget, "'/' or a scheme: asterisk-form is for OPTIONS only (RFC 9112, Section 3.2.4)"}
		}
		if i > 0 && is(s[0], cAlpha) && i < len(s) && strings.IndexByte(s[i:], ':') > 0 {
			// A scheme with a character it cannot hold before its ':', as
			// in "ht tp://h/": point at that character.
			return i, fault{ErrScheme, "scheme character: letter, digit, '+', '-' or '.', or ':' to end the scheme of an absolute-form request-target (RFC 3986, Section 3.1; RFC 9112, Section 3.2.2)"}
		}
		return 0, fault{ErrRequestTarget, "'/' to start an origin-form request-target (RFC 9112, Section 3.2.1) or a scheme to start an absolute-form one (RFC 9112, Section 3.2.2)"}
	}
	if at, f := parse(s, ruleAbsolute, u); f.err != nil {
		if f.err == ErrFragment {
			f.want = "the end of the request-target: it has no fragment (RFC 9112, Section 3.2)"
		}
		return at, f
	}
	if !equalFoldASCII(u.Scheme, "http") && !equalFoldASCII(u.Scheme, "https") {
		return 0, noFault
	}
	// http-URI = "http" "://" authority path-abempty [ "?" query ]
	o := u.offsets()
	switch {
	case !u.HasAuthority:
		return o.authority, fault{ErrHost, "\"//\" and a host: an http or https URI has an authority (RFC 9110, Section 4.2.1)"}
	case u.HasUserinfo:
		return o.userinfo, fault{ErrUserinfo, "a host without a userinfo: a recipient treats one in an http or https URI as an error (RFC 9110, Section 4.2.4)"}
	case u.Host == "":
		return o.host, fault{ErrHost, "a non-empty host: an http or https URI has one (RFC 9110, Section 4.2.1)"}
	}
	if f := portRange(u, "an http or https URI (RFC 9110, Section 4.2.1)"); f.err != nil {
		return o.port, f
	}
	return 0, noFault
}

// authorityForm parses the request-target of a CONNECT request
// (RFC 9112, Section 3.2.3; RFC 9110, Section 9.3.6).
//
//	authority-form = uri-host ":" port
func authorityForm(s string, u *URI) (int, fault) {
	if at, f := hostPort(s, u, inAuthorityForm); f.err != nil {
		switch {
		case at == 0 && s != "" && s[0] == '/':
			f = fault{ErrRequestTarget, "a host: CONNECT's request-target is always authority-form, uri-host \":\" port, never a path (RFC 9110, Section 9.3.6)"}
		case at < len(s) && (s[at] == '/' || s[at] == '?' || s[at] == '#'):
			f = fault{ErrRequestTarget, "the end of the authority-form request-target: CONNECT names a host and a port, and no path, query or fragment (RFC 9110, Section 9.3.6)"}
		}
		return at, f
	}
	switch {
	case u.Host == "":
		return 0, fault{ErrHost, "the host of the tunnel destination (RFC 9110, Section 9.3.6)"}
	case !u.HasPort || u.Port == "":
		return len(s), fault{ErrPort, "':' and a port: CONNECT names the port of the tunnel destination, and has no default port (RFC 9110, Section 9.3.6)"}
	}
	return 0, noFault
}

// hostPort parses s, the whole of a Host field value or an authority-form
// request-target (what names which, for messages), into u:
//
//	Host           = uri-host [ ":" port ]   ; RFC 9110, Section 7.2
//	authority-form = uri-host ":" port       ; RFC 9112, Section 3.2.3
//	uri-host       = IP-literal / IPv4address / reg-name
//
// A reg-name is read with the IPv4address in it, as parseAuthority reads
// it; HostKind tells them apart.
func hostPort(s string, u *URI, what string) (int, fault) {
	u.HasAuthority = true
	var i int
	var f fault
	if s != "" && s[0] == '[' {
		i, f = ipLiteralHost(s, 0)
	} else if i = runPct(s, runOf(s, 0, cRegName), cRegName); i < 0 {
		i, f = span(s, 0, cRegName, ErrHost) // a '%' that starts no triplet
	}
	if f.err != nil {
		return hostPortFault(s, i, f)
	}
	u.Host = s[:i]
	portAt := i + 1
	if i < len(s) && s[i] == ':' {
		i, _ = port(s, portAt, u) // the end is checked below
	}
	if i < len(s) {
		want := "':' and a port, or the end of " + what
		switch {
		case u.HasPort:
			return hostPortFault(s, i, fault{ErrPort, "digit, or the end of " + what})
		case u.Host != "" && u.Host[0] == '[':
		default:
			want = "reg-name character, " + want
		}
		return hostPortFault(s, i, fault{ErrHost, want})
	}
	if f := portRange(u, what); f.err != nil {
		return portAt, f
	}
	return 0, noFault
}

// hostPortFault places a fault at offset i of s, a Host field value or an
// authority-form request-target, in the userinfo when s has one: an '@'
// after i with only userinfo characters before it. HTTP allows no
// userinfo there (RFC 9110, Section 7.2 and Section 9.3.6), and a
// message about it points at its start.
func hostPortFault(s string, i int, f fault) (int, fault) {
	if at := strings.IndexByte(s[i:], '@'); at >= 0 {
		at += i
		if j, g := span(s[:at], 0, cUserinfo, ErrUserinfo); g.err == nil && j == at {
			return 0, fault{ErrUserinfo, "a host without a userinfo and '@' (RFC 9110, Section 4.2.4 and Section 7.2)"}
		}
	}
	return i, f
}

// portRange is the fault of a port above 65535 in u, which no TCP
// connection can use (RFC 9110, Section 4.2.1 names TCP ports), in what.
func portRange(u *URI, what string) fault {
	if u.HasPort && u.Port != "" {
		if _, ok := u.PortNumber(); !ok {
			return fault{ErrPort, "a port number from 0 to 65535 in " + what}
		}
	}
	return noFault
}

// pathOffset returns the offset of u's path in u.String().
func (u *URI) pathOffset() int {
	i := u.hostOffset()
	if u.HasAuthority {
		i += len(u.Host)
		if u.HasPort {
			i += len(u.Port) + 1
		}
	}
	return i
}

// errorAt returns the *Error for fault f at offset at of u.String().
func (u *URI) errorAt(at int, f fault) error {
	return &Error{Input: u.String(), Offset: at, Err: f.err, Expected: f.want}
}

// Hostname returns u's host as a resolver or a dialer takes it: an IPv4
// address as it is, an IPv6 address without its brackets, and a
// reg-name with its percent-encoding decoded (RFC 3986, Section 3.2.2),
// never a different host.
//
// A reg-name is given in the one form a denylist can compare with a
// plain string: ASCII letters lowercased, however the URI spells them
// ("LOCALHOST", "%4C%4F%43%41%4C%48%4F%53%54" and "ⓛⓞⓒⓐⓛⓗⓞⓢⓣ" are all
// "localhost", "Metadata.Google.Internal" is "metadata.google.internal").
// The host is case-insensitive (RFC 3986, Section 3.2.2; RFC 4343), and
// UTS #46 maps the letters of a non-ASCII name to lowercase too. A final
// dot is kept: "localhost." is the absolute form of "localhost"
// (RFC 1034, Section 3.1), which a resolver looks up without its search
// list, and it is still the same host, so a guard compares
// strings.TrimSuffix(name, ".") (as ExampleURI_Hostname_idn does). Only one
// final dot is a name; "localhost.." has an empty label, which resolvers
// refuse.
//
// It returns an *Error (ErrHost; Input u.String(), Offset at the host or
// at the octet at fault) where no resolver would read the name u gives:
// when u has no host or an empty one; for an IPvFuture literal, which no
// resolver knows; and for a reg-name whose decoded form holds an octet
// other than the unreserved characters and sub-delims that RFC 3986,
// Section 3.2.2 allows in it, which a resolver, a dialer or net/url reads
// as a delimiter or as no name at all: "127.0.0.1%3A6379" would dial port
// 6379, "%5B%3A%3A1%5D" would dial [::1], and '%', '/', '@', a space, NUL
// and other controls have no place in a name. URL fails closed on the
// same names.
//
// A reg-name that decodes to non-ASCII text is given in the ASCII form a
// resolver looks up, after UTS #46 ToASCII (UTS #46, Section 4.2) with the
// profile net/http applies to a request's host (golang.org/x/net/idna's
// Lookup: IDNA{CheckHyphens: true, UseSTD3ASCIIRules: true}, CheckBidi
// and CheckJoiners on, Nontransitional): "b%C3%BCcher.de" is
// "xn--bcher-kva.de", and "%E2%93%9B%E2%93%9E%E2%93%92%E2%93%90%E2%93%9B
// %E2%93%97%E2%93%9E%E2%93%A2%E2%93%A3" (ⓛⓞⓒⓐⓛⓗⓞⓢⓣ) is "localhost",
// so that a denylist applied to Hostname sees the name that is dialed.
// A name that profile rejects (invalid UTF-8, a disallowed code point, a
// label against the bidi or hyphen rules, a mapping to a character other
// than letters, digits and '-') is an error (ErrHost, at the octet at
// fault), never the raw octets. That profile accepts fewer names than a
// browser's (URL Standard, "domain to ASCII": ParseWeb); it accepts none
// that a browser reads otherwise.
//
// A reg-name that some resolvers read as an IPv4 address, such as
// "0x7f.1" or "127.1" (inet_aton), is passed on as it is: it is one name,
// but not always the address it looks like. Before dialing an untrusted
// URI, check the addresses it reaches with Addrs and Vet's
// NonstandardIPv4 finding (RFC 3986, Section 7.4).
//
// Hostname does not allocate when the host has no percent-encoding and no
// uppercase letter.
func (u URI) Hostname() (string, error) {
	return u.hostname()
}

func (u *URI) hostname() (string, error) {
	at := u.hostOffset()
	switch u.HostKind() {
	case NoHost:
		return "", u.errorAt(at, fault{ErrHost, "an authority with a host (RFC 3986, Section 3.2)"})
	case IPv4:
		return u.Host, nil
	case IPv6:
		if _, ok := u.LiteralAddr(); ok {
			return u.Host[1 : len(u.Host)-1], nil
		}
		return "", u.errorAt(at, fault{ErrHost, "an IPv6 address (RFC 3986, Section 3.2.2)"})
	case IPvFuture:
		return "", u.errorAt(at, fault{ErrHost, "an IP address or a registered name: no resolver knows an IPvFuture literal (RFC 3986, Section 3.2.2)"})
	}
	host := u.Host
	if host == "" {
		return "", u.errorAt(at, fault{ErrHost, "a non-empty host to connect to (RFC 3986, Section 3.2.2)"})
	}
	nonASCII := -1
	for i := 0; i < len(host); {
		c, next, encoded := octetAt(host, i)
		switch {
		case !encoded && !is(c, cUnreserved|cSubDelim):
			return "", u.errorAt(at+i, fault{ErrHost, "reg-name character (RFC 3986, Section 3.2.2)"})
		case c >= 0x80:
			if nonASCII < 0 {
				nonASCII = i
			}
		case !is(c, cUnreserved|cSubDelim):
			return "", u.errorAt(at+i, fault{ErrHost, "a percent-encoded octet that is data in a host name: " +
				strconv.Quote(host[i:next]) + " decodes to a delimiter or a control that a resolver, a dialer or net/url reads otherwise (RFC 3986, Section 3.2.2 and Section 7.3)"})
		}
		i = next
	}
	if nonASCII >= 0 {
		decoded, _ := Decode(host) // every triplet was checked above
		name, off, f := hostnameIDNA(decoded)
		if f.err != nil {
			return "", u.errorAt(at+octetOffset(host, off), f)
		}
		return lowerName(name), nil
	}
	if strings.IndexByte(host, '%') < 0 {
		return lowerName(host), nil
	}
	name, _ := Decode(host) // every triplet was checked above
	return lowerName(name), nil
}

// lowerName returns name with its ASCII letters lowercased, the form of a
// host name that Hostname gives (RFC 4343): name itself when it has no
// uppercase letter.
func lowerName(name string) string {
	if !hasUpper(name) {
		return name
	}
	b := []byte(name)
	for i, c := range b {
		b[i] = lower(c)
	}
	return bytesString(b)
}

// hostnameIDNA is the one place where Hostname meets a host name with
// non-ASCII characters: name is a reg-name, decoded, with octets above
// 0x7F, which may or may not be UTF-8. A resolver takes such a name only
// in its ASCII form, after IDNA processing (UTS #46, Section 4.2; RFC 5891,
// Section 5): hostnameIDNA returns that form by lookupIDNA, or the offset
// in name of the code point or label it rejects and the fault.
func hostnameIDNA(name string) (string, int, fault) {
	a, err := lookupIDNA.ToASCII(name)
	if err == nil {
		return a, 0, fault{}
	}
	off, want := 0, "a host name that UTS #46 ToASCII accepts"
	if e, ok := err.(*Error); ok {
		off, want = e.Offset, e.Expected+", for UTS #46 ToASCII"
	}
	return "", off, fault{ErrHost, want + " (UTS #46, Section 4.2; the profile of golang.org/x/net/idna's Lookup, which net/http applies)"}
}

// lookupIDNA is the UTS #46 profile of Hostname and DialAddr: that of
// golang.org/x/net/idna's Lookup, which net/http applies to the host of a
// request before it dials, so that both dial the same name: STD3 rules
// and the hyphen checks on, CheckBidi and CheckJoiners on, Nontransitional.
var lookupIDNA = IDNA{CheckHyphens: true, UseSTD3ASCIIRules: true}

// DialAddr returns the address to dial for u, "host:port" as net.Dial
// takes it: the host as Hostname gives it (a reg-name lowercased, a final
// dot kept), in brackets for IPv6, and the
// port as a decimal number, u's own or, when u has none or an empty one,
// the default port of its scheme (DefaultPort; RFC 3986, Section 3.2.3).
// The host and port are exactly those Hostname and PortNumber describe,
// so the dialer connects where the URI says: "http://127.0.0.1%3A6379/" is
// an error, not "127.0.0.1:6379".
//
// It returns Hostname's error, or an *Error with ErrPort when no port is
// known (no port and a scheme without a default one), when the port is
// above 65535, and for port 0, which no connection can reach (RFC 6335,
// Section 6). A port's leading zeros are dropped ("0080" dials 80).
// DialAddr allocates once, for the result.
func (u URI) DialAddr() (string, error) {
	host, err := u.hostname()
	if err != nil {
		return "", err
	}
	portAt := u.hostOffset() + len(u.Host)
	var n uint16
	if u.HasPort && u.Port != "" {
		p, ok := u.PortNumber()
		if !ok {
			return "", u.errorAt(portAt+1, fault{ErrPort, "a port number from 1 to 65535 (RFC 3986, Section 3.2.3)"})
		}
		n = p
	} else if p, ok := DefaultPort(u.Scheme); ok {
		n = p
	} else if u.HasPort {
		return "", u.errorAt(portAt+1, fault{ErrPort, "a port: the scheme " + strconv.Quote(u.Scheme) + " has no default port (RFC 3986, Section 3.2.3)"})
	} else {
		return "", u.errorAt(portAt, fault{ErrPort, "':' and a port: the scheme " + strconv.Quote(u.Scheme) + " has no default port (RFC 3986, Section 3.2.3)"})
	}
	if n == 0 {
		return "", u.errorAt(portAt+1, fault{ErrPort, "a port number from 1 to 65535: port 0 is reserved and no connection reaches it (RFC 6335, Section 6)"})
	}
	b := make([]byte, 0, len(host)+8)
	if u.HostKind() == IPv6 {
		b = append(append(append(b, '['), host...), ']')
	} else {
		b = append(b, host...)
	}
	b = append(b, ':')
	b = strconv.AppendUint(b, uint64(n), 10)
	return bytesString(b), nil
}

// SlashRule says what RoutePath does with one kind of percent-encoded
// separator inside a path segment: "%2F" ('/') or "%5C" ('\'). Both are
// data in RFC 3986 (Section 2.2), but a back end that decodes a path
// before splitting it, or a file system that reads '\' as '/', sees more
// segments than the router did (RFC 3986, Section 7.3; Vet reports them
// as EncodedSlash). The rule covers as well the encoded characters that
// NFKC normalization (UAX #15) maps to the separator ("%EF%BC%8F" for
// '/'; "%EF%BC%BC" and "%EF%B9%A8" for '\'): RejectSlash rejects them,
// and KeepSlash and DecodeSlash both keep them as data, since no proxy
// decodes them; a segment they would make a dot segment stays an error.
type SlashRule uint8

const (
	// RejectSlash, the zero SlashRule, makes the encoded separator an
	// error (ErrPath; Expected names EncodedSlash).
	RejectSlash SlashRule = iota
	// KeepSlash keeps it as data inside its segment, written "%2F" or
	// "%5C" in the route and the forward path alike. Only an upstream
	// that does not decode before it splits reads the same path: nginx
	// decodes "%2F" before it merges slashes and removes dot segments, a
	// Go handler that cleans or serves files by r.URL.Path (decoded) splits
	// there, and a back end on Windows (IIS, or Go's filepath) splits at
	// "%5C" decoded; Apache httpd (AllowEncodedSlashes Off) and Tomcat
	// refuse both by default.
	KeepSlash
	// DecodeSlash reads it as the separator '/' (for "%5C" too), so the
	// segment splits there and dot segments around it are removed: the
	// route and the forward path hold a plain '/'. Browsers read '\' as
	// '/' in http and https URLs (URL Standard, "path state"), and proxies
	// such as Envoy can decode both.
	DecodeSlash
)

// PathPolicy says how RoutePath reads the forms of a path that back ends
// disagree on. The zero PathPolicy is the strict one: it rejects every such
// form, so that the route is the path that nginx, Apache httpd, Go's
// http.FileServer, Python's http.server and the servlet containers (Tomcat,
// Jetty) all read in the forward path, as Spring Security's
// StrictHttpFirewall rejects them by default. Each field lets one form
// through, and its doc says which back ends then read the path otherwise.
type PathPolicy struct {
	// Slash is what "%2F" inside a segment does: RejectSlash (the zero
	// value), KeepSlash or DecodeSlash.
	Slash SlashRule

	// Backslash is what "%5C" inside a segment does: RejectSlash (the
	// zero value), KeepSlash, or DecodeSlash to read it as '/'. A raw '\'
	// is not RFC 3986 syntax (Section 3.3), so no valid URI holds one;
	// TargetURI rejects it.
	Backslash SlashRule

	// MergeSlashes merges each run of '/' into one before dot segments
	// are removed, in the route and in the forward path alike, as nginx's
	// merge_slashes (on by default), Apache httpd's MergeSlashes (on by
	// default), Go's http.FileServer (path.Clean), Python's http.server
	// and Tomcat read a path: "/a//b" routes and is forwarded as "/a/b",
	// and "/x/..//admin" as "/admin". The upstream then gets the path the
	// rule saw, with no empty segment left for it to merge.
	MergeSlashes bool

	// KeepEmptySegments keeps an empty segment, which RFC 3986 (Section
	// 3.3) reads as data, in the route and in the forward path: "//a/b"
	// routes as "//a/b". Without it, and without MergeSlashes, an empty
	// segment (two '/' in a row, once the encoded separators that Slash
	// and Backslash decode are read) is an error, since most back ends
	// merge it away: nginx (merge_slashes on), Apache httpd
	// (MergeSlashes on), Go's http.FileServer (path.Clean), Python's
	// http.server (translate_path drops empty words) and Tomcat all read
	// "//admin/keys" and "/x/..//admin/keys" as "/admin/keys", which a
	// rule on the route "/admin" does not match. Set it only when every
	// upstream reads "//" as an empty segment, or the rules are written
	// for both readings.
	KeepEmptySegments bool

	// KeepParams keeps a path parameter, a ';' in a segment and what
	// follows it (RFC 3986, Section 3.3), as data in the route and in the
	// forward path: "/a;v=1/b" routes as itself. Without it, a ';', a
	// "%3B" or a character that NFKC reads as ';' (U+FF1B FULLWIDTH
	// SEMICOLON "%EF%BC%9B", U+FE54 SMALL SEMICOLON, U+FE14, U+037E GREEK
	// QUESTION MARK) in a segment is an error, since servlet containers
	// (Tomcat, Jetty, and the Spring applications on them) cut the
	// parameter from each segment before they route: "/admin;/keys" and
	// "/admin;jsessionid=1/keys" are "/admin/keys" to them, while nginx,
	// Apache httpd, Go and Python read a segment "admin;". Set it only
	// when no upstream cuts parameters, or the rules match each segment
	// up to its ';'. A segment that a parameter cut leaves as a dot
	// segment ("..;", ".;x", "..%EF%BC%9B") is an error whatever the
	// policy.
	KeepParams bool

	// AllowDoubleEncoding keeps a "%25" that the next two octets, decoded,
	// would turn into a new pct-encoded triplet ("%252e", "%25%32%65"),
	// and a character that NFKC reads as '%' (U+FF05 FULLWIDTH PERCENT
	// SIGN "%EF%BC%85", U+FE6A SMALL PERCENT SIGN), as data, instead of an
	// error naming DoubleEncoding: an upstream that decodes twice (IIS
	// did, CVE-2001-0333; so does an application that decodes the path
	// its framework already decoded), or normalizes to NFKC and then
	// decodes, reads another path than the route (RFC 3986, Section 2.4
	// says never to decode twice).
	AllowDoubleEncoding bool
}

// RoutePath returns the one path that a router, an access rule and the
// upstream all read for target, and target with exactly that path:
// route is target's path after the syntax-based normalization of
// RFC 3986, Section 6.2.2 (hex digits of percent-encodings uppercased,
// percent-encoded unreserved octets decoded, then dot segments removed,
// so "%2E" is read as '.'), and forward is target with route as its path
// and every other component unchanged. Forward the forward URI (with
// URI.Forward, or URI.ForwardWith and the same policy), so the upstream
// cannot see a path that the rules did not.
//
// The path must be empty or absolute (start with '/'), as TargetURI
// returns it. Where back ends disagree on a path, the policy decides and
// the zero policy rejects (ErrPath; Input target.String(), Offset at the
// triplet, separator or segment at fault, Expected naming the Vet
// finding that explains it, where there is one):
//
//   - an empty segment, as in "//admin" and "/x/..//admin", which most
//     back ends merge away: see PathPolicy.MergeSlashes and
//     PathPolicy.KeepEmptySegments;
//   - a path parameter, ';' or "%3B" or what NFKC reads as ';', as in
//     "/admin;/keys", which servlet containers cut: see
//     PathPolicy.KeepParams;
//   - "%2F" and "%5C" in a segment (EncodedSlash), and the characters
//     that NFKC normalization maps to '/' or '\' (U+FF0F FULLWIDTH
//     SOLIDUS "%EF%BC%8F", U+FF3C FULLWIDTH REVERSE SOLIDUS, U+FE68 SMALL
//     REVERSE SOLIDUS), which a back end that normalizes reads as
//     separators: see PathPolicy.Slash and PathPolicy.Backslash;
//   - "%00" (EncodedNUL) and other encoded controls, %01 to %1F and %7F
//     (EncodedControl), always;
//   - overlong UTF-8 such as "%C0%AE" (OverlongUTF8), and any other
//     octets that are not UTF-8 (InvalidUTF8, RFC 3629), always: back
//     ends read them as Latin-1, as U+FFFD, or, decoding leniently
//     without checking continuation octets, as ASCII ("%C0%2E" as '.');
//   - a "%25" that decodes to a new triplet, as in "%252e", and what NFKC
//     reads as '%', as in "%EF%BC%852e" (DoubleEncoding), unless
//     PathPolicy.AllowDoubleEncoding;
//   - a segment that RFC 3986 does not read as a dot segment but some
//     back end does (EncodedDotSegment), always: "..;" and ".;x" (Java
//     servlet containers cut the path parameter after ';' before they
//     remove dot segments), "..%2F" with KeepSlash, and the characters
//     that NFKC normalization maps to full stops, separators or ';',
//     such as the fullwidth full stop "%EF%BC%8E", the two dot leader
//     "%E2%80%A5" (".."), the fullwidth solidus in "..%EF%BC%8F" ("../",
//     when Slash lets it through) and the fullwidth semicolon in
//     "..%EF%BC%9B" ("..;").
//
// With the zero policy, the route is what every one of those back ends
// reads in the forward path: path.Clean of it decoded (http.FileServer),
// nginx's merge_slashes reading and a servlet container's parameter cut
// all give the route (FuzzProxyPath checks it).
//
// RoutePath is idempotent: the route of forward is route, and its forward
// is forward. Without an authority, a route that starts with "//" (with
// KeepEmptySegments) gets the "/." that keeps it a path (see Resolve).
// RoutePath does not allocate when the path is already in its routed
// form (the common case), and allocates once otherwise.
func RoutePath(target URI, p PathPolicy) (route string, forward URI, err error) {
	path := target.Path
	base := target.pathOffset()
	if path != "" && path[0] != '/' {
		return "", URI{}, target.errorAt(base, fault{ErrPath, "'/' to start an absolute path (RFC 9112, Section 3.2.1)"})
	}
	if i, f := span(path, 0, cPath, ErrPath); f.err != nil || i != len(path) {
		if f.err == nil {
			f = fault{ErrPath, "path character: pchar or '/' (RFC 3986, Section 3.3)"}
		}
		return "", URI{}, target.errorAt(base+i, f)
	}
	if p.routed(path) && pathGuard(target.Scheme != "", target.HasAuthority, path) == "" {
		return path, target, nil
	}
	// Two bytes of room for a "/." guard, then the route.
	buf := make([]byte, 2, 2+len(path))
	b, at, f := p.appendRouted(buf, path)
	if f.err != nil {
		return "", URI{}, target.errorAt(base+at, f)
	}
	out := b[2:]
	if g := pathGuard(target.Scheme != "", target.HasAuthority, bytesString(out)); g != "" {
		copy(b, g)
		out = b
	}
	route = bytesString(out)
	if route == path {
		route = path // the caller's string, and this buffer is garbage
	}
	forward = target
	forward.Path = route
	return route, forward, nil
}

// routed reports whether path, a valid absolute path or "", is already
// its own route under p, with nothing p rejects: no percent-encoding, no
// dot segment, no empty segment unless p keeps them, and no ';' unless p
// keeps parameters and no segment is a dot segment once they are cut.
// It does not allocate.
func (p PathPolicy) routed(path string) bool {
	if strings.IndexByte(path, '%') >= 0 || hasDotSegment(path, dotsRFC) {
		return false
	}
	if (p.MergeSlashes || !p.KeepEmptySegments) && strings.Contains(path, "//") {
		return false
	}
	return strings.IndexByte(path, ';') < 0 || p.KeepParams && dotLikeAt(path) < 0
}

// appendRouted appends the route of path, a valid absolute path or "",
// to b: path read by appendRoute, checked by octetFault, and its dot
// segments removed (RFC 3986, Section 5.2.4) as an absolute path whose
// ".." stops at its root. It returns the offset in path of the first
// thing p rejects, and its fault.
func (p PathPolicy) appendRouted(b []byte, path string) ([]byte, int, fault) {
	start := len(b)
	b, at, f := p.appendRoute(b, path)
	if strings.IndexByte(path, '%') >= 0 {
		// The first fault wins, whichever reading finds it.
		if at2, f2 := p.octetFault(path); f2.err != nil && (f.err == nil || at2 < at) {
			at, f = at2, f2
		}
	}
	if f.err != nil {
		return b, at, f
	}
	n := removeDotsInPlace(b[start:], 0)
	return b[:start+n], 0, noFault
}

// octetFault finds, in a path with percent-encoding, the first encoded
// octet that p rejects whatever its segment: NUL, a control, overlong or
// other invalid UTF-8, a double encoding (a "%25" that makes a new
// triplet, or a character that NFKC reads as '%'); it reads them as Vet
// does (RFC 3986, Section 7.3).
func (p PathPolicy) octetFault(path string) (int, fault) {
	var c checker
	c.octets(path, 0, true, false, lineBreaksNone)
	nfkcPct := -1
	if !p.AllowDoubleEncoding {
		for i := 0; i < len(path); {
			end := segmentEnd(path, i)
			if strings.IndexByte(path[i:end], '%') >= 0 {
				c.segment(path[i:end], i)
			}
			i = end + 1
		}
		for i := 0; i < len(path) && nfkcPct < 0; i++ {
			if path[i] == '%' {
				if d, _ := nfkcASCII(path, i); d == '%' {
					nfkcPct = i
				}
			}
		}
	}
	at, kind := -1, FindingKind(0)
	for _, k := range [...]FindingKind{EncodedNUL, EncodedControl, OverlongUTF8, InvalidUTF8, DoubleEncoding} {
		if c.set&(1<<k) != 0 && (k != DoubleEncoding || !p.AllowDoubleEncoding) && (at < 0 || c.hits[k].off < at) {
			at, kind = c.hits[k].off, k
		}
	}
	if nfkcPct >= 0 && (at < 0 || nfkcPct < at) {
		return nfkcPct, findingFault("no character that NFKC reads as '%' in a path (PathPolicy.AllowDoubleEncoding keeps it)", DoubleEncoding)
	}
	if at < 0 {
		return 0, noFault
	}
	var want string
	switch kind {
	case EncodedNUL:
		want = "no \"%00\" in a path, which ends a C string"
	case EncodedControl:
		want = "no percent-encoded control character in a path"
	case OverlongUTF8:
		want = "no overlong UTF-8 in a path, which a lenient decoder reads as ASCII"
	case InvalidUTF8:
		want = "UTF-8 in a path's percent-encoded octets (RFC 3629): back ends read other octets as Latin-1, as U+FFFD or, leniently, as ASCII (\"%C0%2E\" as '.')"
	default:
		want = "no \"%25\" that decodes to a new triplet in a path (PathPolicy.AllowDoubleEncoding keeps it)"
	}
	return at, findingFault(want, kind)
}

// nfkcASCII reads, at offset i of s, a percent-encoded character that
// NFKC normalization (UAX #15) maps to ';' or '%', the path delimiters
// that nfkcStops (the reading of Vet) leaves out: U+037E GREEK QUESTION
// MARK ("%CD%BE"), U+FE14, U+FE54 SMALL SEMICOLON and U+FF1B FULLWIDTH
// SEMICOLON ("%EF%BC%9B") are ';'; U+FE6A SMALL PERCENT SIGN and U+FF05
// FULLWIDTH PERCENT SIGN ("%EF%BC%85") are '%'. It returns that ASCII
// octet and the offset after the character, or 0 and i.
func nfkcASCII(s string, i int) (byte, int) {
	lead, j, enc := octetAt(s, i)
	if !enc || lead != 0xCD && lead != 0xEF || j >= len(s) {
		return 0, i
	}
	b1, k, enc := octetAt(s, j)
	if !enc {
		return 0, i
	}
	if lead == 0xCD {
		if b1 == 0xBE {
			return ';', k
		}
		return 0, i
	}
	if k >= len(s) {
		return 0, i
	}
	b2, n, enc := octetAt(s, k)
	if !enc {
		return 0, i
	}
	switch uint16(b1)<<8 | uint16(b2) {
	case 0xB894, 0xB994, 0xBC9B:
		return ';', n
	case 0xB9AA, 0xBC85:
		return '%', n
	}
	return 0, i
}

// nfkcSeparator reads, at offset i of s, a percent-encoded character
// that NFKC normalization maps to a separator: U+FF0F FULLWIDTH SOLIDUS
// ("%EF%BC%8F") is '/', U+FF3C FULLWIDTH REVERSE SOLIDUS ("%EF%BC%BC")
// and U+FE68 SMALL REVERSE SOLIDUS ("%EF%B9%A8") are '\'; nfkcStops,
// Vet's reading, knows the same three. It returns the separator and
// the offset after the character, or 0 and the offset after the octet
// at i.
func nfkcSeparator(s string, i int) (byte, int) {
	lead, j, _ := octetAt(s, i)
	n, _, sep := nfkcStops(s, lead, j)
	if !sep {
		return 0, j
	}
	if _, k, _ := octetAt(s, j); s[k:n] == "%8F" || s[k:n] == "%8f" {
		return '/', n
	}
	return '\\', n
}

// paramAt returns the offset in seg, one segment, of the ';' that starts
// a path parameter as some back end reads it: a ';', a "%3B", or a
// character that NFKC reads as ';' (nfkcASCII); or -1.
func paramAt(seg string) int {
	for i := 0; i < len(seg); {
		c, next, enc := octetAt(seg, i)
		if c == ';' {
			return i
		}
		if enc {
			if d, _ := nfkcASCII(seg, i); d == ';' {
				return i
			}
		}
		i = next
	}
	return -1
}

// routeDotLike reports whether seg, a routed segment (or several, split
// at '/'), holds one that Vet reports as EncodedDotSegment, or that
// becomes a dot segment when a character NFKC reads as ';' is read so
// and the parameter after it cut ("..%EF%BC%9B").
func routeDotLike(seg []byte) bool {
	s := bytesString(seg)
	if dotLikeAt(s) >= 0 {
		return true
	}
	if strings.IndexByte(s, '%') < 0 {
		return false
	}
	var semi []byte // s with each such character written ';'
	for i := 0; i < len(s); {
		d, next := nfkcASCII(s, i)
		if d == ';' {
			if semi == nil {
				semi = append(make([]byte, 0, len(s)), s[:i]...)
			}
			semi = append(semi, ';')
		} else {
			next = i + 1
			if semi != nil {
				semi = append(semi, s[i])
			}
		}
		i = next
	}
	return semi != nil && dotLikeAt(bytesString(semi)) >= 0
}

// Faults of RoutePath's shapes that Vet has no finding for.
var (
	emptySegmentFault = fault{ErrPath, "no empty segment: most back ends merge \"//\" into '/' (PathPolicy.MergeSlashes merges it, PathPolicy.KeepEmptySegments keeps it)"}
	paramFault        = fault{ErrPath, "no path parameter: servlet containers cut what follows ';' in a segment (PathPolicy.KeepParams keeps it)"}
)

// findingFault is an ErrPath fault whose Expected names the Vet finding
// that explains it.
func findingFault(want string, k FindingKind) fault {
	return fault{ErrPath, want + ": " + k.String() + ", " + k.Section()}
}

// dotLikeFault is the fault of a segment that some back end reads as a
// dot segment and RFC 3986 does not.
func dotLikeFault() fault {
	return findingFault("a segment that is a dot segment to no back end (\"..;\", \"..%2F\" and \"%EF%BC%8E%EF%BC%8E\" are \"..\" to some)", EncodedDotSegment)
}

// appendRoute appends path, a valid absolute path or "", to b with its
// percent-encodings normalized (RFC 3986, Section 6.2.2.1 and 6.2.2.2, by
// appendPct), its encoded separators read as p says and, with
// MergeSlashes, its runs of '/' merged. It returns the offset in path of
// the first thing p rejects: an encoded separator, an empty segment, a
// segment that becomes a dot segment only to some back ends, or a path
// parameter.
func (p PathPolicy) appendRoute(b []byte, path string) ([]byte, int, fault) {
	start := len(b)
	// sep appends a '/', or reports the empty segment it would end.
	sep := func(b []byte) ([]byte, bool) {
		if len(b) > start && b[len(b)-1] == '/' {
			if p.MergeSlashes {
				return b, true
			}
			if !p.KeepEmptySegments {
				return b, false
			}
		}
		return append(b, '/'), true
	}
	var ok bool
	for i := 0; i < len(path); {
		if path[i] == '/' {
			if b, ok = sep(b); !ok {
				return b, i, emptySegmentFault
			}
			i++
			continue
		}
		end := segmentEnd(path, i)
		// One segment, path[i:end], in runs between encoded separators.
		seg := len(b)
		run := i
		for k := i; k < end; k++ {
			if path[k] != '%' {
				continue
			}
			d, next, _ := octetAt(path, k)
			nfkc := d == 0xEF
			if nfkc {
				// what NFKC reads as a separator is one to some back ends
				d, next = nfkcSeparator(path, k)
			}
			if d != '/' && d != '\\' {
				k = next - 1
				continue
			}
			rule, field := p.Slash, "Slash"
			if d == '\\' {
				rule, field = p.Backslash, "Backslash"
			}
			if nfkc && rule != RejectSlash {
				// what NFKC reads as a separator, kept as data by
				// KeepSlash and DecodeSlash alike: no proxy decodes it
				k = next - 1
				continue
			}
			switch rule {
			case RejectSlash:
				kind := strconv.Quote(path[k:next])
				if nfkc {
					kind += ", which NFKC reads as '" + string(rune(d)) + "',"
				}
				return b, k, findingFault("no "+kind+" in a path segment (PathPolicy."+field+" keeps or decodes it)", EncodedSlash)
			case KeepSlash:
				continue // a triplet like any other
			}
			b, _ = appendPct(b, path[run:k], false)
			if b, ok = sep(b); !ok {
				return b, k, emptySegmentFault
			}
			run = next
			k = next - 1
		}
		b, _ = appendPct(b, path[run:end], false)
		if routeDotLike(b[seg:]) {
			return b, i, dotLikeFault()
		}
		if !p.KeepParams {
			if at := paramAt(path[i:end]); at >= 0 {
				return b, i + at, paramFault
			}
		}
		i = end
	}
	return b, 0, noFault
}

// Forward returns the URI an upstream gets for target, a request's
// target URI, in a reverse proxy whose upstream is upstream: the scheme
// and authority of upstream, upstream's path joined with the route of
// target's path, and their queries joined (the target URI of RFC 9110,
// Section 7.1, as an intermediary sends it on, Section 7.6). It is
// upstream.ForwardWith(target, PathPolicy{}): it refuses every path that
// RoutePath's zero policy refuses, so that, called on its own, it never
// sends on a path that back ends read otherwise. A proxy whose PathPolicy
// lets more through forwards RoutePath's forward URI with ForwardWith and
// the same policy.
func (upstream URI) Forward(target URI) (URI, error) {
	return upstream.ForwardWith(target, PathPolicy{})
}

// ForwardWith returns the URI an upstream gets for target, a request's
// target URI, in a reverse proxy whose upstream is upstream and whose
// routes RoutePath reads with policy p: the scheme and authority of
// upstream, upstream's path joined with target's route, and their queries
// joined. It is not Resolve (RFC 3986, Section 5.2), which would replace
// upstream's path with target's:
//
//	http://10.0.0.5:8080/api/ + /users?id=1 = http://10.0.0.5:8080/api/users?id=1
//
// Target's path must be empty or absolute, and is read as RoutePath reads
// it with p: what RoutePath rejects is an error here too (the same
// *Error), and what it normalizes is normalized, dot segments removed as
// an absolute path whose ".." stops at its root, so that no dot segment
// of target climbs out of upstream's path. A segment that RoutePath reads
// as a dot segment only after decoding ("%2E%2E"; Vet's
// EncodedDotSegment) is an error as well: a rule checked against
// target's path did not see it climb. So pass RoutePath's forward URI,
// which is its own route; a path RoutePath would reject never reaches the
// upstream.
//
// The paths join with one '/' between them: one '/' at the end of
// upstream's path is dropped, then the route is appended ("/api/" or
// "/api" with "/users" give "/api/users"; with "/" they give "/api/"; an
// empty target path, as of "OPTIONS *", leaves upstream's path as it is).
// Upstream's path is used as written.
//
// The query is upstream's and target's joined with '&' when both are
// non-empty, as net/http/httputil's ReverseProxy joins them; otherwise the
// one that is non-empty, and a defined empty query if either is defined.
// The fragment is target's. Target's scheme and authority play no part.
//
// upstream must have a scheme, an authority with a non-empty host, and no
// fragment; errors are *Error values whose Input is the text of upstream
// or target, whichever is at fault. ForwardWith allocates at most once,
// and not at all when the result's path and query are target's or
// upstream's as they stand.
func (upstream URI) ForwardWith(target URI, p PathPolicy) (URI, error) {
	switch {
	case upstream.Scheme == "":
		return URI{}, upstream.errorAt(0, fault{ErrScheme, "a scheme: an upstream is an absolute URI (RFC 3986, Section 4.3)"})
	case !upstream.HasAuthority || upstream.Host == "":
		return URI{}, upstream.errorAt(upstream.hostOffset(), fault{ErrHost, "an authority with a host to forward to (RFC 3986, Section 3.2)"})
	case upstream.HasFragment:
		return URI{}, upstream.errorAt(len(upstream.String())-len(upstream.Fragment)-1, fault{ErrFragment, "no fragment in an upstream (RFC 3986, Section 4.3)"})
	case upstream.Path != "" && upstream.Path[0] != '/':
		return URI{}, upstream.errorAt(upstream.pathOffset(), fault{ErrPath, "'/' to start the path after an authority (RFC 3986, Section 3.3)"})
	}
	tp, base := target.Path, target.pathOffset()
	if tp != "" && tp[0] != '/' {
		return URI{}, target.errorAt(base, fault{ErrPath, "'/' to start an absolute path (RFC 9112, Section 3.2.1)"})
	}
	// The target's path and query, in case it was built by hand.
	if i, f := span(tp, 0, cPath, ErrPath); f.err != nil || i < len(tp) {
		if f.err == nil {
			f = fault{ErrPath, "path character: pchar or '/' (RFC 3986, Section 3.3)"}
		}
		return URI{}, target.errorAt(base+i, f)
	}
	if i, f := span(target.Query, 0, cQuery, ErrQuery); f.err != nil || i < len(target.Query) {
		if f.err == nil {
			f = fault{ErrQuery, "query character: pchar, '/' or '?' (RFC 3986, Section 3.4)"}
		}
		return URI{}, target.errorAt(base+len(tp)+1+i, f)
	}
	if at := dotLikeAt(tp); at >= 0 {
		return URI{}, target.errorAt(base+at, dotLikeFault())
	}
	up := upstream.Path
	if tp != "" {
		up = strings.TrimSuffix(up, "/")
	}
	v := upstream
	v.Fragment, v.HasFragment = target.Fragment, target.HasFragment
	v.HasQuery = upstream.HasQuery || target.HasQuery
	joinQuery := upstream.Query != "" && target.Query != ""
	routed := p.routed(tp)
	if up == "" && routed && !joinQuery {
		v.Path = tp
		if target.Query != "" {
			v.Query = target.Query
		}
		return v, nil
	}
	if tp == "" && !joinQuery {
		v.Path = upstream.Path
		if target.Query != "" {
			v.Query = target.Query
		}
		return v, nil
	}
	// One buffer: upstream's path, target's route, the query.
	b := make([]byte, 0, len(up)+len(tp)+len(upstream.Query)+1+len(target.Query))
	b = append(b, up...)
	if routed {
		b = append(b, tp...)
	} else {
		var at int
		var f fault
		if b, at, f = p.appendRouted(b, tp); f.err != nil {
			return URI{}, target.errorAt(base+at, f)
		}
	}
	q := len(b)
	switch {
	case joinQuery:
		b = append(append(append(b, upstream.Query...), '&'), target.Query...)
	case target.Query != "":
		b = append(b, target.Query...)
	default:
		b = append(b, upstream.Query...)
	}
	s := bytesString(b)
	v.Path, v.Query = s[:q], s[q:]
	return v, nil
}
