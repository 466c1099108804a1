package uri

import "strings"

// Dot segments: the path segments "." and ".." that RFC 3986's
// remove_dot_segments (RFC 3986, Section 5.2.4) and the URL Standard's
// path state (URL Standard, "path state") remove, so that a path holding
// one names another resource than its text says. The package knows three
// readings, and every reader asks this file under the first two:
//
//   - dotsRFC: "." and ".." as written, what RFC 3986 resolution and
//     normalization remove;
//   - dotsURL: also with either dot written "%2e" or "%2E", what a
//     browser's path state removes, and RFC 3986 after percent-encoding
//     normalization (Section 6.2.2.2);
//   - "dot-like": a segment some back end reads as a dot segment and
//     neither standard does ("..;", "..%2F", NFKC's full stops), which Vet
//     reports as EncodedDotSegment (RFC 3986, Section 7.3); that reading is
//     Vet's, in security.go (dotLike, dotLikeAt).
//
// The loop that removes dot segments is resolve.go's (removeDots); the
// URL Standard's is its path state (web.go), which reads its segments here.

// dotRule is a reading of dot segments: dotsRFC or dotsURL.
type dotRule uint8

const (
	dotsRFC dotRule = iota // "." and "..": RFC 3986, Section 5.2.4
	dotsURL                // also "%2e" for a dot: URL Standard, "single-dot URL path segment", "double-dot URL path segment"
)

// dotSegment returns 1 when seg is a single-dot segment under rule, 2
// when it is a double-dot segment, and 0 when it is neither.
func dotSegment(seg string, rule dotRule) int {
	switch {
	case seg == ".":
		return 1
	case seg == "..":
		return 2
	case rule == dotsRFC || len(seg) < 3 || seg[0] != '%' && seg[0] != '.':
		return 0
	}
	switch len(seg) {
	case 3:
		if equalFoldASCII(seg, "%2e") {
			return 1
		}
	case 4:
		if equalFoldASCII(seg, ".%2e") || equalFoldASCII(seg, "%2e.") {
			return 2
		}
	case 6:
		if equalFoldASCII(seg, "%2e%2e") {
			return 2
		}
	}
	return 0
}

// hasDotSegment reports whether a segment of path is a dot segment under
// rule. Under dotsRFC that is exactly when RemoveDotSegments changes path:
// the rules of RFC 3986, Section 5.2.4 other than 2E all need one.
//
// Under dotsRFC a dot segment starts with '.' at the start of path or
// after a '/'. A plain loop is fastest on paths of up to 16 bytes, like
// most of those of RFC 3986, Section 5.4; on longer ones, such as the
// corpus's, IndexByte skipping from dot to dot takes about a third less
// time.
func hasDotSegment(path string, rule dotRule) bool {
	if rule == dotsURL {
		return hasURLDotSegment(path)
	}
	if len(path) <= 16 {
		for i := 0; i < len(path); i++ {
			if path[i] == '.' && isDotSegmentAt(path, i) {
				return true
			}
		}
		return false
	}
	for i := 0; ; i++ {
		k := strings.IndexByte(path[i:], '.')
		if k < 0 {
			return false
		}
		if i += k; isDotSegmentAt(path, i) {
			return true
		}
	}
}

// hasURLDotSegment is hasDotSegment under dotsURL. ParseWeb's fast path
// (web.go) calls it directly: hasDotSegment is too large to inline, and
// its extra call cost ParseWeb 13 instructions per URL on corpus-large. A dot segment starts
// with '.' or '%' at the start of path or after a '/', so it looks at
// those two octets alone (fast, and rare in paths) rather than at every
// segment: on a path of up to 16 octets in one plain loop, as
// hasDotSegment does, and on a longer one with IndexByte for each.
func hasURLDotSegment(path string) bool {
	if len(path) <= 16 {
		for i := 0; i < len(path); i++ {
			if c := path[i]; (c == '.' || c == '%') && (i == 0 || path[i-1] == '/') && dotSegment(path[i:segmentEnd(path, i)], dotsURL) != 0 {
				return true
			}
		}
		return false
	}
	for _, c := range [...]byte{'.', '%'} {
		for i := 0; ; i++ {
			k := strings.IndexByte(path[i:], c)
			if k < 0 {
				break
			}
			if i += k; (i == 0 || path[i-1] == '/') && dotSegment(path[i:segmentEnd(path, i)], dotsURL) != 0 {
				return true
			}
		}
	}
	return false
}

// isDotSegmentAt reports whether the dot at path[i] starts a complete
// segment "." or "..".
func isDotSegmentAt(path string, i int) bool {
	if i > 0 && path[i-1] != '/' {
		return false
	}
	j := i + 1
	if j < len(path) && path[j] == '.' {
		j++
	}
	return j == len(path) || path[j] == '/'
}

// segmentEnd returns the offset of the '/' that ends the segment that
// starts at offset i of path, or len(path).
func segmentEnd(path string, i int) int {
	if k := strings.IndexByte(path[i:], '/'); k >= 0 {
		return i + k
	}
	return len(path)
}
