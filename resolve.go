package uri

import (
	"bytes"
	"strings"
)

// Resolve returns the target URI of ref, resolved against base by the
// strict algorithm of RFC 3986, Section 5.2.2, exactly as its pseudocode
// reads: a reference with a scheme is taken as it is (only its dot segments
// are removed, even when its scheme equals base's; see ResolveNonStrict for
// the other reading), an authority in ref replaces base's, an empty path
// keeps base's path and, without a query in ref, base's query, and any other
// path is merged with base's (RFC 3986, Section 5.2.3) and cleaned of dot
// segments (RFC 3986, Section 5.2.4). Defined-but-empty components count as
// defined: ref "?" gives an empty query, ref "#" an empty fragment.
//
// base should be an absolute URI (RFC 3986, Section 5.1), such as one
// returned by ParseAbsolute. A fragment in base is allowed and ignored: the
// target's fragment is always ref's, since RFC 3986, Section 5.2.2 never
// copies base's. A base without a scheme is used as given too; the
// algorithm still runs and, when ref has no scheme either, returns a
// relative reference (merging and dot-segment removal work the same way).
// base's path is copied verbatim only for a reference with an empty path
// (RFC 3986, Section 5.2.2 does not clean it); normalize base first if
// that matters.
//
// When base and ref are valid, as Parse returns them, the result is valid
// and its text parses back to exactly it: Parse(t.String()) == t for the
// result t. To keep that so, Resolve deviates from the letter of RFC 3986,
// Section 5.2.2 in one place: when the target has no authority and its path
// would start with "//", Resolve writes "/." before the path, and when it
// has neither scheme nor authority and the first segment of its path
// contains ':', it writes "./" before it. For example, base "foo:/a" with
// ref "..//b" has the path "//b" by the RFC, which recomposes (RFC 3986,
// Section 5.3) as "foo://b", a URI with host "b"; Resolve returns
// "foo:/.//b" instead, whose path means the same (the added segment is a
// dot segment) and whose text reads back as that path.
//
// Resolve allocates nothing when the target's path is the path of base or
// ref as it stands, or a prefix of base's path (for a reference of dot
// segments alone, such as "../"), and allocates once, for the path, when it
// has to merge paths, remove dot segments or add a guard.
func (base URI) Resolve(ref URI) (t URI) {
	resolve(&t, &base, &ref)
	return t
}

// resolve is Resolve on pointers: Resolve stays small enough to be inlined,
// which spares its callers a copy of the URI.
func resolve(t, base, ref *URI) {
	dir, clean := transformReference(t, base, ref)
	t.Path = resolvedPath(t.Path, dir, clean, t.Scheme != "", t.HasAuthority)
}

// ResolveNonStrict is Resolve for a parser that is not strict in the sense
// of RFC 3986, Section 5.2.2: a reference whose scheme equals base's is
// treated as if it had no scheme, so "http:g" against "http://a/b/c/d;p?q"
// gives "http://a/b/c/g" instead of "http:g". Schemes are compared without
// regard to case (RFC 3986, Section 3.1). The RFC allows this reading only
// for backward compatibility with RFC 1630 and says its use should be
// avoided (RFC 3986, Section 5.4.2); use Resolve unless old documents
// depend on it. Everything else, including the deviation documented on
// Resolve, is as for Resolve.
func (base URI) ResolveNonStrict(ref URI) URI {
	if ref.Scheme != "" && strings.EqualFold(ref.Scheme, base.Scheme) {
		ref.Scheme = ""
	}
	return base.Resolve(ref)
}

