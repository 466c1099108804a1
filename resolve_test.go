package uri

import (
	"bufio"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// resolveRow is one line of a case file under testdata: its TAB-separated
// fields (with "" standing for the empty string), an optional mode and
// note, and where it came from.
type resolveRow struct {
	fields  []string
	mode    string // "", "strict" or "non-strict"
	note    string // text after ";", trimmed
	section string // the "# RFC 3986, Section ..." header above the row, if any
	pos     string // file:line
}

// readResolveRows reads a case file in the format described at the top of
// testdata/resolve.txt: TAB-separated fields, "" for the empty string, an
// optional mode ("strict", "non-strict") and a last field starting with ";"
// for a note. A comment "# RFC 3986, Section ..." names the section of the
// rows up to the next blank line. Each row must have exactly n fields
// besides mode and note.
func readResolveRows(t testing.TB, name string, n int) []resolveRow {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []resolveRow
	section := ""
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		switch {
		case text == "":
			section = ""
			continue
		case strings.HasPrefix(text, "# RFC 3986, Section "):
			section = strings.TrimPrefix(text, "# ")
			continue
		case text[0] == '#':
			continue
		}
		row := resolveRow{section: section, pos: name + ":" + strconv.Itoa(line)}
		fields := strings.Split(text, "\t")
		if last := fields[len(fields)-1]; len(fields) > n && strings.HasPrefix(last, ";") {
			row.note = strings.TrimSpace(last[1:])
			fields = fields[:len(fields)-1]
		}
		if len(fields) == n+1 && (fields[n] == "strict" || fields[n] == "non-strict") {
			row.mode = fields[n]
			fields = fields[:n]
		}
		if len(fields) != n {
			t.Fatalf("%s: want %d fields, have %q", row.pos, n, fields)
		}
		for i, f := range fields {
			if f == "" {
				t.Fatalf("%s: field %d is empty; write \"\" for the empty string", row.pos, i+1)
			}
			if f == `""` {
				fields[i] = ""
			}
		}
		row.fields = fields
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// checkResolved checks what every URI that Resolve or Relativize returns
// must satisfy: it is valid, and its text parses back to exactly it.
func checkResolved(t testing.TB, what string, u URI) {
	t.Helper()
	if err := u.Validate(); err != nil {
		t.Errorf("%s: %#v.Validate() = %v", what, u, err)
	}
	s := u.String()
	v, err := Parse(s)
	if err != nil {
		t.Errorf("%s: Parse(%q) = %v", what, s, err)
	} else if v != u {
		t.Errorf("%s: Parse(%q) = %#v, want %#v", what, s, v, u)
	}
}

// netURLResolve is what Go's net/url answers for base and ref, or "error".
func netURLResolve(base, ref string) string {
	b, err := url.Parse(base)
	if err != nil {
		return "error"
	}
	r, err := url.Parse(ref)
	if err != nil {
		return "error"
	}
	return b.ResolveReference(r).String()
}

func TestResolveFile(t *testing.T) {
	rows := readResolveRows(t, "testdata/resolve.txt", 3)
	sections := map[string]int{}
	for _, row := range rows {
		sections[row.section]++
		base, ref, want := row.fields[0], row.fields[1], row.fields[2]
		b, err := Parse(base)
		if err != nil {
			t.Errorf("%s: base: %v", row.pos, err)
			continue
		}
		r, err := Parse(ref)
		if err != nil {
			t.Errorf("%s: reference: %v", row.pos, err)
			continue
		}
		w, err := Parse(want)
		if err != nil {
			t.Errorf("%s: target: %v", row.pos, err)
			continue
		}
		check := func(name string, got URI) {
			t.Helper()
			if got != w {
				t.Errorf("%s: Parse(%q).%s(Parse(%q)) = %q %#v, want %q %#v", row.pos, base, name, ref, got.String(), got, want, w)
			}
			checkResolved(t, row.pos+": "+name, got)
		}
		if row.mode != "non-strict" {
			check("Resolve", b.Resolve(r))
			if b.Scheme != "" {
				if got, err := ResolveString(base, ref); err != nil || got != want {
					t.Errorf("%s: ResolveString(%q, %q) = %q, %v; want %q", row.pos, base, ref, got, err, want)
				}
			}
			// The note on the row must say exactly where net/url differs:
			// "...; net/url: X" when it answers X, nothing about it otherwise.
			nu := netURLResolve(base, ref)
			_, noted, hasNote := strings.Cut(row.note, "net/url: ")
			// A note may give an older release's answer after the
			// newest: "net/url: X (go1.24 and go1.25: Y)".
			if newest, older, ok := strings.Cut(noted, " (go1.24 and go1.25: "); ok {
				noted = newest
				if netURLResolveKeepsDoubleSlash() {
					noted = strings.TrimSuffix(older, ")")
				}
			}
			// url.Parse took IPvFuture before CVE-2025-47912's fix, and
			// then agrees with the row.
			if noted == "error" && strings.Contains(base+ref, "[v") && !netURLChecksBrackets() {
				hasNote = false
			}
			switch {
			case nu != want && (!hasNote || noted != nu):
				t.Errorf("%s: net/url answers %q; the row's note should end \"net/url: %s\"", row.pos, nu, nu)
			case nu == want && hasNote:
				t.Errorf("%s: net/url agrees, but the row's note says %q", row.pos, row.note)
			}
		}
		if row.mode != "strict" {
			check("ResolveNonStrict", b.ResolveNonStrict(r))
		}
	}
	// The RFC's examples are all there: 23 normal ones, and 19 abnormal
	// ones of which "http:g" has one row for each reading.
	if n := sections["RFC 3986, Section 5.4.1"]; n != 23 {
		t.Errorf("%d rows under RFC 3986, Section 5.4.1, want 23", n)
	}
	if n := sections["RFC 3986, Section 5.4.2"]; n != 20 {
		t.Errorf("%d rows under RFC 3986, Section 5.4.2, want 20", n)
	}
	if n := sections[""]; n < 150 {
		t.Errorf("%d rows of our own, want at least 150", n)
	}
}

// removeDotSegmentsSlow transcribes the algorithm of RFC 3986, Section
// 5.2.4 step by step, on two string buffers, as an oracle for
// RemoveDotSegments. It takes quadratic time.
func removeDotSegmentsSlow(path string) string {
	// 1. The input buffer is initialized with the now-appended path
	// components and the output buffer is initialized to the empty string.
	in, out := path, ""
	// removeLast removes the last segment and its preceding "/" (if any)
	// from the output buffer.
	removeLast := func() {
		if i := strings.LastIndex(out, "/"); i >= 0 {
			out = out[:i]
		} else {
			out = ""
		}
	}
	// 2. While the input buffer is not empty, loop as follows:
	for in != "" {
		switch {
		// A. If the input buffer begins with a prefix of "../" or "./",
		// then remove that prefix from the input buffer; otherwise,
		case strings.HasPrefix(in, "../"):
			in = strings.TrimPrefix(in, "../")
		case strings.HasPrefix(in, "./"):
			in = strings.TrimPrefix(in, "./")

		// B. if the input buffer begins with a prefix of "/./" or "/.",
		// where "." is a complete path segment, then replace that prefix
		// with "/" in the input buffer; otherwise,
		case strings.HasPrefix(in, "/./"):
			in = "/" + strings.TrimPrefix(in, "/./")
		case in == "/.":
			in = "/"

		// C. if the input buffer begins with a prefix of "/../" or "/..",
		// where ".." is a complete path segment, then replace that prefix
		// with "/" in the input buffer and remove the last segment and its
		// preceding "/" (if any) from the output buffer; otherwise,
		case strings.HasPrefix(in, "/../"):
			in = "/" + strings.TrimPrefix(in, "/../")
			removeLast()
		case in == "/..":
			in = "/"
			removeLast()

		// D. if the input buffer consists only of "." or "..", then remove
		// that from the input buffer; otherwise,
		case in == "." || in == "..":
			in = ""

		// E. move the first path segment in the input buffer to the end of
		// the output buffer, including the initial "/" character (if any)
		// and any subsequent characters up to, but not including, the next
		// "/" character or the end of the input buffer.
		default:
			seg := in
			start := 0
			if strings.HasPrefix(in, "/") {
				start = 1
			}
			if i := strings.Index(in[start:], "/"); i >= 0 {
				seg = in[:start+i]
			}
			out += seg
			in = strings.TrimPrefix(in, seg)
		}
	}
	// 3. Finally, the output buffer is returned as the result of
	// remove_dot_segments.
	return out
}

// checkRemoveDotSegments checks RemoveDotSegments(in) against the oracle
// and the properties its doc comment states.
func checkRemoveDotSegments(t testing.TB, in string) string {
	t.Helper()
	got := RemoveDotSegments(in)
	if want := removeDotSegmentsSlow(in); got != want {
		t.Errorf("RemoveDotSegments(%q) = %q, removeDotSegmentsSlow says %q", in, got, want)
	}
	if again := RemoveDotSegments(got); again != got {
		t.Errorf("RemoveDotSegments(%q) = %q, then %q: not idempotent", in, got, again)
	}
	if hasDotSegment(in, dotsRFC) != (got != in) {
		t.Errorf("hasDotSegment(%q, dotsRFC) = %v, but RemoveDotSegments gives %q", in, hasDotSegment(in, dotsRFC), got)
	}
	if len(got) > len(in) {
		t.Errorf("RemoveDotSegments(%q) = %q is longer", in, got)
	}
	return got
}

func TestRemoveDotSegmentsFile(t *testing.T) {
	rows := readResolveRows(t, "testdata/resolve_dots.txt", 2)
	if len(rows) < 50 {
		t.Errorf("%d rows, want at least 50", len(rows))
	}
	for _, row := range rows {
		in, want := row.fields[0], row.fields[1]
		if got := checkRemoveDotSegments(t, in); got != want {
			t.Errorf("%s: RemoveDotSegments(%q) = %q, want %q", row.pos, in, got, want)
		}
		if in == want {
			// Nothing to remove: the input itself comes back.
			if n := testing.AllocsPerRun(10, func() { _ = RemoveDotSegments(in) }); n != 0 {
				t.Errorf("%s: RemoveDotSegments(%q) allocates %v times, want 0", row.pos, in, n)
			}
		}
	}
}

// TestRemoveDotSegmentsLong runs shapes that would be quadratic in a
// naive implementation through the oracle at a size the oracle can afford,
// and checks the answers that follow from the shape at a large size.
func TestRemoveDotSegmentsLong(t *testing.T) {
	for _, n := range []int{1, 2, 3, 100} {
		for _, shape := range removeDotShapes {
			checkRemoveDotSegments(t, "/"+strings.Repeat(shape.unit, n))
			checkRemoveDotSegments(t, strings.Repeat(shape.unit, n))
		}
	}
	const n = 200000
	for _, c := range []struct{ in, want string }{
		{"/" + strings.Repeat("a/../", n), "/"},
		{strings.Repeat("../", n) + "x", "x"},
		{"/" + strings.Repeat("./", n) + "x", "/x"},
		{"/" + strings.Repeat("a/b/../", n), "/" + strings.Repeat("a/", n)},
		{"/" + strings.Repeat("a/", n) + strings.Repeat("../", n) + "x", "/x"},
	} {
		if got := RemoveDotSegments(c.in); got != c.want {
			t.Errorf("RemoveDotSegments(%.20q...) = %.20q... (len %d), want %.20q... (len %d)", c.in, got, len(got), c.want, len(c.want))
		}
	}
}

func TestRelativizeFile(t *testing.T) {
	rows := readResolveRows(t, "testdata/resolve_relativize.txt", 3)
	if len(rows) < 60 {
		t.Errorf("%d rows, want at least 60", len(rows))
	}
	for _, row := range rows {
		base, target, want := row.fields[0], row.fields[1], row.fields[2]
		b, err := Parse(base)
		if err != nil {
			t.Errorf("%s: base: %v", row.pos, err)
			continue
		}
		tg, err := Parse(target)
		if err != nil {
			t.Errorf("%s: target: %v", row.pos, err)
			continue
		}
		r, ok := b.Relativize(tg)
		if want == "<none>" {
			if ok || r != (URI{}) {
				t.Errorf("%s: Parse(%q).Relativize(Parse(%q)) = %q, %v; want none", row.pos, base, target, r.String(), ok)
			}
			continue
		}
		if !ok || r.String() != want {
			t.Errorf("%s: Parse(%q).Relativize(Parse(%q)) = %q, %v; want %q", row.pos, base, target, r.String(), ok, want)
			continue
		}
		checkRelativized(t, row.pos, b, tg, r)
	}
}

// checkRelativized checks the contract of Relativize for a result r that
// it reported ok.
func checkRelativized(t testing.TB, what string, base, target, r URI) {
	t.Helper()
	if r.Scheme != "" {
		t.Errorf("%s: Parse(%q).Relativize(Parse(%q)) = %q has a scheme", what, base, target, r)
	}
	if got, want := base.Resolve(r), base.Resolve(target); got != want {
		t.Errorf("%s: Parse(%q).Relativize(Parse(%q)) = %q, which resolves to %q, want %q", what, base, target, r, got, want)
	}
	checkResolved(t, what+": Relativize", r)
}

func TestResolveDeviation(t *testing.T) {
	// The motivating input of the deviation documented on Resolve: by the
	// letter of RFC 3986, Section 5.2.2 the target's path is "//b", and
	// recomposing it gives a URI with host "b".
	base, ref := MustParse("foo:/a"), MustParse("..//b")
	if got := RemoveDotSegments(mergeBase(&base) + ref.Path); got != "//b" {
		t.Fatalf("letter of the RFC: path %q, want %q", got, "//b")
	}
	if letter := (URI{Scheme: "foo", Path: "//b"}); MustParse(letter.String()).Host != "b" {
		t.Fatalf("%q should read back with host b", letter)
	}
	got := base.Resolve(ref)
	if want := (URI{Scheme: "foo", Path: "/.//b"}); got != want {
		t.Errorf("Resolve = %#v, want %#v", got, want)
	}
	if RemoveDotSegments(got.Path) != "//b" {
		t.Errorf("the guarded path %q does not mean %q", got.Path, "//b")
	}
}

func TestResolveAllocs(t *testing.T) {
	base := MustParse("http://a/b/c/d;p?q")
	for _, c := range []struct {
		ref           string
		resolve, text float64 // allocations by Resolve, and by ResolveString
	}{
		{"g:h", 0, 0},                // the target is the reference
		{"http://x/y?z#f", 0, 0},     // likewise
		{"", 0, 0},                   // the target is base
		{"#s", 0, 1},                 // base's components, a new text
		{"?y", 0, 1},                 // likewise
		{"/g", 0, 1},                 // the reference's path
		{"//g/h", 0, 1},              // likewise
		{"g", 1, 1},                  // a merged path
		{"../../g", 1, 1},            // a merged and cleaned path
		{"g;x?y#s", 1, 1},            // likewise, with query and fragment
		{"/a/../g", 1, 1},            // a cleaned path
		{"http://x/./y", 1, 1},       // likewise
		{"//g/../h?y#s", 1, 1},       // likewise
		{"g?y/../x#s/../z", 1, 1},    // dot segments outside the path stay
		{"../../../../g?y#s", 1, 1},  // above the root
		{"http://a/b/c/d;p?q", 0, 0}, // absolute, equal to base
		{"..", 0, 1},                 // an ancestor: a prefix of base's path
		{"./", 0, 1},                 // likewise
		{"../../../..", 0, 1},        // likewise, above the root
		{"../.", 0, 1},               // likewise
		{"..?y", 0, 1},               // likewise, with a query
		{"...", 1, 1},                // not a dot segment: merged
		{"..//", 1, 1},               // an empty segment: merged and cleaned
	} {
		ref := MustParse(c.ref)
		if n := testing.AllocsPerRun(100, func() { _ = base.Resolve(ref) }); n != c.resolve {
			t.Errorf("Resolve(%q) allocates %v times, want %v", c.ref, n, c.resolve)
		}
		got := base.Resolve(ref)
		if n := testing.AllocsPerRun(100, func() { _ = got.String() }); n != 1 {
			t.Errorf("Resolve(%q).String() allocates %v times, want 1", c.ref, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = ResolveString("http://a/b/c/d;p?q", c.ref) }); n != c.text {
			t.Errorf("ResolveString(%q) allocates %v times, want %v", c.ref, n, c.text)
		}
	}
	// Guarded paths allocate once too.
	fb, ref := MustParse("foo:/a"), MustParse("..//b")
	if n := testing.AllocsPerRun(100, func() { _ = fb.Resolve(ref) }); n != 1 {
		t.Errorf("Resolve(%q) allocates %v times, want 1", ref, n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = ResolveString("foo:/a", "..//b") }); n != 1 {
		t.Errorf("ResolveString(%q) allocates %v times, want 1", ref, n)
	}
}

// TestAncestor checks the allocation-free shortcut for references of dot
// segments alone against the general loop of RFC 3986, Section 5.2.4, on
// every reference of up to four such segments and on directories of
// several shapes, including relative ones, which it must decline.
// (resolvedPath does not call it for directories with dot segments.)
func TestAncestor(t *testing.T) {
	dirs := []string{"/", "/a/", "/a/b/", "/a/b/c/", "//", "/a//", "//a/b/", "/a;p/b=c/", "", "a/", "a/b/", "/a/.b/", "/a/..b/"}
	refs := []string{""}
	for range 4 {
		for _, r := range refs {
			for _, seg := range []string{".", ".."} {
				for _, sep := range []string{"", "/"} {
					next := seg + sep
					if r != "" {
						if !strings.HasSuffix(r, "/") {
							continue
						}
						next = r + next
					}
					if !slices.Contains(refs, next) {
						refs = append(refs, next)
					}
				}
			}
		}
	}
	refs = append(refs, "...", "..//", "./g", "../g", "..g", ".%2E", "/..", "../ ", ".:")
	n := 0
	for _, dir := range dirs {
		for _, p := range refs {
			got, ok := ancestor(dir, p)
			// Every segment "." or "..", but for an empty one after a
			// final "/".
			segs := strings.Split(strings.TrimSuffix(p, "/"), "/")
			dotsOnly := p != ""
			for _, seg := range segs {
				dotsOnly = dotsOnly && (seg == "." || seg == "..")
			}
			wantOK := dotsOnly && strings.HasPrefix(dir, "/")
			if ok != wantOK {
				t.Errorf("ancestor(%q, %q) ok = %v, want %v", dir, p, ok, wantOK)
				continue
			}
			if !ok {
				continue
			}
			n++
			if want := RemoveDotSegments(dir + p); got != want {
				t.Errorf("ancestor(%q, %q) = %q, RemoveDotSegments says %q", dir, p, got, want)
			}
			if !strings.HasPrefix(dir, got) || got == "" {
				t.Errorf("ancestor(%q, %q) = %q, not a non-empty prefix of the directory", dir, p, got)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d (directory, reference) pairs took the shortcut", n)
	}
}

func TestResolveString(t *testing.T) {
	for _, c := range []struct {
		base, ref string
		want      string
		err       error // sentinel, for a failure
		errInput  string
		offset    int
	}{
		{base: "http://a/b/c/d;p?q", ref: "../g", want: "http://a/b/g"},
		{base: "http://a/b/c/d;p?q#f", ref: "", want: "http://a/b/c/d;p?q"},
		{base: "http://a/b/c/d;p?q#f", ref: "#", want: "http://a/b/c/d;p?q#"},
		{base: "http://a/b/c/d;p?q", ref: "http:g", want: "http:g"},
		{base: "foo:/a", ref: "..//b", want: "foo:/.//b"},
		{base: "a/b", ref: "c", err: ErrScheme, errInput: "a/b", offset: 1},
		{base: "", ref: "c", err: ErrScheme, errInput: "", offset: 0},
		{base: "http://a:x/", ref: "c", err: ErrPort, errInput: "http://a:x/", offset: 9},
		{base: "http://a/", ref: "a b", err: ErrPath, errInput: "a b", offset: 1},
		{base: "http://a/", ref: "a:b:c d", err: ErrPath, errInput: "a:b:c d", offset: 5},
		{base: "http://a/", ref: "#%zz", err: ErrFragment, errInput: "#%zz", offset: 2},
	} {
		got, err := ResolveString(c.base, c.ref)
		if c.err == nil {
			if err != nil || got != c.want {
				t.Errorf("ResolveString(%q, %q) = %q, %v; want %q", c.base, c.ref, got, err, c.want)
			}
			continue
		}
		e, ok := err.(*Error)
		if !ok || e.Err != c.err || e.Input != c.errInput || e.Offset != c.offset || got != "" {
			t.Errorf("ResolveString(%q, %q) = %q, %#v; want error %v in %q at %d", c.base, c.ref, got, err, c.err, c.errInput, c.offset)
		}
	}
}

// resolveSlow transcribes the strict transform of RFC 3986, Section 5.2.2
// line by line, with the merge of Section 5.2.3 and removeDotSegmentsSlow,
// on components that are either defined (with a value) or not, as an
// oracle for Resolve. It applies pathGuard last, as Resolve documents.
func resolveSlow(base, ref URI, strict bool) URI {
	type comp struct {
		defined bool
		value   string
	}
	authority := func(u URI) comp {
		if !u.HasAuthority {
			return comp{}
		}
		s := u.Host
		if u.HasUserinfo {
			s = u.Userinfo + "@" + s
		}
		if u.HasPort {
			s += ":" + u.Port
		}
		return comp{true, s}
	}
	type parts struct {
		scheme, authority, query, fragment comp
		path                               string
	}
	split := func(u URI) parts {
		return parts{
			scheme:    comp{u.Scheme != "", u.Scheme},
			authority: authority(u),
			path:      u.Path,
			query:     comp{u.HasQuery, u.Query},
			fragment:  comp{u.HasFragment, u.Fragment},
		}
	}
	Base, R := split(base), split(ref)
	merge := func(basePath, refPath string) string {
		if Base.authority.defined && basePath == "" {
			return "/" + refPath
		}
		if i := strings.LastIndex(basePath, "/"); i >= 0 {
			return basePath[:i+1] + refPath
		}
		return refPath
	}
	var T parts

	if !strict && strings.EqualFold(R.scheme.value, Base.scheme.value) {
		R.scheme = comp{}
	}
	if R.scheme.defined {
		T.scheme = R.scheme
		T.authority = R.authority
		T.path = removeDotSegmentsSlow(R.path)
		T.query = R.query
	} else {
		if R.authority.defined {
			T.authority = R.authority
			T.path = removeDotSegmentsSlow(R.path)
			T.query = R.query
		} else {
			if R.path == "" {
				T.path = Base.path
				if R.query.defined {
					T.query = R.query
				} else {
					T.query = Base.query
				}
			} else {
				if strings.HasPrefix(R.path, "/") {
					T.path = removeDotSegmentsSlow(R.path)
				} else {
					T.path = merge(Base.path, R.path)
					T.path = removeDotSegmentsSlow(T.path)
				}
				T.query = R.query
			}
			T.authority = Base.authority
		}
		T.scheme = Base.scheme
	}
	T.fragment = R.fragment

	// Recompose (RFC 3986, Section 5.3) with the guard, and parse.
	var b strings.Builder
	if T.scheme.defined {
		b.WriteString(T.scheme.value + ":")
	}
	if T.authority.defined {
		b.WriteString("//" + T.authority.value)
	}
	b.WriteString(pathGuard(T.scheme.defined, T.authority.defined, T.path))
	b.WriteString(T.path)
	if T.query.defined {
		b.WriteString("?" + T.query.value)
	}
	if T.fragment.defined {
		b.WriteString("#" + T.fragment.value)
	}
	u, err := Parse(b.String())
	if err != nil {
		panic(err)
	}
	return u
}

func TestResolveSlowAgrees(t *testing.T) {
	// The oracle against the file, so that FuzzResolve's comparison rests
	// on an oracle that is itself right.
	for _, row := range readResolveRows(t, "testdata/resolve.txt", 3) {
		b, r := MustParse(row.fields[0]), MustParse(row.fields[1])
		want := MustParse(row.fields[2])
		if row.mode != "non-strict" {
			if got := resolveSlow(b, r, true); got != want {
				t.Errorf("%s: resolveSlow strict = %q, want %q", row.pos, got, want)
			}
		}
		if row.mode != "strict" {
			if got := resolveSlow(b, r, false); got != want {
				t.Errorf("%s: resolveSlow non-strict = %q, want %q", row.pos, got, want)
			}
		}
	}
}

// rfcResolveExamples returns the references of RFC 3986, Section 5.4.1 and
// Section 5.4.2 (base "http://a/b/c/d;p?q"), read from testdata/resolve.txt,
// with "http:g" once.
func rfcResolveExamples(t testing.TB) []string {
	t.Helper()
	var refs []string
	for _, row := range readResolveRows(t, "testdata/resolve.txt", 3) {
		if strings.HasPrefix(row.section, "RFC 3986, Section 5.4.") && row.mode != "non-strict" {
			refs = append(refs, row.fields[1])
		}
	}
	return refs
}

func FuzzResolve(f *testing.F) {
	for _, ref := range rfcResolveExamples(f) {
		f.Add("http://a/b/c/d;p?q", ref)
	}
	for _, row := range readResolveRows(f, "testdata/resolve.txt", 3) {
		f.Add(row.fields[0], row.fields[1])
	}
	for _, row := range readResolveRows(f, "testdata/resolve_dots.txt", 2) {
		f.Add("foo:"+row.fields[0], row.fields[0])
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		// RemoveDotSegments on any text, valid or not.
		checkRemoveDotSegments(t, base)
		checkRemoveDotSegments(t, ref)

		b, err := Parse(base)
		if err != nil {
			return
		}
		r, err := Parse(ref)
		if err != nil {
			return
		}
		checkRemoveDotSegments(t, b.Path)
		checkRemoveDotSegments(t, mergeBase(&b)+r.Path)

		got := b.Resolve(r)
		checkResolved(t, "Resolve", got)
		if want := resolveSlow(b, r, true); got != want {
			t.Fatalf("Parse(%q).Resolve(Parse(%q)) = %q, resolveSlow says %q", base, ref, got, want)
		}
		nonStrict := b.ResolveNonStrict(r)
		checkResolved(t, "ResolveNonStrict", nonStrict)
		if want := resolveSlow(b, r, false); nonStrict != want {
			t.Fatalf("Parse(%q).ResolveNonStrict(Parse(%q)) = %q, resolveSlow says %q", base, ref, nonStrict, want)
		}
		if r.Scheme == "" || !strings.EqualFold(r.Scheme, b.Scheme) {
			if nonStrict != got {
				t.Fatalf("Parse(%q).ResolveNonStrict(Parse(%q)) = %q, Resolve %q", base, ref, nonStrict, got)
			}
		}

		// A reference with a scheme is its own target, dot segments removed.
		if r.Scheme != "" {
			want := r
			p := RemoveDotSegments(r.Path)
			want.Path = pathGuard(true, r.HasAuthority, p) + p
			if got != want {
				t.Fatalf("Parse(%q).Resolve(Parse(%q)) = %#v, want %#v", base, ref, got, want)
			}
		}
		// The fragment is always the reference's; the scheme is base's
		// unless the reference has one.
		if got.HasFragment != r.HasFragment || got.Fragment != r.Fragment {
			t.Fatalf("Parse(%q).Resolve(Parse(%q)) = %q: fragment is not the reference's", base, ref, got)
		}
		if r.Scheme == "" && got.Scheme != b.Scheme {
			t.Fatalf("Parse(%q).Resolve(Parse(%q)) = %q: scheme is not base's", base, ref, got)
		}
		// Resolving a URI with a scheme is idempotent.
		if got.Scheme != "" {
			once := b.Resolve(got)
			if twice := b.Resolve(once); twice != once {
				t.Fatalf("Resolve(%q) = %q, then %q", got, once, twice)
			}
		}

		// ResolveString agrees, and fails exactly for a base without a scheme.
		s, err := ResolveString(base, ref)
		if b.Scheme == "" {
			if _, ok := err.(*Error); !ok || s != "" {
				t.Fatalf("ResolveString(%q, %q) = %q, %v; want an *Error", base, ref, s, err)
			}
		} else if err != nil || s != got.String() {
			t.Fatalf("ResolveString(%q, %q) = %q, %v; want %q", base, ref, s, err, got)
		}
	})
}

func FuzzRelative(f *testing.F) {
	for _, ref := range rfcResolveExamples(f) {
		f.Add("http://a/b/c/d;p?q", ref)
	}
	for _, row := range readResolveRows(f, "testdata/resolve_relativize.txt", 3) {
		f.Add(row.fields[0], row.fields[1])
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, err := Parse(base)
		if err != nil {
			return
		}
		r, err := Parse(ref)
		if err != nil {
			return
		}
		// Targets: the reference itself, and what it resolves to.
		for _, target := range []URI{r, b.Resolve(r)} {
			rel, ok := b.Relativize(target)
			if ok {
				checkRelativized(t, "FuzzRelative", b, target, rel)
			} else if rel != (URI{}) {
				t.Fatalf("Parse(%q).Relativize(%q) = %#v, false; want the zero URI", base, target, rel)
			}
			// When ok must be true, and when it must be false.
			tt := b.Resolve(target)
			sameScheme := b.Scheme != "" && target.Scheme == b.Scheme
			switch {
			case !sameScheme || (b.HasAuthority && !tt.HasAuthority):
				if ok {
					t.Fatalf("Parse(%q).Relativize(%q) = %q, true; want false", base, target, rel)
				}
			case tt.HasAuthority, strings.HasPrefix(tt.Path, "/"):
				if !ok {
					t.Fatalf("Parse(%q).Relativize(%q) = false; want a reference", base, target)
				}
			}
		}
		// r is a relative reference that reaches target: Relativize must
		// find one, and one no longer than r.
		if b.Scheme == "" || r.Scheme != "" {
			return
		}
		target := b.Resolve(r)
		if b.Resolve(target) != target {
			return // the target has dot segments, which Relativize removes first
		}
		rel, ok := b.Relativize(target)
		if !ok {
			t.Fatalf("Parse(%q).Relativize(%q) = false, but %q reaches it", base, target, r)
		}
		if len(rel.String()) > len(r.String()) {
			t.Fatalf("Parse(%q).Relativize(%q) = %q, but %q is shorter", base, target, rel, r)
		}
	})
}

// removeDotShapes are paths built by repeating a unit, each of which makes
// RemoveDotSegments do one kind of work per segment.
var removeDotShapes = []struct {
	name, unit string
}{
	{"pop", "a/../"},     // rule 2E then 2C: push a segment, pop it
	{"up", "../"},        // rule 2C on an empty output (2A without a leading "/")
	{"dot", "./"},        // rule 2B
	{"grow", "a/b/../"},  // the output grows while popping
	{"plain", "abcdef/"}, // rule 2E only; no dot segments, so no work at all
}

func BenchmarkRemoveDotSegments(b *testing.B) {
	for _, shape := range removeDotShapes {
		for _, n := range []int{10_000, 100_000, 1_000_000} {
			path := "/" + strings.Repeat(shape.unit, n)
			b.Run(shape.name+"/"+strconv.Itoa(n), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(path)))
				for b.Loop() {
					_ = RemoveDotSegments(path)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/segment")
			})
		}
	}
}

