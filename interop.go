package uri

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"unicode/utf8"
)

// The standard interfaces URI implements, so that values pass through
// encoding/json, encoding/xml, flag.TextVar, database/sql, log/slog and
// fmt without conversion code.
var (
	_ fmt.Stringer                                    = URI{}
	_ interface{ AppendText([]byte) ([]byte, error) } = URI{}
	_ interface{ MarshalText() ([]byte, error) }      = URI{}
	_ interface{ UnmarshalText([]byte) error }        = (*URI)(nil)
	_ interface{ MarshalBinary() ([]byte, error) }    = URI{}
	_ interface{ UnmarshalBinary([]byte) error }      = (*URI)(nil)
	_ driver.Valuer                                   = URI{}
	_ interface{ Scan(any) error }                    = (*URI)(nil)
	_ slog.LogValuer                                  = URI{}
)

// AppendText appends the text of u (RFC 3986, Section 5.3) to b. It
// returns an error, and b unchanged, if u is not a valid URI reference (see
// Validate), so that what is written can always be read back.
func (u URI) AppendText(b []byte) ([]byte, error) {
	n := len(b)
	b = u.AppendTo(b)
	if at, f := u.check(); f.err != nil {
		s := string(b[n:])
		return b[:n], &Error{Input: s, Offset: at, Err: f.err, Expected: f.want}
	}
	return b, nil
}

// MarshalText implements encoding.TextMarshaler: the text of u, exactly as
// String gives it (RFC 3986, Section 5.3). It fails only for a hand-built URI that Validate
// rejects. JSON encodes a URI as a string.
func (u URI) MarshalText() ([]byte, error) {
	return u.AppendText(make([]byte, 0, u.len()))
}

// UnmarshalText implements encoding.TextUnmarshaler: it parses text as a
// URI-reference (RFC 3986, Section 4.1), so invalid input is rejected with
// an *Error, and on success sets *u. The components are copied out of text.
// To require a scheme, check u.Scheme after decoding or wrap the type.
func (u *URI) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// MarshalBinary implements encoding.BinaryMarshaler. The binary form is the
// text form (RFC 3986, Section 5.3).
func (u URI) MarshalBinary() ([]byte, error) { return u.MarshalText() }

// UnmarshalBinary implements encoding.BinaryUnmarshaler: it parses data as a
// URI-reference (RFC 3986, Section 4.1); see UnmarshalText.
func (u *URI) UnmarshalBinary(data []byte) error { return u.UnmarshalText(data) }