// ResolveString parses base as a URI (RFC 3986, Section 3) and ref as a
// URI-reference (RFC 3986, Section 4.1), resolves ref against base with
// Resolve (the strict algorithm of RFC 3986, Section 5.2.2) and returns the
// target's text (RFC 3986, Section 5.3). base must have a scheme; a
// fragment in it is accepted and ignored, since resolution never copies it.
// A parse error is returned as an *Error for the string at fault, and the
// result is then "".
//
// ResolveString builds the text in one buffer: it allocates at most once,
// and not at all when the target's text is ref itself (an absolute ref
// without dot segments) or base itself.
func ResolveString(base, ref string) (string, error) {
	b, err := ParseURI(base)
	if err != nil {
		return "", err
	}
	r, err := Parse(ref)
	if err != nil {
		return "", err
	}
	var t URI
	dir, clean := transformReference(&t, &b, &r)
	hasScheme := t.Scheme != ""
	if dir == "" && (!clean || !hasDotSegment(t.Path, dotsRFC)) && pathGuard(hasScheme, t.HasAuthority, t.Path) == "" {
		// The path stands as it is: the target may be one of the inputs.
		if t == r {
			return ref, nil
		}
		if b.HasFragment {
			b.Fragment, b.HasFragment = "", false
			base = base[:b.len()]
		}
		if t == b {
			return base, nil
		}
		return t.String(), nil
	}

	// Scheme and authority, then the path with two bytes of room before it
	// for a guard, then query and fragment.
	head := URI{
		Scheme:       t.Scheme,
		Userinfo:     t.Userinfo,
		Host:         t.Host,
		Port:         t.Port,
		HasAuthority: t.HasAuthority,
		HasUserinfo:  t.HasUserinfo,
		HasPort:      t.HasPort,
	}
	size := head.len() + 2 + len(dir) + len(t.Path)
	if t.HasQuery {
		size += 1 + len(t.Query)
	}
	if t.HasFragment {
		size += 1 + len(t.Fragment)
	}
	buf := head.AppendTo(make([]byte, 0, size))
	p := len(buf)
	buf = append(buf, "/."...)
	buf = append(buf, dir...)
	buf = append(buf, t.Path...)
	n := len(buf) - p - 2
	if clean {
		n = removeDots(buf[p+2:], len(dir), !hasDotSegment(dir, dotsRFC))
	}
	path := buf[p+2 : p+2+n]
	if g := pathGuard(hasScheme, t.HasAuthority, bytesString(path)); g != "" {
		copy(buf[p:], g)
		buf = buf[:p+2+n]
	} else {
		copy(buf[p:], path)
		buf = buf[:p+n]
	}
	buf = URI{Query: t.Query, Fragment: t.Fragment, HasQuery: t.HasQuery, HasFragment: t.HasFragment}.AppendTo(buf)
	return bytesString(buf), nil
}

// transformReference is the transform of RFC 3986, Section 5.2.2 for the
// strict parser, up to the target's path. It fills *t, which must be the
// zero URI, with every component of T, except that t.Path holds the path
// still to be merged and cleaned; it returns dir, the base directory to
// merge that path with (RFC 3986, Section 5.2.3; "" when there is nothing
// to merge), and clean, whether dot segments must be removed from
// dir+t.Path (RFC 3986, Section 5.2.4). resolvedPath finishes the job.
// Everything goes by pointer and T is filled field by field, since a URI is
// large enough for its copies to show in profiles.
func transformReference(t, base, ref *URI) (dir string, clean bool) {
	if ref.Scheme != "" {
		// T.scheme, T.authority, T.path, T.query, T.fragment = R's.
		*t = *ref
		return "", true
	}
	if ref.HasAuthority {
		// T.authority, T.path, T.query, T.fragment = R's.
		*t = *ref
		t.Scheme = base.Scheme
		return "", true
	}
	// T.scheme = Base.scheme; T.authority = Base.authority.
	t.Scheme = base.Scheme
	t.Userinfo, t.HasUserinfo = base.Userinfo, base.HasUserinfo
	t.Host, t.HasAuthority = base.Host, base.HasAuthority
	t.Port, t.HasPort = base.Port, base.HasPort
	t.Fragment, t.HasFragment = ref.Fragment, ref.HasFragment
	if ref.Path == "" {
		// T.path = Base.path; T.query = R.query if defined, else Base.query.
		t.Path = base.Path
		if ref.HasQuery {
			t.Query, t.HasQuery = ref.Query, true
		} else {
			t.Query, t.HasQuery = base.Query, base.HasQuery
		}
		return "", false
	}
	t.Path = ref.Path
	t.Query, t.HasQuery = ref.Query, ref.HasQuery
	if ref.Path[0] == '/' {
		return "", true
	}
	return mergeBase(base), true
}