// resolveBenchBase is the base of RFC 3986, Section 5.4.
const resolveBenchBase = "http://a/b/c/d;p?q"

// resolveBenchInputs returns the named sets of references that the
// resolution benchmarks share: the examples of RFC 3986, Section 5.4, and
// two built from the paths and queries of ../shared/data/corpus.txt, once as
// absolute-path references ("/x/y?q") and once as relative-path ones
// ("x/y?q", "./" before a first segment with ':'). Only references that
// both this package and net/url parse are kept.
func resolveBenchInputs(b *testing.B) []struct {
	name string
	refs []string
} {
	b.Helper()
	var abs, rel []string
	for _, line := range corpus(b) {
		u, err := Parse(line)
		if err != nil || !u.HasAuthority || u.Path == "" {
			continue
		}
		q := ""
		if u.HasQuery {
			q = "?" + u.Query
		}
		a := u.Path + q
		if strings.HasPrefix(a, "//") {
			continue
		}
		r := strings.TrimPrefix(a, "/")
		r = pathGuard(false, false, r) + r
		for _, s := range []string{a, r} {
			if _, err := url.Parse(s); err != nil || !Valid(s) {
				goto next
			}
		}
		abs = append(abs, a)
		rel = append(rel, r)
	next:
	}
	return []struct {
		name string
		refs []string
	}{
		{"RFC3986-5.4", rfcResolveExamples(b)},
		{"corpus-abs", abs},
		{"corpus-rel", rel},
	}
}

