package uri

import (
	"errors"
	"strings"
)

// Referrer Policy: the Referer header a browser sends (W3C Referrer
// Policy; Fetch Standard, "main fetch").

// ErrReferrerPolicy reports a token that is not one of the eight referrer
// policies of the W3C Referrer Policy ("Referrer Policies").
var ErrReferrerPolicy = errors.New("uri: not a referrer policy")

// ReferrerPolicy is a referrer policy (W3C Referrer Policy, "Referrer
// Policies"): one of the eight constants below, named by its token, or
// the empty policy, the zero value, which is the default,
// ReferrerStrictOriginWhenCrossOrigin (Fetch Standard, "main fetch":
// "If request's referrer policy is the empty string, then set request's
// referrer policy to the default referrer policy"). Its String is the
// token.
type ReferrerPolicy string

// The referrer policies (W3C Referrer Policy, "Referrer Policies").
const (
	ReferrerNoReferrer                  ReferrerPolicy = "no-referrer"
	ReferrerNoReferrerWhenDowngrade     ReferrerPolicy = "no-referrer-when-downgrade"
	ReferrerSameOrigin                  ReferrerPolicy = "same-origin"
	ReferrerOrigin                      ReferrerPolicy = "origin"
	ReferrerStrictOrigin                ReferrerPolicy = "strict-origin"
	ReferrerOriginWhenCrossOrigin       ReferrerPolicy = "origin-when-cross-origin"
	ReferrerStrictOriginWhenCrossOrigin ReferrerPolicy = "strict-origin-when-cross-origin"
	ReferrerUnsafeURL                   ReferrerPolicy = "unsafe-url"
)

// String returns the policy's token, "" for the empty policy.
func (p ReferrerPolicy) String() string { return string(p) }

// referrerPolicies are the tokens, in the order of the W3C Referrer
// Policy's "Referrer Policies".
var referrerPolicies = [...]ReferrerPolicy{
	ReferrerNoReferrer, ReferrerNoReferrerWhenDowngrade, ReferrerSameOrigin, ReferrerOrigin,
	ReferrerStrictOrigin, ReferrerOriginWhenCrossOrigin, ReferrerStrictOriginWhenCrossOrigin, ReferrerUnsafeURL,
}

// ParseReferrerPolicy returns the referrer policy that token names (W3C
// Referrer Policy, "Referrer Policies"): "no-referrer",
// "no-referrer-when-downgrade", "same-origin", "origin",
// "strict-origin", "origin-when-cross-origin",
// "strict-origin-when-cross-origin" or "unsafe-url", exactly, as the
// Standard's header parser compares them ("Parse a referrer policy from
// a Referrer-Policy header"; ParseReferrerPolicyHeader reads a header as
// browsers do); "" is the empty policy, which is the default. Anything
// else, an uppercase or padded token, a list
// ("no-referrer, origin") or HTML's legacy <meta name=referrer> values
// ("never", "always", "default", "origin-when-crossorigin"), is an
// *Error wrapping ErrReferrerPolicy at its first octet that no token
// has there. ParseReferrerPolicyHeader reads a Referrer-Policy header,
// which may list several tokens.
func ParseReferrerPolicy(token string) (ReferrerPolicy, error) {
	if token == "" {
		return "", nil
	}
	best := 0
	for _, p := range referrerPolicies {
		if string(p) == token {
			return p, nil
		}
		i := 0
		for i < len(token) && i < len(p) && token[i] == p[i] {
			i++
		}
		best = max(best, i)
	}
	return "", &Error{Input: token, Offset: best, Err: ErrReferrerPolicy,
		Expected: "one of the tokens no-referrer, no-referrer-when-downgrade, same-origin, origin, strict-origin, origin-when-cross-origin, strict-origin-when-cross-origin, unsafe-url, in lowercase (W3C Referrer Policy, \"Referrer Policies\")"}
}

// ParseReferrerPolicyHeader returns the referrer policy that a response's
// Referrer-Policy header sets (W3C Referrer Policy, "Parse a referrer
// policy from a Referrer-Policy header"), given the header's field values
// in order, as net/http's Header.Values("Referrer-Policy") returns them:
// each value is split at commas, each element trimmed of spaces and tabs,
// and the last element that is one of the eight tokens wins ("no-referrer,
// strict-origin-when-cross-origin" sets the second: a site lists a
// fallback before a newer policy that some browsers do not know).
// Elements that are not a token are skipped. A token is matched without
// regard to ASCII case, as Chromium and Firefox match it ("No-Referrer"
// sends no Referer there), where the Standard's text and undici compare
// exactly. It returns the empty policy when no element is a token: the
// request's policy then stays as it was (Fetch Standard, "set request's
// referrer policy on redirect").
func ParseReferrerPolicyHeader(values []string) ReferrerPolicy {
	policy := ReferrerPolicy("")
	for _, v := range values {
		for v != "" {
			var elem string
			elem, v, _ = strings.Cut(v, ",")
			elem = strings.Trim(elem, " \t")
			for _, p := range referrerPolicies {
				if equalFoldASCII(elem, string(p)) {
					policy = p
					break
				}
			}
		}
	}
	return policy
}

