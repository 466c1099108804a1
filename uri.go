package uri

import "unsafe"

// URI is a URI reference split into the five components of RFC 3986,
// Section 3: scheme, authority (userinfo, host, port), path, query and
// fragment.
//
// Components hold raw, still percent-encoded text exactly as it appeared in
// the input: Parse never decodes or changes case. Defined and undefined
// components are kept apart: "http://a?" has a defined, empty query
// (HasQuery is true, Query is ""), "http://a" has none. A field whose Has
// flag is false is always "", and a URI without a scheme (Scheme == "") is a
// relative reference.
//
// URI is a comparable value; == compares components exactly, which is the
// simple string comparison of RFC 3986, Section 6.2.1. The zero URI is the
// empty relative reference "". Values are never modified in place by this
// package, so they are safe to share between goroutines.
//
// A URI returned by this package satisfies these invariants, which Validate
// checks for hand-built values:
//
//   - HasUserinfo or HasPort implies HasAuthority;
//   - without an authority, Host is "" and the path does not start with "//";
//   - without a scheme or authority, the first path segment has no ":";
//   - with an authority, the path is empty or starts with "/";
//   - each field matches its rule in RFC 3986's grammar.
type URI struct {
	Scheme   string // without ":"; "" means undefined (a relative reference)
	Userinfo string // without "@"; meaningful only when HasUserinfo
	Host     string // reg-name, IPv4address, or IP-literal with its brackets; meaningful when HasAuthority (may be "")
	Port     string // digits without ":"; meaningful only when HasPort (may be "", as in "http://h:/")
	Path     string // always defined, possibly ""
	Query    string // without "?"; meaningful only when HasQuery (may be "")
	Fragment string // without "#"; meaningful only when HasFragment (may be "")

	HasAuthority bool // "//" was present, even if the authority is empty ("file:///x")
	HasUserinfo  bool // "@" was present in the authority
	HasPort      bool // ":" was present after the host
	HasQuery     bool // "?" was present
	HasFragment  bool // "#" was present
}

// String recomposes u as RFC 3986, Section 5.3 prescribes: each defined
// component with its delimiter, in order. For a URI returned by Parse,
// String returns the parsed text byte for byte. String makes exactly one
// allocation (none for the empty reference).
func (u URI) String() string {
	n := u.len()
	if n == 0 {
		return ""
	}
	b := u.AppendTo(make([]byte, 0, n))
	return unsafe.String(&b[0], len(b)) // b is never written again
}

// AppendTo appends the text of u, as String returns it, to b and returns
// the extended buffer. It allocates only if b lacks the capacity.
func (u URI) AppendTo(b []byte) []byte {
	if u.Scheme != "" {
		b = append(b, u.Scheme...)
		b = append(b, ':')
	}
	if u.HasAuthority {
		b = append(b, "//"...)
		if u.HasUserinfo {
			b = append(b, u.Userinfo...)
			b = append(b, '@')
		}
		b = append(b, u.Host...)
		if u.HasPort {
			b = append(b, ':')
			b = append(b, u.Port...)
		}
	}
	b = append(b, u.Path...)
	if u.HasQuery {
		b = append(b, '?')
		b = append(b, u.Query...)
	}
	if u.HasFragment {
		b = append(b, '#')
		b = append(b, u.Fragment...)
	}
	return b
}

// len returns the length of u's text.
func (u URI) len() int {
	n := len(u.Path)
	if u.Scheme != "" {
		n += len(u.Scheme) + 1
	}
	if u.HasAuthority {
		n += 2 + len(u.Host)
		if u.HasUserinfo {
			n += len(u.Userinfo) + 1
		}
		if u.HasPort {
			n += len(u.Port) + 1
		}
	}
	if u.HasQuery {
		n += len(u.Query) + 1
	}
	if u.HasFragment {
		n += len(u.Fragment) + 1
	}
	return n
}