// mergeBase returns the part of base's path that a relative-path reference
// is appended to, by the merge routine of RFC 3986, Section 5.2.3: "/" if
// base has an authority and an empty path, and otherwise base's path up to
// and including its last "/", or "" if it has none.
func mergeBase(base *URI) string {
	if base.HasAuthority && base.Path == "" {
		return "/"
	}
	return base.Path[:strings.LastIndexByte(base.Path, '/')+1]
}

// resolvedPath finishes the target path that transformReference began:
// dir+p, cleaned of dot segments if clean is set, with the guard of
// pathGuard before it for a target with or without a scheme and an
// authority. It allocates only when the result is neither p itself nor,
// for a reference of dot segments alone such as "../..", a prefix of dir.
func resolvedPath(p, dir string, clean, hasScheme, hasAuthority bool) string {
	if dir == "" && (!clean || !hasDotSegment(p, dotsRFC)) {
		if g := pathGuard(hasScheme, hasAuthority, p); g != "" {
			return g + p
		}
		return p
	}
	dirClean := !hasDotSegment(dir, dotsRFC)
	if dirClean && clean {
		if a, ok := ancestor(dir, p); ok && pathGuard(hasScheme, hasAuthority, a) == "" {
			return a
		}
	}
	// Two bytes of room for the guard, then the merged path, cleaned in place.
	buf := make([]byte, 2+len(dir)+len(p))
	copy(buf[2:], dir)
	copy(buf[2+len(dir):], p)
	n := len(buf) - 2
	if clean {
		n = removeDots(buf[2:], len(dir), dirClean)
	}
	out := buf[2 : 2+n]
	if g := pathGuard(hasScheme, hasAuthority, bytesString(out)); g != "" {
		copy(buf, g)
		out = buf[:2+n]
	}
	return bytesString(out)
}

// ancestor returns what RFC 3986, Section 5.2.4 makes of dir+p when p
// consists of dot segments alone ("." "./" ".." "../.." and so on) and dir
// is an absolute directory ("/" first and last), which the caller has
// checked to have no dot segments: the prefix of dir that remains after
// each ".." has removed one segment, "/" at least. ok is false, and nothing
// is computed, for any other p, or a dir that is not absolute. Such
// references ("../", ".") point at an ancestor of the base, which is
// already text in base's path, so resolving them needs no allocation.
func ancestor(dir, p string) (a string, ok bool) {
	if dir == "" || dir[0] != '/' || p == "" || p[0] != '.' {
		return "", false
	}
	k := len(dir)
	for i := 0; i < len(p); {
		switch {
		case i+1 == len(p) || p[i+1] == '/':
			if p[i] != '.' {
				return "", false
			}
			i += 2
		case p[i] == '.' && p[i+1] == '.' && (i+2 == len(p) || p[i+2] == '/'):
			if k > 1 {
				k = strings.LastIndexByte(dir[:k-1], '/') + 1
			}
			i += 3
		default:
			return "", false
		}
	}
	return dir[:k], true
}

// RemoveDotSegments returns path with its "." and ".." segments
// interpreted and removed, by the algorithm of RFC 3986, Section 5.2.4:
// "/a/b/c/./../../g" becomes "/a/g" and "mid/content=5/../6" becomes
// "mid/6". Only complete segments count, and only literal dots:
// "..g", "g." and "%2E%2E" are ordinary segments. A ".." never climbs above
// the root: "/../g" becomes "/g".
//
// RemoveDotSegments runs in time linear in len(path) and is idempotent. It
// returns path itself, without allocating, when path has no dot segments,
// and allocates once otherwise. The result may start with "//" (as
// "/..//b" does) or have a ':' in its first segment; Resolve guards against
// both, see there.
func RemoveDotSegments(path string) string {
	if !hasDotSegment(path, dotsRFC) {
		return path
	}
	b := []byte(path)
	return bytesString(b[:removeDotsInPlace(b, 0)])
}

