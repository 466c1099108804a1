package uri

import (
	"iter"
	"net/url"
	"strings"
)

// Query parameters.
//
// RFC 3986, Section 3.4 gives the query no inner structure; the key=value
// pairs joined by '&' that HTML forms produce are a convention on top of it.
// These methods follow that convention with RFC 3986 percent-decoding: a
// '+' is a plus sign, not a space. For HTML form decoding, where '+' is a
// space, use FormValues.

// QueryParams returns an iterator over the key=value pairs of u's query
// (RFC 3986, Section 3.4), in order, split on '&' and at the first '=',
// each key and value percent-decoded. A pair without '=' has the value "";
// empty pairs ("a=1&&b=2") are skipped. The iterator allocates only for a
// key or value that contains a '%'. The query of a URI from Parse always
// decodes; a hand-built one with a malformed '%' yields it undecoded.
func (u URI) QueryParams() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for pair := range strings.SplitSeq(u.Query, "&") {
			if pair == "" {
				continue
			}
			k, v, _ := strings.Cut(pair, "=")
			if !yield(decodeOrRaw(k), decodeOrRaw(v)) {
				return
			}
		}
	}
}

// QueryParam returns the value of the first pair of u's query (RFC 3986,
// Section 3.4) whose decoded key is key (see QueryParams), and whether
// there is one.
func (u URI) QueryParam(key string) (string, bool) {
	for k, v := range u.QueryParams() {
		if k == key {
			return v, true
		}
	}
	return "", false
}

// FormValues decodes u's query as HTML form data (application/x-www-form-
// urlencoded), with net/url's ParseQuery: '+' is a space and ';' is an
// error. Use it for queries that browsers built from forms; QueryParams
// reads the query as RFC 3986 writes it.
func (u URI) FormValues() (url.Values, error) { return url.ParseQuery(u.Query) }

// WithQueryParam returns u with the pair key=value in its query, both
// percent-encoded (RFC 3986, Section 3.4; '&', '=', '+' and ';' are
// encoded too). The first pair with that key is replaced in place and
// later ones are removed; without one, the pair is added at the end.
// Other pairs keep their text and order; empty pairs are dropped.
func (u URI) WithQueryParam(key, value string) URI {
	return u.editQuery(key, Encode(key, ComponentQueryValue)+"="+Encode(value, ComponentQueryValue), true)
}

// AddQueryParam returns u with the pair key=value, percent-encoded as by
// WithQueryParam, added at the end of its query (RFC 3986, Section 3.4),
// after any pairs with the same key.
func (u URI) AddQueryParam(key, value string) URI {
	pair := Encode(key, ComponentQueryValue) + "=" + Encode(value, ComponentQueryValue)
	if u.Query == "" {
		u.HasQuery, u.Query = true, pair
	} else {
		u.HasQuery, u.Query = true, u.Query+"&"+pair
	}
	return u
}

// WithoutQueryParam returns u without the pairs of its query whose decoded
// key is key (RFC 3986, Section 3.4), such as tracking parameters. A query
// left empty stays defined: "?a=1" without "a" is "?", which is a different
// URI from one without a query; use WithoutQuery for that.
func (u URI) WithoutQueryParam(key string) URI { return u.editQuery(key, "", false) }

// WithoutQuery returns u without a query (RFC 3986, Section 3.4).
func (u URI) WithoutQuery() URI {
	u.HasQuery, u.Query = false, ""
	return u
}

// editQuery removes the pairs whose decoded key is key, putting pair in
// the place of the first one when replace is set, or at the end if there
// was none. Empty pairs are dropped on the way; a query without the key is
// left as it is when nothing replaces it.
func (u URI) editQuery(key, pair string, replace bool) URI {
	if !replace {
		if _, found := u.QueryParam(key); !found {
			return u
		}
	}
	var b strings.Builder
	placed := false
	for p := range strings.SplitSeq(u.Query, "&") {
		if p == "" {
			continue
		}
		k, _, _ := strings.Cut(p, "=")
		if decodeOrRaw(k) == key {
			if !replace || placed {
				continue
			}
			p, placed = pair, true
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(p)
	}
	if replace && !placed {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(pair)
	}
	u.HasQuery, u.Query = true, b.String()
	return u
}