// Value implements database/sql/driver.Valuer: a URI is stored as its text
// (RFC 3986, Section 5.3). It fails for a URI that Validate rejects.
func (u URI) Value() (driver.Value, error) {
	b, err := u.MarshalText()
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

// Scan implements database/sql.Scanner. It accepts a string or []byte and
// parses it as a URI-reference (RFC 3986, Section 4.1). SQL NULL is an
// error: scan into sql.Null[uri.URI] for a nullable column.
func (u *URI) Scan(src any) error {
	switch v := src.(type) {
	case string:
		return u.UnmarshalText([]byte(v))
	case []byte:
		return u.UnmarshalText(v)
	case nil:
		return errors.New("uri: cannot scan SQL NULL into uri.URI; use sql.Null[uri.URI]")
	}
	return fmt.Errorf("uri: cannot scan %T into uri.URI", src)
}

// LogValue implements log/slog.LogValuer: a URI that is an attribute's
// value, or a group member's, logs as its Redacted text, without a
// password in the userinfo (RFC 3986, Section 3.2.1) or one that a
// browser reads in the path.
//
// slog calls LogValue only there. A URI inside a struct, a slice or a map
// that is logged as one value is printed by the handler with fmt or
// encoding/json, which call String and MarshalText: the password is
// printed. So is it in the text of %v, String and MarshalText, and in an
// error message built from them. To log a configuration at startup, set
// RedactAttr as the handler's ReplaceAttr.
func (u URI) LogValue() slog.Value { return slog.StringValue(u.Redacted()) }

// Redacted returns the text of u with every password a reader sends
// replaced by "xxxxx", for showing such URIs to people and logs:
//
//   - the password of the userinfo, the part after its first ':', as
//     net/url's Redacted does (RFC 3986, Section 3.2.1 deprecates
//     "user:password" in the userinfo);
//   - for a URI with a special scheme other than file and no host (see
//     WebAuthority), the password a browser reads in the path, and sends
//     when the rest of the URI is valid: "http:admin:pw@evil.example/" is
//     shown as "http:admin:xxxxx@evil.example/". The URL Standard reads
//     the authority after the slashes the path starts with, up to the
//     next '/', and the password from its first ':' to its last '@' (URL
//     Standard, "authority state").
//
// A URI without a password is returned as String gives it. Redacted is
// what LogValue logs; String, MarshalText, Value and fmt's verbs write
// the password (see LogValue and RedactAttr).
func (u URI) Redacted() string {
	if i := strings.IndexByte(u.Userinfo, ':'); i >= 0 && u.HasUserinfo {
		u.Userinfo = u.Userinfo[:i+1] + "xxxxx"
	}
	s := u.String()
	if start, end, ok := webPathAuthority(u); ok {
		if at, colon := webCredentials(u.Path[start:end]); colon >= 0 {
			// The path ends where the query or the fragment starts.
			path := len(s) - len(u.Path)
			if u.HasQuery {
				path -= len(u.Query) + 1
			}
			if u.HasFragment {
				path -= len(u.Fragment) + 1
			}
			s = s[:path+start+colon+1] + "xxxxx" + s[path+start+at:]
		}
	}
	return s
}

// Authority returns the authority component as it appears in the text,
// userinfo "@" host ":" port, without the leading "//" (RFC 3986,
// Section 3.2), and "" when u has none or it is empty: check HasAuthority
// to tell the two apart.
func (u URI) Authority() string {
	if !u.HasAuthority {
		return ""
	}
	if !u.HasUserinfo && !u.HasPort {
		return u.Host
	}
	return bytesString(u.appendAuthority(make([]byte, 0, len(u.Userinfo)+len(u.Host)+len(u.Port)+2)))
}

// IsRelative reports whether u is a relative reference: one without a
// scheme (RFC 3986, Section 4.2). Resolve it against a base URI before
// using it (RFC 3986, Section 5).
func (u URI) IsRelative() bool { return u.Scheme == "" }

// IsAbsolute reports whether u is an absolute URI: one with a scheme and
// without a fragment (RFC 3986, Section 4.3), the form a base URI takes.
// Note that net/url's IsAbs asks only for a scheme; for that, use
// !u.IsRelative().
func (u URI) IsAbsolute() bool { return u.Scheme != "" && !u.HasFragment }

// IsSameDocument reports whether ref, resolved against base, is base
// itself aside from the fragment: a same-document reference (RFC 3986,
// Section 4.4), which a client follows without a new retrieval. The empty
// reference and "#frag" always are; so is "d;p?q" against
// "http://a/b/c/d;p?q". Comparison is exact (==), as the RFC's "identical"
// asks; normalize both first to compare more loosely.
func (base URI) IsSameDocument(ref URI) bool {
	t := base.Resolve(ref)
	t.Fragment, t.HasFragment = "", false
	base.Fragment, base.HasFragment = "", false
	return t == base
}

// FromURL converts a net/url URL into a URI that has exactly the text
// u.String() gives, and parses that text strictly (RFC 3986, Section 4.1).
// Every field of url.URL is honoured, because its String method reads
// them all: Opaque, User, Host, Path and RawPath, OmitHost, ForceQuery,
// RawQuery, Fragment and RawFragment. The result fails with an *Error where
// net/url writes text that RFC 3986 does not allow, for instance an IPv6
// zone identifier ("[fe80::1%25en0]"). A nil URL is an error.
//
// The one exception to "exactly the text u.String() gives" keeps a path
// from becoming a host: a URL without a host, userinfo or opaque part
// whose path starts with "//", which net/url writes where an authority
// would go (with no scheme, or after a scheme with OmitHost). net/http
// builds such a URL for the request "GET //evil.example/x", and its text
// "//evil.example/x" reads as the host evil.example (RFC 3986, Section
// 4.2). FromURL writes "/." before the path, as Resolve does:
// "/.//evil.example/x" (or "http:/.//x"), whose path means
// "//evil.example/x", since "/." is a dot segment (RFC 3986, Section
// 5.2.4). Its errors still point into u.String().
//
// A URL with an Opaque part and a Host or User is an error (ErrHost) unless
// Opaque starts with "//" and exactly the authority that Host and User
// make: u.String() writes only Opaque after the scheme, while net/http's
// client dials Host, so {Host: "good", Opaque: "//evil.com/x"} would be
// read as the host evil.com and {Host: "good", Opaque: "x"} as no host at
// all, where net/http connects to good.
func FromURL(u *url.URL) (URI, error) {
	if u == nil {
		return URI{}, errors.New("uri: FromURL(nil)")
	}
	s := u.String()
	if u.Opaque != "" && (u.Host != "" || u.User != nil) {
		auth := (&url.URL{Scheme: u.Scheme, User: u.User, Host: u.Host}).String()
		if rest, ok := strings.CutPrefix(s, auth); !ok || rest != "" && strings.IndexByte("/?#", rest[0]) < 0 {
			at := 0
			if u.Scheme != "" {
				at = len(u.Scheme) + 1
			}
			return URI{}, &Error{Input: s, Offset: at, Err: ErrHost, Expected: "an Opaque part that starts with \"//\" and the URL's own Host and User, which net/http dials (net/url writes Opaque in place of the authority)"}
		}
	}
	if u.Opaque == "" && u.Host == "" && u.User == nil && (u.Scheme == "" || u.OmitHost) {
		at := 0 // where net/url wrote the path: after the scheme, with no "//" of its own
		if u.Scheme != "" {
			at = len(u.Scheme) + 1
		}
		if strings.HasPrefix(s[at:], "//") {
			v, err := Parse(s[:at] + "/." + s[at:])
			if e, ok := err.(*Error); ok {
				off := e.Offset
				if off >= at+2 {
					off -= 2
				}
				return URI{}, &Error{Input: s, Offset: off, Err: e.Err, Expected: e.Expected}
			}
			return v, err
		}
	}
	return Parse(s)
}

// URL converts u into a net/url URL whose String is u's text (RFC 3986,
// Section 5.3), as far as net/url can represent it: Path holds the decoded path and RawPath the
// path as written, Fragment and RawFragment likewise, RawQuery the query
// as written and ForceQuery an empty, defined query; a URI with a scheme
// and a path that does not start with '/' and no authority (such as
// "mailto:a@b") becomes an Opaque URL, and one with a scheme and no
// authority gets OmitHost.
//
// What net/url cannot represent, and so changes on the way:
//
//   - an empty fragment: "http://a/b#" becomes "http://a/b";
//   - an empty authority without a userinfo, port or path and, in a
//     relative reference, any empty authority: "s://" becomes "s:", and
//     "//" and "///x" become "" and "/x";
//   - the spelling of the userinfo and host: net/url keeps them decoded and
//     re-encodes them with its own character sets, so "a!b@h" becomes
//     "a%21b@h" and a host "%41" becomes "A";
//   - an empty port with an empty host and no userinfo ("s://:/");
//   - a host that net/url or net/http would read as something else: see
//     below.
//
// The host and port that net/http dials from the URL, its Hostname and
// Port, are the ones u's accessors describe, or the conversion fails
// closed. An IPv4 or IPv6 host is copied as it is, and a reg-name is
// decoded when every decoded byte is unreserved, a sub-delim or part of
// UTF-8 text. A host whose decoded form would be read as another host or
// port ("127.0.0.1%3A6379" would dial port 6379, "%5B%3A%3A1%5D" would dial
// [::1]; any '%', '/', '@', '[', ']', space or control), an IPvFuture
// literal (which net/http would look up in the DNS without its brackets)
// and the host of a hand-built URI that Validate rejects keep their
// percent-encoding instead: Hostname then holds a '%', which no resolver
// accepts, so no connection is made, and url.URL.String writes the '%' as
// "%25" (RFC 3986, Section 3.2.2 says a reg-name's percent-encoding is
// data; net/url allows no percent-encoded ASCII in a host).
//
// A round trip through net/url, FromURL(u.URL()), gives u back for every
// URI without those forms; the tests check this over a corpus of real URLs.
// The URL is a new value, free for the caller to modify.
func (u URI) URL() *url.URL {
	v := &url.URL{Scheme: u.Scheme, RawQuery: u.Query, ForceQuery: u.HasQuery && u.Query == ""}
	if u.HasFragment {
		v.Fragment, v.RawFragment = decodeOrRaw(u.Fragment), u.Fragment
	}
	if u.Scheme != "" && !u.HasAuthority && u.Path != "" && u.Path[0] != '/' {
		v.Opaque = u.Path
		return v
	}
	v.Path, v.RawPath = decodeOrRaw(u.Path), u.Path
	if !u.HasAuthority || (u.Scheme == "" && !u.HasUserinfo && !u.HasPort && u.Host == "") {
		// No authority that net/url will write: a path starting with
		// "//" gets the dot segment that keeps it a path (see Resolve).
		v.OmitHost = u.Scheme != ""
		if strings.HasPrefix(u.Path, "//") {
			v.Path, v.RawPath = "/."+v.Path, "/."+v.RawPath
		}
		return v
	}
	if u.HasUserinfo {
		user, pass, hasPass := strings.Cut(u.Userinfo, ":")
		if hasPass {
			v.User = url.UserPassword(decodeOrRaw(user), decodeOrRaw(pass))
		} else {
			v.User = url.User(decodeOrRaw(user))
		}
	}
	v.Host = urlHost(&u)
	if u.HasPort {
		v.Host += ":" + u.Port
	}
	return v
}

// decodeOrRaw is Decode for text that is already known to be valid, and
// the text itself otherwise.
func decodeOrRaw(s string) string {
	if d, err := Decode(s); err == nil {
		return d
	}
	return s
}

// urlHost is the url.URL.Host text for u's host (without the port), as
// URL documents: the host net/http dials from it is the one u names, or
// one that no resolver accepts.
func urlHost(u *URI) string {
	switch u.HostKind() {
	case IPv4:
		return u.Host
	case IPv6:
		if _, ok := u.LiteralAddr(); ok {
			return u.Host
		}
	case RegName:
		if d := decodeOrRaw(u.Host); netURLHostSafe(d) {
			return d
		}
	}
	return Encode(decodeOrRaw(u.Host), ComponentHost)
}

// netURLHostSafe reports whether net/url and net/http read host, as the
// Host field of a url.URL, as exactly this one name: unreserved and
// sub-delims (RFC 3986, Section 2), and non-ASCII bytes of valid UTF-8
// text, which net/http converts with IDNA.
func netURLHostSafe(host string) bool {
	ascii := true
	for i := 0; i < len(host); i++ {
		c := host[i]
		if c >= utf8.RuneSelf {
			ascii = false
			continue
		}
		if !is(c, cUnreserved|cSubDelim) {
			return false
		}
	}
	return ascii || utf8.ValidString(host)
}