// removeDots is removeDotsInPlace for a path b that begins with a
// directory of length dir, taken from a base path ("" or ending in "/"; RFC
// 3986, Section 5.2.3), followed by the reference's path; dirClean says
// that the directory has no dot segments. The loop would only copy a part
// without dot segments onto itself, so for a clean directory it starts at
// the directory's last "/", which belongs to the segment after it (a ".."
// there must still remove the directory's last segment), and when the rest
// has no dot segments either, it does not run at all.
func removeDots(b []byte, dir int, dirClean bool) int {
	if !dirClean {
		return removeDotsInPlace(b, 0)
	}
	if !hasDotSegment(bytesString(b[dir:]), dotsRFC) {
		return len(b)
	}
	return removeDotsInPlace(b, max(dir-1, 0))
}

// removeDotsInPlace runs the loop of RFC 3986, Section 5.2.4 on the path in
// b and returns the length of the result, which it leaves in b[:n]. The
// input buffer is b[r:] and the output buffer b[:w]; the output never
// overtakes the input (w <= r), so one buffer holds both. Each rule moves r
// forward, and rule 2C pops the output back to its last "/" by scanning
// only the segment it removes, so the whole run is linear: every byte is
// read once and scanned backward at most once.
//
// Every rule looks at the first segment of the input: rules 2A to 2D apply
// when it is "." or "..", with or without a "/" before it and with or
// without more input after it, and rule 2E applies otherwise. The loop
// classifies the segment once and then picks the rule.
//
// from says where to start: b[:from] must be a path without dot segments
// that is followed by a "/" or ends b, so that the loop, run from 0,
// would only have moved it to the output.
func removeDotsInPlace(b []byte, from int) int {
	r, w, n := from, from, len(b)
	for r < n {
		in := b[r:]
		slash := in[0] == '/'
		k := 0 // where the segment starts, after any "/"
		if slash {
			k = 1
		}
		dots := 0 // 1 for a complete segment ".", 2 for "..", else 0
		if k < len(in) && in[k] == '.' {
			switch {
			case k+1 == len(in) || in[k+1] == '/':
				dots = 1
			case in[k+1] == '.' && (k+2 == len(in) || in[k+2] == '/'):
				dots = 2
			}
		}
		more := k+dots < len(in) // a "/" follows the dot segment

		switch {
		case dots == 0:
			// 2E: move the first segment, with its leading "/" if any, to
			// the output.
			j := 1 // in[0] is "/" or the first byte of the segment
			for j < len(in) && in[j] != '/' {
				j++
			}
			if w != r {
				copy(b[w:], in[:j])
			}
			w += j
			r += j

		case !slash && more:
			// 2A: remove a prefix "../" or "./".
			r += dots + 1
		case !slash:
			// 2D: remove an input of only "." or "..".
			r = n

		case dots == 1 && more:
			// 2B: replace a prefix "/./" with "/".
			r += 2
		case dots == 1:
			// 2B: replace "/." (complete) with "/", which 2E then moves
			// to the output.
			b[w] = '/'
			w++
			r = n

		case more:
			// 2C: replace a prefix "/../" with "/" and remove the last
			// segment and its preceding "/" (if any) from the output.
			r += 3
			w = max(bytes.LastIndexByte(b[:w], '/'), 0)
		default:
			// 2C: the same for "/.." (complete), after which 2E moves the
			// "/" to the output.
			w = max(bytes.LastIndexByte(b[:w], '/'), 0)
			b[w] = '/'
			w++
			r = n
		}
	}
	return w
}

