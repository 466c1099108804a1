package uri

import (
	"strings"
	"unsafe"
)

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
	return u.string()
}

// string is String on a pointer. String itself stays small enough to be
// inlined, so that calling it does not copy the URI.
func (u *URI) string() string {
	n := u.len()
	if n == 0 {
		return ""
	}
	return bytesString(u.appendTo(make([]byte, 0, n)))
}

// AppendTo appends the text of u, recomposed as String does (RFC 3986,
// Section 5.3), to b and returns the extended buffer. It allocates only if
// b lacks the capacity.
func (u URI) AppendTo(b []byte) []byte {
	return u.appendTo(b)
}

// appendTo is AppendTo on a pointer, so that String and the other callers
// in the package do not copy the URI once more.
func (u *URI) appendTo(b []byte) []byte {
	if u.Scheme != "" {
		b = append(b, u.Scheme...)
		b = append(b, ':')
	}
	if u.HasAuthority {
		b = append(b, "//"...)
		b = u.appendAuthority(b)
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

// appendAuthority appends u's authority, userinfo "@" host ":" port
// (RFC 3986, Section 3.2), without the "//" before it.
func (u *URI) appendAuthority(b []byte) []byte {
	if u.HasUserinfo {
		b = append(b, u.Userinfo...)
		b = append(b, '@')
	}
	b = append(b, u.Host...)
	if u.HasPort {
		b = append(b, ':')
		b = append(b, u.Port...)
	}
	return b
}

// offsets holds where each component of a URI starts in its text (String,
// RFC 3986, Section 5.3): the offset of its first byte, after the
// delimiter that introduces it, or, for a component u does not have, the
// offset where it would start. authority is where the "//" is.
type offsets struct {
	authority, userinfo, host, port, path, query, fragment int
}

// offsets returns where each of u's components starts in u.String(): the
// one place that walks the layout, for every error and finding that points
// into a URI's text.
func (u *URI) offsets() (o offsets) {
	i := 0
	if u.Scheme != "" {
		i = len(u.Scheme) + 1
	}
	o.authority = i
	if u.HasAuthority {
		i += 2
		o.userinfo = i
		if u.HasUserinfo {
			i += len(u.Userinfo) + 1
		}
		o.host = i
		i += len(u.Host)
		if u.HasPort {
			i++
		}
		o.port = i
		if u.HasPort {
			i += len(u.Port)
		}
	} else {
		o.userinfo, o.host, o.port = i, i, i
	}
	o.path = i
	i += len(u.Path)
	if u.HasQuery {
		o.query = i + 1
		i += len(u.Query) + 1
	} else {
		o.query = i
	}
	o.fragment = i
	if u.HasFragment {
		o.fragment++
	}
	return o
}

// hostOffset returns the offset of u's host in u.String().
func (u *URI) hostOffset() int { return u.offsets().host }

// len returns the length of u's text.
func (u *URI) len() int {
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
// that RFC 3986 allows (RFC 3986, Section 4.1) and that this package could
// have returned, one whose String parses back to exactly u. It checks each
// field against its rule in the grammar and the flags against the fields,
// and returns nil or an *Error whose Input is u.String(), whose Offset
// points at the offending byte of that text, and whose Err names the field
// at fault. Typical faults: characters the component does not allow; a Has
// flag that is false while its field is not empty; a userinfo, host or port
// without HasAuthority; a path that would read as an authority ("//x"
// without an authority) or as a scheme ("a:b" with neither scheme nor
// authority).
func (u URI) Validate() error {
	if at, f := u.check(); f.err != nil {
		return &Error{Input: u.String(), Offset: at, Err: f.err, Expected: f.want}
	}
	return nil
}

// check runs each field's rule on the field, and returns the offset of a
// fault in u.String(), where String writes the field, so that errors
// point into that text; it reads the fields in place, so that a valid u
// costs no text.
func (u *URI) check() (int, fault) {
	// within scans the field s, written at offset i; a scan that stops
	// short of its end has found a byte the field may not hold.
	within := func(s string, i int, bit uint16, sentinel error, want string) (int, fault) {
		j, f := span(s, 0, bit, sentinel)
		if f.err == nil && j != len(s) {
			f = fault{sentinel, want}
		}
		return i + j, f
	}
	i := 0
	if u.Scheme != "" {
		if schemeEnd(u.Scheme) < len(u.Scheme) {
			return schemeFault(u.Scheme, "") // the fault's text is built only here
		}
		i = len(u.Scheme) + 1
	}
	if !u.HasAuthority && (u.HasUserinfo || u.HasPort || u.Userinfo != "" || u.Host != "" || u.Port != "") {
		return i, fault{ErrHost, "HasAuthority set, for a URI with a userinfo, host or port (RFC 3986, Section 3.2)"}
	}
	if u.HasAuthority {
		i += 2
		if !u.HasUserinfo && u.Userinfo != "" {
			return i, fault{ErrUserinfo, "HasUserinfo set, for a non-empty Userinfo"}
		}
		if u.HasUserinfo {
			if j, f := within(u.Userinfo, i, cUserinfo, ErrUserinfo, "userinfo character (RFC 3986, Section 3.2.1)"); f.err != nil {
				return j, f
			}
			i += len(u.Userinfo) + 1
		}
		if strings.HasPrefix(u.Host, "[") {
			if j, f := ipLiteralHost(u.Host, 0); f.err != nil {
				return i + j, f
			} else if j != len(u.Host) {
				return i + j, fault{ErrHost, "end of the host after ']' (RFC 3986, Section 3.2.2)"}
			}
		} else if j, f := within(u.Host, i, cRegName, ErrHost, "reg-name character (RFC 3986, Section 3.2.2)"); f.err != nil {
			return j, f
		}
		i += len(u.Host)
		if !u.HasPort && u.Port != "" {
			return i, fault{ErrPort, "HasPort set, for a non-empty Port"}
		}
		if u.HasPort {
			i++
			j := 0
			for j < len(u.Port) && is(u.Port[j], cDigit) {
				j++
			}
			if j != len(u.Port) {
				return i + j, fault{ErrPort, "digit (RFC 3986, Section 3.2.3)"}
			}
			i += j
		}
	}
	switch {
	case u.HasAuthority && u.Path != "" && u.Path[0] != '/':
		return i, fault{ErrPath, "'/' at the start of a path after an authority (RFC 3986, Section 3.3)"}
	case !u.HasAuthority && strings.HasPrefix(u.Path, "//"):
		return i, fault{ErrPath, "no \"//\" at the start of a path without an authority, where it would read as one (RFC 3986, Section 3.3)"}
	}
	if j, f := within(u.Path, i, cPath, ErrPath, "path character: pchar or '/' (RFC 3986, Section 3.3)"); f.err != nil {
		return j, f
	}
	if u.Scheme == "" && !u.HasAuthority {
		for k := 0; k < len(u.Path) && u.Path[k] != '/'; k++ {
			if u.Path[k] == ':' {
				// the text starts with the path, which reads as a scheme
				return schemeFault(u.Path, " (a relative reference cannot have ':' in its first segment; write \"./\" before it)")
			}
		}
	}
	i += len(u.Path)
	if !u.HasQuery && u.Query != "" {
		return i, fault{ErrQuery, "HasQuery set, for a non-empty Query"}
	}
	if u.HasQuery {
		if j, f := within(u.Query, i+1, cQuery, ErrQuery, "query character: pchar, '/' or '?' (RFC 3986, Section 3.4)"); f.err != nil {
			return j, f
		}
		i += len(u.Query) + 1
	}
	if !u.HasFragment && u.Fragment != "" {
		return i, fault{ErrFragment, "HasFragment set, for a non-empty Fragment"}
	}
	if u.HasFragment {
		if j, f := within(u.Fragment, i+1, cQuery, ErrFragment, "fragment character: pchar, '/' or '?' (RFC 3986, Section 3.5)"); f.err != nil {
			return j, f
		}
	}
	return 0, noFault
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

// isTextOf reports whether the components of v are s itself, cut from
// it in order, as Parse leaves them: v's text is then s, without writing
// it. Components cut from another string (a repaired text) give false.
func isTextOf(v *URI, s string) bool {
	return v.Scheme != "" && v.len() == len(s) && unsafe.StringData(v.Scheme) == unsafe.StringData(s)
}

// bytesString returns the bytes of b as a string without copying them, the
// way strings.Builder does. The caller must never write to b again.
func bytesString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}
