package uri

import "errors"

// Redirect hops: what a browser does with the Location of an HTTP
// redirect (Fetch Standard, "HTTP-redirect fetch"), for an HTTP client
// that follows redirects (net/http's Client.CheckRedirect, a crawler).

// ErrRedirect reports a redirect that a browser does not follow: a
// Location that resolves to a URL whose scheme is not http or https
// (Fetch Standard, "HTTP-redirect fetch": "If locationURL's scheme is not
// an HTTP(S) scheme, then return a network error"), and, in a
// RedirectChain, the 21st redirect of one request ("If request's
// redirect count is 20, then return a network error").
var ErrRedirect = errors.New("uri: a redirect that browsers do not follow")

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
// the request's referrer as it stands at the redirect: the Referer that
// the request to current sent (the zero URI for none), which Fetch's
// "main fetch" made the request's referrer. For the first request of a
// chain that is WebParser.Referrer of the page's URL and current; for a
// later one, the Referer the hop before returned (a policy that cut it to
// the origin, or to none, keeps it so for every later hop). policy is the
// request's referrer policy, which a Referrer-Policy header of the
// redirect response replaces when not empty (Fetch Standard, "set
// request's referrer policy on redirect"). current is read as a browser
// reads its text. status is not checked: the caller
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
//
// Redirect reads current and referrer again at every call; a client that
// follows a request's redirects itself keeps a RedirectChain
// (WebParser.NewRedirectChain), which reads each URL once and counts the
// redirects.
func (p WebParser) Redirect(current URI, location string, status int, method string, referrer URI, policy ReferrerPolicy) (RedirectHop, error) {
	c := RedirectChain{oneHop: true}
	if err := c.init(p, current, method, referrer, policy, false); err != nil {
		return RedirectHop{}, err
	}
	return c.Follow(location, status, "")
}

// maxRedirects is the number of redirects a browser follows for one
// request (Fetch Standard, "HTTP-redirect fetch": "If request's redirect
// count is 20, then return a network error").
const maxRedirects = 20

// RedirectChain follows the redirects of one request as a browser does
// (Fetch Standard, "HTTP-redirect fetch"): it is the request of that
// algorithm, whose current URL, method, referrer policy and referrer each
// hop updates. The referrer starts as the page's URL, becomes what the
// first request sent, and then what each hop sent ("main fetch" sets it
// to the Referer it determines), so a Referer a policy once cut to the
// origin or to none stays so, whatever a later response's policy says.
// Each hop reads only its Location: the current URL is the record the hop
// before made, and the referrer is read once and stripped at most twice
// for the whole chain, so a hop costs about one parse of the Location
// where WebParser.Redirect, which reads the current URL and the referrer
// again, costs three. For a client that follows redirects itself, as a
// crawler that records each hop does; its first request sends the
// Referer WebParser.Referrer(referrer, current, policy). In net/http's
// Client.CheckRedirect, where each hop is a new call, WebParser.Redirect
// of the URI and the Referer the hop before returned gives the same URL,
// Referer and headers; its Href can differ where a URL record keeps an
// octet, such as '|', that the URI percent-encodes, and the chain's is a
// browser's. A RedirectChain is not safe for concurrent use.
type RedirectChain struct {
	bases       [2]WebBase // the current URL, and room for the next
	cur         int        // the index of the current URL in bases
	method      string
	policy      ReferrerPolicy
	referrer    referrerSource
	hasReferrer bool
	count       int  // the redirects followed
	oneHop      bool // WebParser.Redirect's: no hop follows this one
}

// NewRedirectChain starts the redirects of a request to current, made with
// method, from a document or request whose URL is referrer (the zero URI
// for none) under policy: its Referer, and the referrer its redirects
// start from, is WebParser.Referrer(referrer, current, policy) (the same
// when referrer is that Referer already). A current URL the parser
// rejects is an error wrapping ErrWebBase, and a referrer it rejects
// sends no Referer.
func (p WebParser) NewRedirectChain(current URI, method string, referrer URI, policy ReferrerPolicy) (*RedirectChain, error) {
	c := new(RedirectChain)
	if err := c.init(p, current, method, referrer, policy, true); err != nil {
		return nil, err
	}
	return c, nil
}