// Relativize returns the shortest relative reference r that base resolves
// to target, the inverse of Resolve: with t = base.Resolve(target),
//
//	r, ok := base.Relativize(target)
//	ok implies r.Scheme == "" && base.Resolve(r) == t
//
// with == exact. For a target with a scheme, t is target with the dot
// segments of its path removed (RFC 3986, Section 5.2.4, with the guard
// documented on Resolve), and does not depend on base; so when target's
// path has no dot segments, as after Resolve or Normalize, base.Resolve(r)
// == target. r's fragment is target's; base's fragment plays no part.
//
// Shortest means fewest bytes of r.String(). Among references of that
// length Relativize prefers, in order: a same-document or query-only
// reference ("", "#f", "?q"), a relative-path reference ("g", "../g", "."),
// an absolute-path reference ("/g"), and a network-path reference
// ("//host/g"). A relative path whose first segment contains ':' gets "./"
// before it ("./a:b"), as does one that would start with "//"; an absolute
// path that would start with "//" gets "/." before it. Every candidate is
// checked by resolving it before it is returned.
//
// ok is false, and r is the zero URI, exactly when no relative reference
// resolves to t: when base or target has no scheme; when their schemes
// differ (compared exactly, so normalize case first if "HTTP" and "http"
// should match); when base has an authority and target has none; and, under
// a base without an authority, for some paths that no reference reaches,
// such as "s:c" against "s:a/b" (a relative path against "a/b" either keeps
// the segment "a" or, climbing above it, becomes an absolute path; RFC 3986,
// Section 5.2.4) or "s:c" against "s:/a".
func (base URI) Relativize(target URI) (URI, bool) {
	if base.Scheme == "" || target.Scheme != base.Scheme {
		return URI{}, false
	}
	t := base.Resolve(target)
	var best URI
	found := false
	try := func(r URI) {
		if found && r.len() >= best.len() {
			return // earlier candidates win ties
		}
		if base.Resolve(r) == t {
			best, found = r, true
		}
	}
	withQuery := func(r URI) URI {
		r.Query, r.HasQuery = t.Query, t.HasQuery
		r.Fragment, r.HasFragment = t.Fragment, t.HasFragment
		return r
	}
	sameAuthority := t.HasAuthority == base.HasAuthority &&
		t.HasUserinfo == base.HasUserinfo && t.Userinfo == base.Userinfo &&
		t.Host == base.Host &&
		t.HasPort == base.HasPort && t.Port == base.Port
	if sameAuthority {
		if t.Path == base.Path {
			// An empty path keeps base's path and, without a query in the
			// reference, base's query (RFC 3986, Section 5.2.2).
			r := URI{Fragment: t.Fragment, HasFragment: t.HasFragment}
			if t.HasQuery && (!base.HasQuery || t.Query != base.Query) {
				r.Query, r.HasQuery = t.Query, true
			}
			try(r)
		}
		if p, ok := relativePathTo(base, t.Path); ok {
			try(withQuery(URI{Path: p}))
		}
		if strings.HasPrefix(t.Path, "/") {
			try(withQuery(URI{Path: pathGuard(false, false, t.Path) + t.Path}))
		}
	}
	if t.HasAuthority {
		r := t
		r.Scheme = ""
		try(r)
	}
	if !found {
		return URI{}, false
	}
	return best, true
}

// relativePathTo returns the shortest relative-path reference (RFC 3986,
// Section 4.2) that, merged with base's path and cleaned of dot segments,
// gives path: as many "../" as base's directory has segments below the
// longest directory it shares with path, then the rest of path. It reports
// false when there is no such directory, which happens when base's
// directory is rootless and path does not start with its first segment.
func relativePathTo(base URI, path string) (string, bool) {
	dir := RemoveDotSegments(mergeBase(&base))
	p := RemoveDotSegments(path) // drops a "/." guard, which Resolve restores
	k := 0
	for k < len(dir) && k < len(p) && dir[k] == p[k] {
		k++
	}
	cut := strings.LastIndexByte(dir[:k], '/') + 1
	if cut == 0 && dir != "" {
		return "", false
	}
	ups := strings.Count(dir[cut:], "/")
	rest := p[cut:]
	switch {
	case rest == "" && ups == 0:
		return ".", true
	case rest == "":
		return strings.Repeat("../", ups-1) + "..", true
	case ups > 0:
		return strings.Repeat("../", ups) + rest, true
	case rest[0] == '/':
		return "./" + rest, true // "//x" would read as an authority, "/x" as an absolute path
	}
	return pathGuard(false, false, rest) + rest, true
}
