package uri

import (
	"database/sql/driver"
	"encoding"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"reflect"
	"strconv"
	"strings"
)

// Configuration values: an Endpoint decodes only as a URI that names a
// server, and RedactAttr logs a configuration without its passwords.

// Endpoint is a URI that names a server, for configuration values: an
// absolute URI (RFC 3986, Section 4.3) with an authority whose host is not
// empty (RFC 3986, Section 3.2.2) and whose port, if it has digits, is a
// port number from 1 to 65535 (RFC 3986, Section 3.2.3), as DialAddr
// dials: port 0 is reserved (RFC 6335, Section 6). The URI is
// embedded, so its fields and methods are the Endpoint's: cfg.API.Host,
// cfg.API.String(), and cfg.API.URI for the URI itself.
//
// Declare a configuration field as Endpoint where it must name a server:
// JSON and XML decoding, flag.TextVar, encoding.TextUnmarshaler,
// encoding.BinaryUnmarshaler and database/sql's Scan then fail with an
// *Error for text that URI would accept but no server is named by. ""
// fails (a URI's decoders accept it as the empty relative reference), and
// so does "localhost:8080", whose scheme is "localhost" and which has no
// host (RFC 3986, Section 3.1): the error says to write
// "http://localhost:8080". A fragment fails too, as in any absolute URI.
// The password of a userinfo ("postgres://app:secret@db/app") is allowed;
// the Endpoint logs without it (URI.LogValue), and RedactAttr hides it
// when a whole configuration is logged.
//
// Decoding fails only for a value that is there: a JSON key that is
// missing or null, an XML element that is absent, a flag not given, leave
// the field as it was, the zero Endpoint unless a default was set. To
// require a value, compare the field with Endpoint{} after decoding.
//
// Encoding writes the URI's text (URI.MarshalText), and "" for the zero
// Endpoint, which decoding then rejects. With encoding/json, the
// `json:",omitzero"` option (Go 1.24) leaves a zero Endpoint, or a zero
// URI, out of the output, so that what is written reads back; the
// `json:",omitempty"` option has no effect on either, since it never
// omits a struct.
type Endpoint struct {
	URI
}

// The decoders Endpoint overrides; every other method is the URI's.
var (
	_ encoding.TextUnmarshaler     = (*Endpoint)(nil)
	_ encoding.BinaryUnmarshaler   = (*Endpoint)(nil)
	_ interface{ Scan(any) error } = (*Endpoint)(nil)
	_ driver.Valuer                = Endpoint{}
	_ slog.LogValuer               = Endpoint{}
)