// Validate reports whether u, possibly built by hand, is a URI reference
// that RFC 3986 allows and that this package could have returned: one whose
// String parses (RFC 3986, Section 4.1) back to exactly u. It returns nil
// or an *Error whose Input is u.String(), whose Offset points into that
// text, and whose Err names the first field at fault. Typical faults are
// characters the component does not allow, a Has flag that is false while
// its field is not empty, a userinfo or port without an authority, and a
// path that would read as an authority ("//x" with no authority) or a scheme
// ("a:b" with neither scheme nor authority).
func (u URI) Validate() error {
	s := u.String()
	v, err := Parse(s)
	if err != nil {
		return err
	}
	if v == u {
		return nil
	}
	// The text parsed, but into other components: report the first field
	// that differs, at the place in s where it was written.
	off := 0
	fault := func(sentinel error, expected string) error {
		return &Error{Input: s, Offset: off, Err: sentinel, Expected: expected}
	}
	if u.Scheme != v.Scheme {
		return fault(ErrScheme, "a scheme matching ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ) (RFC 3986, Section 3.1)")
	}
	if u.Scheme != "" {
		off += len(u.Scheme) + 1
	}
	if u.HasAuthority != v.HasAuthority {
		if u.HasAuthority {
			return fault(ErrHost, "an authority to be parsed back (check Userinfo, Host and Port)")
		}
		return fault(ErrPath, "no \"//\" at the start of a path without an authority (RFC 3986, Section 3.3)")
	}
	if !u.HasAuthority && (u.HasUserinfo || u.HasPort || u.Userinfo != "" || u.Host != "" || u.Port != "") {
		return fault(ErrHost, "HasAuthority for a URI with a userinfo, host or port (RFC 3986, Section 3.2)")
	}
	if u.HasAuthority {
		off += 2
		if u.HasUserinfo != v.HasUserinfo || u.Userinfo != v.Userinfo || (!u.HasUserinfo && u.Userinfo != "") {
			return fault(ErrUserinfo, "userinfo without '@' (RFC 3986, Section 3.2.1), and HasUserinfo set when Userinfo is not empty")
		}
		if u.HasUserinfo {
			off += len(u.Userinfo) + 1
		}
		if u.Host != v.Host {
			return fault(ErrHost, "a host without ':', '@' or '/' outside an IP-literal (RFC 3986, Section 3.2.2)")
		}
		off += len(u.Host)
		if u.HasPort != v.HasPort || u.Port != v.Port {
			return fault(ErrPort, "a port of digits, and HasPort set when Port is not empty (RFC 3986, Section 3.2.3)")
		}
		if u.HasPort {
			off += len(u.Port) + 1
		}
	}
	if u.Path != v.Path {
		if u.HasAuthority && u.Path != "" && u.Path[0] != '/' {
			return fault(ErrPath, "a path that is empty or starts with '/' after an authority (RFC 3986, Section 3.3)")
		}
		return fault(ErrPath, "path characters: pchar or '/' (RFC 3986, Section 3.3)")
	}
	off += len(u.Path)
	if u.HasQuery != v.HasQuery || u.Query != v.Query {
		return fault(ErrQuery, "query characters, and HasQuery set when Query is not empty (RFC 3986, Section 3.4)")
	}
	if u.HasQuery {
		off += len(u.Query) + 1
	}
	return fault(ErrFragment, "HasFragment set when Fragment is not empty (RFC 3986, Section 3.5)")
}

// pathGuard returns what must be written before path so that recomposition
// (RFC 3986, Section 5.3) reads it back as the same path, in a URI with or
// without a scheme and an authority:
//
//   - "/." when there is no authority and path starts with "//", which
//     would otherwise read as an authority ("foo:" + "//bar");
//   - "./" when there is neither scheme nor authority and the first segment
//     contains ':', which would otherwise read as a scheme ("a:b");
//   - "" otherwise.
//
// Both prefixes are dot segments, so they leave the reference's meaning
// unchanged (RFC 3986, Section 5.2.4) while keeping the text valid. This is
// the one place where the package writes a path other than the one it
// computed; RFC 3986, Section 5.2.4 leaves the case open.
func pathGuard(hasScheme, hasAuthority bool, path string) string {
	if hasAuthority {
		return ""
	}
	if len(path) >= 2 && path[0] == '/' && path[1] == '/' {
		return "/."
	}
	if !hasScheme {
		for i := 0; i < len(path) && path[i] != '/'; i++ {
			if path[i] == ':' {
				return "./"
			}
		}
	}
	return ""
}
