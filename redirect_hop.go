package uri

import "errors"

// Redirect hops: what a browser does with the Location of an HTTP
// redirect (Fetch Standard, "HTTP-redirect fetch"), for an HTTP client
// that follows redirects (net/http's Client.CheckRedirect, a crawler).

// ErrRedirect reports a Location that a browser does not follow: one
// that resolves to a URL whose scheme is not http or https (Fetch
// Standard, "HTTP-redirect fetch": "If locationURL's scheme is not an
// HTTP(S) scheme, then return a network error").
var ErrRedirect = errors.New("uri: a redirect to a URL that browsers do not follow")

// RedirectHop is what a browser does with one HTTP redirect (Fetch
// Standard, "HTTP-redirect fetch"), as WebParser.Redirect returns it.
type RedirectHop struct {
	// URL is the URL of the next request: the Location value resolved
	// against the request's current URL as a browser resolves it (URL
	// Standard, "URL parsing"; Fetch Standard, "location URL"), taking
	// the current URL's fragment when it has none, in the form
	// WebParser.Parse returns; Href is its serialization (URL Standard,
	// "URL serializing").
	URL  URI
	Href string

	// SameOrigin reports whether URL has the origin of the current URL
	// (HTML Standard, "same origin").
	SameOrigin bool

	// Referer is the Referer header to send with the next request, ""
	// for none: WebParser.Referrer of the request's referrer and URL
	// (Fetch Standard, "main fetch", which determines it again for each
	// hop).
	Referer string

	// Method is the method of the next request: "GET" after a 303 of
	// any method but GET and HEAD, and after a 301 or 302 of a POST;
	// the request's method otherwise, with its body.
	Method string

	// Drop lists the request headers to delete before the next request,
	// in net/http's canonical form: "Authorization", and "Cookie", on a
	// cross-origin hop; the request-body headers ("Content-Encoding",
	// "Content-Language", "Content-Location", "Content-Type") when the
	// method becomes GET. The slice is shared: do not modify it.
	Drop []string
}

// The header lists of RedirectHop.Drop, indexed by crossOrigin +
// 2*toGET.
var redirectDrop = [4][]string{
	nil,
	{"Authorization", "Cookie"},
	{"Content-Encoding", "Content-Language", "Content-Location", "Content-Type"},
	{"Authorization", "Cookie", "Content-Encoding", "Content-Language", "Content-Location", "Content-Type"},
}

// Redirect returns what a browser does when a request to current, made
// with method, gets a redirect response of status (301, 302, 303, 307 or
// 308) with the Location value location (Fetch Standard, "HTTP-redirect
// fetch"): the next URL, whether the hop stays on current's origin, the
// Referer to send, the next method, and the headers to drop. referrer is
// the request's referrer, the URL of the page that made it (the zero URI
// for none), and policy its referrer policy, which a Referrer-Policy
// header of the redirect response replaces when not empty (Fetch
// Standard, "set request's referrer policy on redirect"). current is
// read as a browser reads its text. status is not checked: the caller
// has a redirect response in hand. The request's mode is not modelled: a
// CORS request also fails on a Location with credentials, and its
// Origin header becomes "null" after a hop that leaves its origin (Fetch
// Standard, "tainted origin flag").
//
// On a hop to another origin, a browser deletes Authorization (Fetch
// Standard, "HTTP-redirect fetch", the "CORS non-wildcard request-header
// name"): the next host never gets the credentials meant for the first,
// even one port or scheme away ("https://a.com" to "http://a.com"). It
// also never forwards a Cookie header, which it computes for each URL
// from its cookie jar (a forbidden request-header, Fetch Standard,
// "forbidden request-header"); a client that sets Cookie by hand must
// drop it too, or set it again for the new URL. The Referer is never the
// current URL with its query and fragment (Go 1.26's http.Client sends
// "http://a/reset?token=SECRET#frag" to the next host): it is the
// referrer's, stripped as the policy says.
//
// A Location the parser rejects is its error (ErrWeb, ErrWebIDNA); one
// that resolves to a URL that is not http or https, an *Error wrapping
// ErrRedirect at its start; a current URL the parser rejects, an error
// wrapping ErrWebBase.
func (p WebParser) Redirect(current URI, location string, status int, method string, referrer URI, policy ReferrerPolicy) (RedirectHop, error) {
	var b WebBase
	if err := b.init(p, current); err != nil {
		return RedirectHop{}, err
	}
	w, err := b.read(location)
	if err != nil {
		return RedirectHop{}, err
	}
	if w.scheme != "http" && w.scheme != "https" {
		return RedirectHop{}, &Error{Input: location, Offset: inputOffset(location, len(location)), Err: ErrRedirect,
			Expected: "an http or https URL (Fetch Standard, \"HTTP-redirect fetch\"), not a " + w.scheme + ": one"}
	}
	if !w.hasFragment && b.url.hasFragment {
		w.hasFragment, w.fragment = true, b.url.fragment
	}
	u, href := w.text("")
	var stack [256]byte
	if plain := w.href(stack[:0]); string(plain) != href {
		href = string(plain) // the URI's text has an octet percent-encoded
	}
	o, _ := p.tupleOrigin(&w)
	h := RedirectHop{URL: u, Href: href, SameOrigin: b.tuple && o == b.origin, Method: method}
	drop := 0
	if !h.SameOrigin {
		drop = 1
	}
	if (status == 301 || status == 302) && method == "POST" || status == 303 && method != "GET" && method != "HEAD" {
		h.Method = "GET"
		drop += 2
	}
	h.Drop = redirectDrop[drop]
	if referrer != (URI{}) {
		if src, err := p.record(referrer); err == nil {
			h.Referer = p.referrer(&src, &w, policy)
		}
	}
	return h, nil
}
