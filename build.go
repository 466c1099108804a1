package uri

import (
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Building URIs from data.
//
// The With methods take decoded data, percent-encode it for its component
// (RFC 3986, Section 2.4) and return a new URI; the receiver is never
// changed. A method that can make a URI invalid (a scheme, an authority
// beside a rootless path, ...) returns an error as well, an *Error from
// Validate, and the zero URI with it; the methods that cannot (query and
// fragment) return only the URI. Starting from a valid URI, no sequence of
// calls yields an invalid one.

// WithScheme returns u with its scheme set to scheme, which must match
// ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 3986, Section 3.1);
// "" removes the scheme, making u a relative reference.
func (u URI) WithScheme(scheme string) (URI, error) {
	u.Scheme = scheme
	return u.valid()
}

// WithHost returns u with its host set to the registered name name,
// percent-encoded as a reg-name (RFC 3986, Section 3.2.2), and an
// authority if it had none. Convert an internationalized domain name to
// its IDNA A-label form first (DomainToASCII) if the URI must work with
// DNS. Text that reads as an IPv4 address is one; use WithAddr for IP
// addresses.
//
// WithHost rejects a name that no DNS resolver or URL Standard host
// parser takes for one name (URL Standard, "host parsing": a domain with
// a forbidden domain code point), with an *Error wrapping ErrHost whose
// Offset is the first byte at fault:
//
//   - an empty name (RFC 3986 allows one, but it means "no host" to most
//     schemes; set Host to "" for that);
//   - the delimiters ':' (a port), '/', '?', '#', '[', ']' (an
//     IP-literal) and '@' (a userinfo), '\' (which browsers read as '/'),
//     '%' (which a second decoder would read as an escape), and the other
//     forbidden domain code points of the URL Standard: space, '<', '>',
//     '^', '|', the C0 controls (NUL, tab, CR, LF, ...) and DEL;
//   - in a non-ASCII name, invalid UTF-8, U+FFFD, control characters
//     (U+0080 to U+009F) and white space (Unicode White_Space, such as
//     U+00A0 NO-BREAK SPACE or U+3000 IDEOGRAPHIC SPACE), which UTS #46
//     disallows or maps to a space.
//
// Every other byte is data: ASCII letters, digits and
// "-._~!$&'()*+,;=" as they are; '"', '`', '{' and '}', which the URL
// Standard allows in a domain but RFC 3986 does not, and the UTF-8 of
// other non-ASCII code points, percent-encoded.
//
// WithHost does no IDNA processing of its own: a non-ASCII name is
// checked only as the last item says, and a code point that UTS #46 maps
// to a forbidden domain code point, such as U+FF0F FULLWIDTH SOLIDUS
// ('/'), U+FF1A FULLWIDTH COLON (':') or U+FE6B SMALL COMMERCIAL AT
// ('@'), is accepted and percent-encoded as any other, though a browser's
// host parser fails on the host it makes ("https://a%EF%BC%8Fb/"). The
// host still reads as one name to RFC 3986, net/url and IRI, which shows
// such a code point encoded. To get the name a browser or a resolver
// reads, or to refuse what UTS #46 refuses, pass the name through
// DomainToASCII first (UTS #46, Section 4.2) and give WithHost its
// result.
func (u URI) WithHost(name string) (URI, error) {
	if name == "" {
		return URI{}, &Error{Input: name, Err: ErrHost, Expected: "a registered name (WithHost does not make an empty host)"}
	}
	bad, ascii := -1, true
	for i := 0; i < len(name) && bad < 0; i++ {
		switch c := name[i]; {
		case c >= utf8.RuneSelf:
			ascii = false
		case isForbiddenDomain(c):
			bad = i
		}
	}
	if bad < 0 && !ascii {
		bad = hostNameFault(name)
	}
	if bad >= 0 {
		return URI{}, &Error{Input: name, Offset: bad, Err: ErrHost,
			Expected: "a registered name: no delimiter, space, control, '\\' or '%' (URL Standard, \"forbidden domain code point\"); use WithAddr for an IP address (RFC 3986, Section 3.2.2)"}
	}
	u.HasAuthority, u.Host = true, Encode(name, ComponentHost)
	return u.valid()
}

// WithAddr returns u with its host set to the IP address addr: dotted
// decimal for IPv4, an IP-literal in brackets for IPv6 (RFC 3986, Section
// 3.2.2). An address with a zone is an error, since RFC 3986 has no syntax
// for zones.
func (u URI) WithAddr(addr netip.Addr) (URI, error) {
	switch {
	case !addr.IsValid():
		return URI{}, &Error{Input: addr.String(), Err: ErrHost, Expected: "a valid IP address"}
	case addr.Zone() != "":
		return URI{}, &Error{Input: addr.String(), Offset: strings.IndexByte(addr.String(), '%'), Err: ErrHost,
			Expected: "an address without a zone: RFC 3986 has no syntax for IPv6 zones"}
	case addr.Is4():
		u.Host = addr.String()
	default:
		u.Host = "[" + addr.String() + "]"
	}
	u.HasAuthority = true
	return u.valid()
}

// WithPort returns u with its port set to port (RFC 3986, Section 3.2.3),
// and an authority if it had none.
func (u URI) WithPort(port uint16) (URI, error) {
	u.HasAuthority, u.HasPort, u.Port = true, true, strconv.Itoa(int(port))
	return u.valid()
}

// WithUser returns u with its userinfo set to the user name name,
// percent-encoded (RFC 3986, Section 3.2.1; a ':' in the name is encoded,
// since the first ':' would start a password), and an authority if it had
// none.
func (u URI) WithUser(name string) (URI, error) {
	u.HasAuthority, u.HasUserinfo, u.Userinfo = true, true, encodeUser(name)
	return u.valid()
}

// WithUserPassword returns u with its userinfo set to name ":" password,
// each percent-encoded (RFC 3986, Section 3.2.1). RFC 3986 deprecates
// passwords in URIs: they travel and get logged in clear text. Prefer
// another way to pass credentials; Redacted and the slog integration mask
// the password when showing the URI.
func (u URI) WithUserPassword(name, password string) (URI, error) {
	u.HasAuthority, u.HasUserinfo = true, true
	u.Userinfo = encodeUser(name) + ":" + Encode(password, ComponentUserinfo)
	return u.valid()
}

// WithoutUserinfo returns u without userinfo (RFC 3986, Section 3.2.1),
// for instance before passing a URI on or showing it.
func (u URI) WithoutUserinfo() URI {
	u.HasUserinfo, u.Userinfo = false, ""
	return u
}

// encodeUser encodes a user name: the userinfo set, with ':' encoded too.
func encodeUser(name string) string {
	e := Encode(name, ComponentUserinfo)
	if strings.IndexByte(e, ':') < 0 {
		return e
	}
	return strings.ReplaceAll(e, ":", "%3A")
}

// WithPath returns u with an absolute path built from segments, each
// percent-encoded as one segment (RFC 3986, Section 3.3): a '/' inside a
// segment is written "%2F" and stays data. The path is "/" followed by the
// segments joined with "/", and "" when there are none, so WithPath is the
// inverse of DecodedSegments for an absolute path:
//
//	WithPath()            ""
//	WithPath("")          "/"
//	WithPath("a b", "c/") "/a%20b/c%2F"
//	WithPath("a", "")     "/a/"
//
// A segment "." or ".." is an error, an *Error wrapping ErrPath: written
// as it is, it would be a dot segment that resolution and servers remove
// together with the segment before it (RFC 3986, Section 5.2.4), and
// written "%2E" it would become one again under normalization (RFC 3986,
// Section 6.2.2.2), so such data has no spelling as a path segment.
//
// Without an authority, a path that would start with "//" is written with
// "/." before it, which keeps its meaning (RFC 3986, Section 5.2.4). For a
// rootless path, such as the address of a mailto URI, set Path to
// Encode(data, ComponentPath) and call Validate.
func (u URI) WithPath(segments ...string) (URI, error) {
	if len(segments) == 0 {
		u.Path = ""
		return u.valid()
	}
	var b strings.Builder
	for _, seg := range segments {
		if seg == "." || seg == ".." {
			return URI{}, &Error{Input: seg, Err: ErrPath,
				Expected: "a segment other than \".\" or \"..\", which are dot segments (RFC 3986, Section 3.3)"}
		}
		b.WriteByte('/')
		b.WriteString(Encode(seg, ComponentPathSegment))
	}
	p := b.String()
	u.Path = pathGuard(u.Scheme != "", u.HasAuthority, p) + p
	return u.valid()
}

// WithFragment returns u with its fragment set to data, percent-encoded
// (RFC 3986, Section 3.5).
func (u URI) WithFragment(data string) URI {
	u.HasFragment, u.Fragment = true, Encode(data, ComponentFragment)
	return u
}

// WithoutFragment returns u without a fragment (RFC 3986, Section 3.5), as
// a request sent over the network must be (RFC 3986, Section 6.1).
func (u URI) WithoutFragment() URI {
	u.HasFragment, u.Fragment = false, ""
	return u
}

// valid returns u if it is valid and an error otherwise.
func (u URI) valid() (URI, error) {
	if err := u.Validate(); err != nil {
		return URI{}, err
	}
	return u, nil
}
