package uri

// The origin of a URL (URL Standard, "Origin"; HTML Standard, "origin"):
// what same-origin checks compare. Redirects (redirect.go), the Referer
// (referrer.go), same-site decisions (suffix.go), configured origins
// (origin_set.go) and the setters' URL.origin all take a URL's origin from
// here.

// Origin parses s with no base URL (URL Standard, "URL parsing") and
// returns the ASCII serialization of its origin (URL Standard, "Origin";
// HTML Standard, "ASCII serialization of an origin"): scheme "://" host,
// then ":" port when the port is not the scheme's default, for http,
// https, ws, wss and ftp URLs and for a blob URL whose path is an http or
// https URL; "null" for every other URL (file, data, mailto, about, and
// the rest), whose origin is opaque. The host is in its ASCII form, as
// the host parser leaves it.
//
// Two URLs are same origin when both origins are not "null" and the
// strings are equal: an opaque origin is same origin only with itself,
// which two parses never give.
func (p WebParser) Origin(s string) (string, error) {
	w, err := p.parse(s, nil)
	if err != nil {
		return "", err
	}
	return p.origin(&w), nil
}

// origin is a URL's origin, serialized (see Origin).
func (p WebParser) origin(u *webURL) string {
	o, ok := p.tupleOrigin(u)
	if !ok {
		return "null"
	}
	return o.String()
}

// webOrigin is a tuple origin (HTML Standard, "origin"): a scheme, a host
// as the host serializer writes it, and a port, "" for the scheme's
// default port. Two tuple origins are same origin when they are ==.
type webOrigin struct{ scheme, host, port string }

// String is the ASCII serialization of the origin (HTML Standard, "ASCII
// serialization of an origin").
func (o webOrigin) String() string {
	if o.port != "" {
		return o.scheme + "://" + o.host + ":" + o.port
	}
	return o.scheme + "://" + o.host
}

// tupleOrigin returns a URL's origin (URL Standard, "Origin") and true
// when it is a tuple origin, and false when it is opaque: the scheme,
// host and port of an http, https, ws, wss or ftp URL, and of a blob URL
// the origin of the URL its path serializes to, if that is an http or
// https URL.
func (p WebParser) tupleOrigin(u *webURL) (webOrigin, bool) {
	switch u.scheme {
	case "blob":
		// the origin of the URL the path serializes to, if it is an http
		// or https URL (a file URL's origin is opaque too)
		path := u.opaque
		if !u.isOpaque {
			path = string(u.path)
		}
		inner, err := p.parse(path, nil)
		if err != nil || inner.scheme != "http" && inner.scheme != "https" {
			return webOrigin{}, false
		}
		return p.tupleOrigin(&inner)
	}
	if webSpecialAuthority(u.scheme) {
		return webOrigin{u.scheme, u.host, u.port}, true
	}
	return webOrigin{}, false
}