// init starts c. With page, referrer is the URL of the page that made
// the request to current, and the request's referrer becomes the Referer
// that request sent; without, referrer is that Referer already.
func (c *RedirectChain) init(p WebParser, current URI, method string, referrer URI, policy ReferrerPolicy, page bool) error {
	if err := c.bases[0].init(p, current); err != nil {
		return err
	}
	c.method, c.policy = method, policy
	if referrer != (URI{}) {
		if src, err := p.record(referrer); err == nil {
			c.referrer, c.hasReferrer = p.referrerSource(&src), true
			if page {
				// the request to current sent the page's URL as its
				// policy strips it for current, and that is the
				// referrer its redirects start from (Fetch Standard,
				// "main fetch")
				b := &c.bases[0]
				c.hasReferrer = c.referrer.become(c.referrer.decide(&b.url, b.origin, policy))
			}
		}
	}
	return nil
}

// Follow is WebParser.Redirect for the chain's next hop: a redirect
// response of status with the Location value location, to the request's
// current URL. policy is the response's Referrer-Policy
// (ParseReferrerPolicyHeader of its header), which becomes the request's
// policy when not empty (Fetch Standard, "set request's referrer policy
// on redirect"); "" keeps the policy the request has. On success the
// hop's URL and Method are the request's from then on. The 21st redirect
// is an *Error wrapping ErrRedirect (Fetch Standard, "HTTP-redirect
// fetch": the redirect count is at most 20); the errors are otherwise
// Redirect's, and a hop that fails leaves the chain as it was.
func (c *RedirectChain) Follow(location string, status int, policy ReferrerPolicy) (RedirectHop, error) {
	// The next URL's record is read into the room beside the current one,
	// and becomes current only if the hop succeeds.
	b, next := &c.bases[c.cur], &c.bases[1-c.cur]
	w := &next.url
	// A Location that pathRef or webNormal reads (a path, or an absolute
	// URL: the common ones) is read without the parser, and its URI is
	// the next URL when it keeps its own fragment or the current URL has
	// none, or one RFC 3986 reads as it is.
	var v URI
	fast, whole := true, false // whole: v is cut from location
	switch {
	case b.pathRef(location, &v):
		w.setURI(&v, 0)
		w.hostLeft = 0 // the host is the base's (pathRecord)
	case webNormal(location, &v):
		w.setURI(&v, len(location))
		whole = isTextOf(&v, location)
	default:
		fast = false
		var err error
		if *w, err = b.parse(location); err != nil {
			return RedirectHop{}, err
		}
	}
	if w.scheme != "http" && w.scheme != "https" {
		return RedirectHop{}, &Error{Input: location, Offset: inputOffset(location, len(location)), Err: ErrRedirect,
			Expected: "an http or https URL (Fetch Standard, \"HTTP-redirect fetch\"), not a " + w.scheme + ": one"}
	}
	if c.count == maxRedirects {
		return RedirectHop{}, &Error{Input: location, Offset: 0, Err: ErrRedirect,
			Expected: "at most 20 redirects for one request (Fetch Standard, \"HTTP-redirect fetch\")"}
	}
	if !w.hasFragment && b.url.hasFragment {
		w.hasFragment, w.fragment = true, b.url.fragment
		v.HasFragment, v.Fragment, whole = true, b.url.fragment, false
		// a fragment that RFC 3986 reads as it is keeps v's text the href
		fast = fast && allOf(v.Fragment, cQuery)
	}
	h := RedirectHop{Method: c.method}
	if fast {
		// the URI's text is the href: webNormal reads no URL whose
		// serialization percent-encodes an octet RFC 3986 allows
		h.URL, h.Href = v, location
		if !whole {
			h.Href = v.String() // the base's host, a fragment kept, or a repair
		}
	} else {
		h.URL, h.Href = w.text("")
		var stack [256]byte
		if plain := w.href(stack[:0]); string(plain) != h.Href {
			h.Href = string(plain) // the URI's text has an octet percent-encoded
		}
	}
	o, _ := b.p.tupleOrigin(w) // an http(s) URL's origin is a tuple
	h.SameOrigin = b.tuple && o == b.origin
	drop := 0
	if !h.SameOrigin {
		drop = 1
	}
	if (status == 301 || status == 302) && c.method == "POST" || status == 303 && c.method != "GET" && c.method != "HEAD" {
		h.Method = "GET"
		drop += 2
	}
	h.Drop = redirectDrop[drop]
	if policy != "" {
		c.policy = policy
	}
	if c.hasReferrer {
		send := c.referrer.decide(w, o, c.policy)
		h.Referer = c.referrer.text(send)
		if !c.oneHop {
			c.hasReferrer = c.referrer.become(send) // the next hop's referrer
		}
	}
	c.count++
	next.p, next.origin, next.tuple, next.special = b.p, o, true, true
	c.cur = 1 - c.cur
	c.method = h.Method
	return h, nil
}