// BenchmarkResolve measures resolution and recomposition only, Resolve
// plus String against net/url's ResolveReference plus String, with every
// input parsed before the timer starts. One op resolves the whole set.
// uri-no-string is Resolve alone, and uri-append writes the text into a
// reused buffer with AppendTo instead of String.
func BenchmarkResolve(b *testing.B) {
	for _, in := range resolveBenchInputs(b) {
		base := MustParse(resolveBenchBase)
		refs := make([]URI, len(in.refs))
		for i, s := range in.refs {
			refs[i] = MustParse(s)
		}
		nbase, _ := url.Parse(resolveBenchBase)
		nrefs := make([]*url.URL, len(in.refs))
		for i, s := range in.refs {
			nrefs[i], _ = url.Parse(s)
		}
		b.Run(in.name+"/uri", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range refs {
					_ = base.Resolve(r).String()
				}
			}
			b.ReportMetric(float64(len(refs)), "refs/op")
		})
		b.Run(in.name+"/uri-no-string", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range refs {
					_ = base.Resolve(r)
				}
			}
			b.ReportMetric(float64(len(refs)), "refs/op")
		})
		b.Run(in.name+"/uri-append", func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				for _, r := range refs {
					buf = base.Resolve(r).AppendTo(buf[:0])
				}
			}
			b.ReportMetric(float64(len(refs)), "refs/op")
		})
		b.Run(in.name+"/net-url", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range nrefs {
					_ = nbase.ResolveReference(r).String()
				}
			}
			b.ReportMetric(float64(len(refs)), "refs/op")
		})
	}
}

// BenchmarkResolveParse measures the whole job from text to text: parse
// base and reference, resolve, recompose. For this package that is
// ResolveString; for net/url, two url.Parse calls, ResolveReference and
// String.
func BenchmarkResolveParse(b *testing.B) {
	for _, in := range resolveBenchInputs(b) {
		b.Run(in.name+"/uri", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range in.refs {
					if _, err := ResolveString(resolveBenchBase, r); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run(in.name+"/net-url", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range in.refs {
					nb, err := url.Parse(resolveBenchBase)
					if err != nil {
						b.Fatal(err)
					}
					nr, err := url.Parse(r)
					if err != nil {
						b.Fatal(err)
					}
					_ = nb.ResolveReference(nr).String()
				}
			}
		})
	}
}