// ParseEndpoint parses s as an absolute URI (RFC 3986, Section 4.3), as
// ParseAbsolute does, and checks that it names a server (see Endpoint):
// an authority with a host that is not empty (RFC 3986, Section 3.2.2),
// and a port, if it has digits, from 1 to 65535 (RFC 3986, Section
// 3.2.3; port 0, which DialAddr refuses, is reserved: RFC 6335, Section 6). It returns an *Error otherwise: ErrScheme for "" and for text
// without a scheme (where ParseAbsolute reports it; for a host without a
// scheme, such as "127.0.0.1:8080", the message says to write
// "http://127.0.0.1:8080"), ErrHost at the byte after the scheme's ':'
// for a URI without an authority ("localhost:8080", "mailto:a@b") and at
// the host for an empty one ("http:///x"), ErrPort at the port for one
// above 65535 or 0.
func ParseEndpoint(s string) (Endpoint, error) {
	if s == "" {
		return Endpoint{}, &Error{Input: s, Err: ErrScheme, Expected: "an absolute URI with a host, such as \"https://example.com/\" (the value is empty)"}
	}
	u, err := ParseAbsolute(s)
	if e, ok := err.(*Error); ok && e.Err == ErrScheme && !strings.Contains(s, "://") {
		// A host without a scheme ("example.com", "127.0.0.1:8080",
		// "//example.com/"): say how to write it, if that is an endpoint.
		fix := "http://" + strings.TrimPrefix(s, "//")
		if _, err := ParseEndpoint(fix); err == nil {
			c := *e
			c.Expected = "a scheme and \"//\" before the host (RFC 3986, Section 3): to name the host, write " + strconv.Quote(fix)
			return Endpoint{}, &c
		}
	}
	if err != nil {
		return Endpoint{}, err
	}
	switch {
	case !u.HasAuthority:
		want := "\"//\" and a host after the scheme (RFC 3986, Section 3.2): an endpoint names a server"
		if isPortLike(u.Path) {
			want = "\"//\" and a host after the scheme (RFC 3986, Section 3.2): " + strconv.Quote(u.Scheme) +
				" is read as a scheme here; to name the host " + u.Scheme + ", write " + strconv.Quote("http://"+s)
		}
		return Endpoint{}, &Error{Input: s, Offset: u.offsets().authority, Err: ErrHost, Expected: want}
	case u.Host == "":
		return Endpoint{}, &Error{Input: s, Offset: u.hostOffset(), Err: ErrHost, Expected: "a host (RFC 3986, Section 3.2.2): an endpoint names a server"}
	case u.Port != "":
		if n, ok := u.PortNumber(); !ok || n == 0 {
			return Endpoint{}, &Error{Input: s, Offset: u.offsets().port, Err: ErrPort,
				Expected: "a port number from 1 to 65535 (RFC 3986, Section 3.2.3; port 0 is reserved and no connection reaches it, RFC 6335, Section 6)"}
		}
	}
	return Endpoint{u}, nil
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads text with
// ParseEndpoint (an absolute URI with a host, RFC 3986, Section 4.3) and,
// on success, sets *e. JSON, XML and flag.TextVar decode through it.
func (e *Endpoint) UnmarshalText(text []byte) error {
	v, err := ParseEndpoint(string(text))
	if err != nil {
		return err
	}
	*e = v
	return nil
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler: the binary form
// is the text form (RFC 3986, Section 5.3); see UnmarshalText.
func (e *Endpoint) UnmarshalBinary(data []byte) error { return e.UnmarshalText(data) }

// Scan implements database/sql.Scanner: it reads a string or []byte with
// ParseEndpoint (an absolute URI with a host, RFC 3986, Section 4.3). SQL
// NULL is an error: scan into sql.Null[uri.Endpoint] for a nullable column.
func (e *Endpoint) Scan(src any) error {
	switch v := src.(type) {
	case string:
		return e.UnmarshalText([]byte(v))
	case []byte:
		return e.UnmarshalText(v)
	case nil:
		return errors.New("uri: cannot scan SQL NULL into uri.Endpoint; use sql.Null[uri.Endpoint]")
	}
	return fmt.Errorf("uri: cannot scan %T into uri.Endpoint", src)
}

// RedactAttr masks the passwords of URIs (RFC 3986, Section 3.2.1) in a
// log record's attributes. Set it as the ReplaceAttr of a handler's
// slog.HandlerOptions, and a configuration struct logged at startup, with
// every URI, *url.URL and DSN string in it, logs without its passwords:
//
//	h := slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{ReplaceAttr: uri.RedactAttr})
//	slog.New(h).Info("starting", "config", cfg)
//
// A URI logs without its password on its own (URI.LogValue), but not
// inside a struct, slice or map that a handler prints with fmt, nor in
// the text of fmt's %v, String, or an error: there, the password is
// printed. RedactAttr returns a with its value changed as follows:
//
//   - a URI, an Endpoint, or any slog.LogValuer: its resolved value,
//     redacted in turn; a nil pointer to a type whose LogValue method
//     has a value receiver (a nil *URI or *Endpoint in a struct field, a
//     slice or a group) is nil, where slog alone would log "LogValue
//     panicked" and a stack trace (slog resolves an attribute's own value
//     before ReplaceAttr sees it: log a *URI attribute as is only when it
//     is not nil);
//   - a url.URL or *url.URL: its Redacted text; a *url.Userinfo: the
//     user name, and ":xxxxx" for a password;
//   - a struct with exported fields, or a pointer to one: a group of its
//     exported fields, each redacted in turn (unexported fields are left
//     out, as encoding/json leaves them out), even when the struct has a
//     String method, since slog's JSON handler would print its fields; a
//     slice or an array that is not empty and not of bytes: a group keyed
//     "0", "1", ...; these are followed ten levels deep;
//   - any other value is read as text: a string or []byte, an error's
//     Error, a value's MarshalText (as slog's text handler prints it) and
//     fmt's %+v (which calls String). If the text holds a password that
//     RFC 3986 or the URL Standard could read, after two slashes or
//     backslashes anywhere, or after the ':' of http, https, ws, wss or
//     ftp with no slashes at all, anywhere a word starts ("dial
//     http:admin:pw@db.example/: refused", a map value, a longer
//     string), the value becomes the text
//     with that password replaced by "xxxxx", masked as an *Error's
//     message masks its input: from the first ':' after the place where
//     an authority may start to the last '@', which can hide more than
//     the password, never less. Other values are left as they are, the
//     level and the source among them.
//
// RedactAttr allocates nothing for strings without a password, numbers,
// booleans, times and durations, so that it can stay on a handler that
// logs every request.
//
// Text without an authority is left as it is: a MySQL DSN
// "user:pw@tcp(db)/app" is not a URI, and a field that holds a password
// on its own (a Password string) is not one either. Leave such fields out
// of the log, or give their type a LogValue method.
func RedactAttr(groups []string, a slog.Attr) slog.Attr {
	a.Value = redactValue(a.Value, 0)
	return a
}

// maxRedactDepth is how deep RedactAttr follows structs, pointers, slices
// and arrays before it masks a value as text.
const maxRedactDepth = 10

// redactValue is RedactAttr for one value, depth levels down.
func redactValue(v slog.Value, depth int) slog.Value {
	if v.Kind() == slog.KindLogValuer && nilValueReceiver(v.Any()) {
		// (*URI)(nil): its LogValue, a method on URI, would panic, and
		// Resolve would log "LogValue panicked" with a stack trace
		return slog.AnyValue(nil)
	}
	v = v.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return redactText(v.String(), v)
	case slog.KindGroup:
		g := v.Group()
		out := make([]slog.Attr, len(g))
		for i, a := range g {
			out[i] = slog.Attr{Key: a.Key, Value: redactValue(a.Value, depth+1)}
		}
		return slog.GroupValue(out...)
	case slog.KindAny:
		return redactAny(v, depth)
	}
	return v
}

// logValuerType is the type of slog.LogValuer.
var logValuerType = reflect.TypeFor[slog.LogValuer]()

// nilValueReceiver reports whether x is a nil pointer whose element type
// has the LogValue method, which a call through the pointer would
// dereference.
func nilValueReceiver(x any) bool {
	rv := reflect.ValueOf(x)
	return rv.Kind() == reflect.Pointer && rv.IsNil() && rv.Type().Elem().Implements(logValuerType)
}

// redactText returns v, whose text is s, or the masked text when masking
// changes it.
func redactText(s string, v slog.Value) slog.Value {
	if r := redactInput(s, 0).s; r != s {
		return slog.StringValue(r)
	}
	return v
}

// redactAny is redactValue for a value of slog.KindAny.
func redactAny(v slog.Value, depth int) slog.Value {
	switch x := v.Any().(type) {
	case nil, slog.Level, *slog.Source:
		return v
	case *url.URL:
		if x == nil {
			return v
		}
		return slog.StringValue(x.Redacted())
	case url.URL:
		return slog.StringValue(x.Redacted())
	case *url.Userinfo:
		if x == nil {
			return v
		}
		if _, ok := x.Password(); ok {
			return slog.StringValue(x.Username() + ":xxxxx")
		}
		return slog.StringValue(x.Username())
	case error:
		return redactText(x.Error(), v)
	case []byte:
		return redactText(string(x), v)
	}
	rv := reflect.ValueOf(v.Any())
	if depth >= maxRedactDepth {
		// Text, masked or not, so that a handler that calls RedactAttr on
		// the members of the groups made above ends here too, even for a
		// value that points to itself.
		return slog.StringValue(redactInput(fmt.Sprintf("%+v", v.Any()), 0).s)
	}
	for rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().Kind() == reflect.Struct {
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.Struct:
		var attrs []slog.Attr
		t := rv.Type()
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); f.IsExported() {
				attrs = append(attrs, slog.Attr{Key: f.Name, Value: redactValue(slog.AnyValue(rv.Field(i).Interface()), depth+1)})
			}
		}
		if attrs != nil {
			return slog.GroupValue(attrs...)
		}
	case reflect.Slice, reflect.Array:
		if rv.Len() > 0 && rv.Type().Elem().Kind() != reflect.Uint8 {
			attrs := make([]slog.Attr, rv.Len())
			for i := range attrs {
				attrs[i] = slog.Attr{Key: strconv.Itoa(i), Value: redactValue(slog.AnyValue(rv.Index(i).Interface()), depth+1)}
			}
			return slog.GroupValue(attrs...)
		}
	}
	// A value printed as text: by its MarshalText (slog's text handler),
	// or by fmt, which calls String.
	if m, ok := v.Any().(encoding.TextMarshaler); ok {
		if b, err := m.MarshalText(); err == nil {
			if r := redactText(string(b), v); r.Kind() == slog.KindString {
				return r
			}
		}
	}
	return redactText(fmt.Sprintf("%+v", v.Any()), v)
}