// Referrer returns the value of the Referer header that a browser sends
// with a request to the URL to, made from a document or request whose
// URL is from, under policy (W3C Referrer Policy, "Determine request's
// referrer"), and "" when it sends none. from and to are read as a
// browser reads their text (URL Standard, "URL parsing"); either that
// the parser rejects gives "". The empty policy is
// strict-origin-when-cross-origin, the default; a ReferrerPolicy that
// is not one of the eight (a conversion of unchecked text) sends none.
//
// The URL sent is from "stripped for use as a referrer" (W3C Referrer
// Policy, "Strip url for use as a referrer"): without its username,
// password and fragment, in the URL Standard's serialization; origin-only
// where the policy says so, which is scheme, host, port and the path "/"
// ("https://example.com/", as the Referrer Policy's own examples write
// it); the origin too when the whole URL would be longer than 4,096
// octets. A URL with a local scheme (about:, blob:, data:; Fetch
// Standard, "local scheme") gives none. "Same origin" is HTML's (HTML
// Standard, "same origin"), and a downgrade is a request from a
// potentially trustworthy URL (https: and wss:, and http: to 127.0.0.0/8,
// [::1], "localhost" and names under it; Secure Contexts, "Is url
// potentially trustworthy?") to one that is not. The header is sent only
// on an HTTP request (Fetch Standard, "HTTP-network-or-cache fetch"), so
// a to whose scheme is not http or https gives "" (for a WebSocket, pass
// the http: or https: URL of the handshake).
//
// The result never has userinfo or a fragment, and it is never a URL that
// to's server could not have been sent by a browser under policy.
func (p WebParser) Referrer(from, to URI, policy ReferrerPolicy) string {
	src, err := p.record(from)
	if err != nil {
		return ""
	}
	dst, err := p.record(to)
	if err != nil {
		return ""
	}
	return p.referrer(&src, &dst, policy)
}

// referrer is Referrer for parsed URLs.
func (p WebParser) referrer(src, dst *webURL, policy ReferrerPolicy) string {
	r := p.referrerSource(src)
	do, _ := p.tupleOrigin(dst)
	return r.text(r.decide(dst, do, policy))
}

// referrerSource is a request's referrer, read once, with what every
// decision about it needs: its origin, whether it is potentially
// trustworthy, and its two stripped forms (W3C Referrer Policy, "Strip
// url for use as a referrer"), each written when first asked for.
// Fetch's "main fetch" sets a request's referrer to the Referer it
// determines, for the first request and again for each redirect, so the
// referrer of a later hop is what the hop before sent: become makes it so
// without reading that text again.
type referrerSource struct {
	url     webURL
	local   bool // a local scheme: about, blob, data (Fetch Standard, "local scheme")
	tuple   bool // a tuple origin, not an opaque one
	origin  webOrigin
	trusted bool // potentially trustworthy (Secure Contexts)

	full, originOnly string // the stripped forms, "" until written

	// sent is what become last made the referrer: the URL stripped
	// (sendFull) or its origin (sendOrigin); sendNone while it is the URL
	// as given.
	sent int
}

// The Referers referrerSource.decide chooses.
const (
	sendNone = iota
	sendFull
	sendOrigin
)

// referrerSource reads what Referrer decides with from src.
func (p WebParser) referrerSource(src *webURL) referrerSource {
	r := referrerSource{url: *src}
	switch src.scheme {
	case "about", "blob", "data":
		r.local = true
		return r
	}
	r.origin, r.tuple = p.tupleOrigin(src)
	r.trusted = trustworthy(src, r.tuple, r.origin)
	return r
}

// decide is which Referer a request to dst, of origin do, sends under
// policy: none, the full URL stripped, or its origin (W3C Referrer Policy,
// "Determine request's referrer", step 8).
func (r *referrerSource) decide(dst *webURL, do webOrigin, policy ReferrerPolicy) int {
	if dst.scheme != "http" && dst.scheme != "https" || policy == ReferrerNoReferrer || r.local {
		return sendNone
	}
	same := r.tuple && r.origin == do
	downgrade := r.trusted && !trustworthy(dst, true, do)
	switch policy {
	case ReferrerOrigin:
		return sendOrigin
	case ReferrerUnsafeURL:
		return sendFull
	case ReferrerSameOrigin:
		if same {
			return sendFull
		}
	case ReferrerStrictOrigin:
		if !downgrade {
			return sendOrigin
		}
	case ReferrerOriginWhenCrossOrigin:
		if same {
			return sendFull
		}
		return sendOrigin
	case ReferrerNoReferrerWhenDowngrade:
		if !downgrade {
			return sendFull
		}
	case "", ReferrerStrictOriginWhenCrossOrigin:
		switch {
		case same:
			return sendFull
		case !downgrade:
			return sendOrigin
		}
	}
	return sendNone // and for a ReferrerPolicy that is not a policy
}

// text is the Referer that decide chose: the full URL stripped, or its
// origin when the policy says so or when the full URL is longer than
// 4,096 octets (W3C Referrer Policy, "Determine request's referrer",
// steps 6 and 7), or "".
func (r *referrerSource) text(send int) string {
	switch send {
	case sendFull:
		if r.full == "" {
			u := r.url
			u.username, u.password = "", ""
			u.hasFragment, u.fragment = false, ""
			if r.full = u.hrefString(); len(r.full) > 4096 {
				r.full = r.originOnlyForm()
			}
		}
		return r.full
	case sendOrigin:
		return r.originOnlyForm()
	}
	return ""
}

// become makes the referrer what a request sent when decide chose send
// and text wrote it (Fetch Standard, "main fetch": "set request's referrer
// to the result of invoking determine request's referrer"): the URL
// stripped, or its origin, with the same origin; false for none, after
// which the request sends none again.
func (r *referrerSource) become(send int) bool {
	switch {
	case send == sendNone:
		return false
	case r.sent == sendOrigin:
		// the origin already: stripping it again changes nothing
	case send == sendFull && r.text(sendFull) != r.originOnly:
		r.url.username, r.url.password = "", ""
		r.url.hasFragment, r.url.fragment = false, ""
		r.sent = sendFull
	default:
		// the origin, or a full URL that was too long and sent as its
		// origin
		r.url = r.originOnlyRecord()
		r.full = r.originOnlyForm()
		r.sent = sendOrigin
	}
	return true
}

// originOnlyRecord is the referrer stripped with the origin-only flag: no
// credentials, path, query or fragment, and the path "/" for a special
// URL, as the serializer writes it.
func (r *referrerSource) originOnlyRecord() webURL {
	u := r.url
	u.username, u.password = "", ""
	u.hasFragment, u.fragment = false, ""
	u.hasQuery, u.query = false, ""
	if !u.isOpaque {
		u.path = nil
		if _, special := specialPort(u.scheme); special {
			u.path = rootPath
		}
	} else {
		u.opaque = ""
	}
	return u
}

// originOnlyForm is the text of originOnlyRecord.
func (r *referrerSource) originOnlyForm() string {
	if r.originOnly == "" {
		u := r.originOnlyRecord()
		r.originOnly = u.hrefString()
	}
	return r.originOnly
}

// trustworthy reports whether u, of origin o (tuple: not opaque), is a
// potentially trustworthy URL (Secure Contexts, "Is url potentially
// trustworthy?", "Is origin potentially trustworthy?", with the
// let-localhost-be-localhost rule): about:blank, about:srcdoc and data:
// URLs, and tuple origins of https: or wss:, or whose host is an IPv4
// address in 127.0.0.0/8, [::1], or "localhost" or a name under it.
func trustworthy(u *webURL, tuple bool, o webOrigin) bool {
	switch u.scheme {
	case "data":
		return true
	case "about":
		return !u.hasQuery && !u.hasFragment && (u.opaque == "blank" || u.opaque == "srcdoc")
	}
	if !tuple {
		return false
	}
	if o.scheme == "https" || o.scheme == "wss" {
		return true
	}
	h := strings.TrimSuffix(o.host, ".")
	if h == "localhost" || strings.HasSuffix(h, ".localhost") || o.host == "[::1]" {
		return true
	}
	if first, _, ok := strings.Cut(o.host, "."); ok && first == "127" && strings.Count(o.host, ".") == 3 {
		// the host serializer writes an IPv4 address in four decimal
		// parts, and a domain never ends in a number
		return endsInNumber(o.host)
	}
	return false
}
