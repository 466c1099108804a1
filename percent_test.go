package uri

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// pctComponents names the components in testdata/percent.txt.
var pctComponents = map[string]Component{
	"userinfo":   ComponentUserinfo,
	"host":       ComponentHost,
	"path":       ComponentPath,
	"segment":    ComponentPathSegment,
	"query":      ComponentQuery,
	"value":      ComponentQueryValue,
	"fragment":   ComponentFragment,
	"form":       ComponentForm,
	"unreserved": ComponentUnreserved,
}

// allComponents lists every Component constant.
var allComponents = []Component{
	ComponentUserinfo, ComponentHost, ComponentPath, ComponentPathSegment,
	ComponentQuery, ComponentQueryValue, ComponentFragment, ComponentForm,
	ComponentUnreserved,
}

// TestEncodingSets checks, over all 256 bytes, the set each component
// leaves unencoded against literals spelled out here from
// RFC 3986, Section 2.2, 2.3 and 3, independently of parse.go's classes.
func TestEncodingSets(t *testing.T) {
	const (
		unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" // Section 2.3
		subDelims  = "!$&'()*+,;="                                                        // Section 2.2
	)
	want := map[Component]string{
		ComponentUserinfo:    unreserved + subDelims + ":",    // Section 3.2.1
		ComponentHost:        unreserved + subDelims,          // Section 3.2.2, reg-name
		ComponentPath:        unreserved + subDelims + ":@/",  // Section 3.3
		ComponentPathSegment: unreserved + subDelims + ":@",   // Section 3.3, pchar
		ComponentQuery:       unreserved + subDelims + ":@/?", // Section 3.4
		ComponentQueryValue:  unreserved + "!$'()*," + ":@/?", // policy: minus "&+;="
		ComponentFragment:    unreserved + subDelims + ":@/?", // Section 3.5
		// URL Standard, "Percent-encoded bytes": the application/x-www-form-
		// urlencoded percent-encode set is everything but these.
		ComponentForm:       "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._",
		ComponentUnreserved: unreserved, // Section 2.3
	}
	for _, c := range allComponents {
		for i := range 256 {
			b := byte(i)
			s := string([]byte{b})
			keep := strings.IndexByte(want[c], b) >= 0
			plus := c == ComponentForm && b == ' ' // space as '+' (URL Standard, spaceAsPlus)
			got := Encode(s, c)
			switch {
			case keep && got != s:
				t.Errorf("Encode(%q, %v) = %q, want it kept", s, c, got)
			case plus && got != "+":
				t.Errorf("Encode(%q, %v) = %q, want \"+\"", s, c, got)
			case !keep && !plus && got != "%"+strings.ToUpper(strconv.FormatUint(uint64(b)|0x100, 16)[1:]):
				t.Errorf("Encode(%q, %v) = %q, want it encoded", s, c, got)
			}
			// CheckComponent accepts exactly the kept bytes, as text, and
			// for ComponentForm the '+' it writes.
			if c == ComponentForm && b == '+' {
				keep = true
			}
			if err := CheckComponent(s, c); (err == nil) != keep {
				t.Errorf("CheckComponent(%q, %v) = %v, want valid=%v", s, c, err, keep)
			}
		}
	}
}

func TestPercentCases(t *testing.T) {
	rows := readCases(t, "testdata/percent.txt")
	if len(rows) < 100 {
		t.Fatalf("%d rows in testdata/percent.txt, want at least 100", len(rows))
	}
	for _, r := range rows {
		f := r.fields
		where := "percent.txt:" + strconv.Itoa(r.line)
		var c Component
		if name, ok := f["in"]; ok {
			if c, ok = pctComponents[name]; !ok {
				t.Fatalf("%s: unknown component %q", where, name)
			}
		}
		switch r.verb {
		case "encode":
			got := Encode(r.input, c)
			if got != f["want"] {
				t.Errorf("%s: Encode(%q, %v) = %q, want %q", where, r.input, c, got, f["want"])
			}
			checkEncoded(t, r.input, c)
		case "decode":
			got, err := Decode(r.input)
			if at, ok := f["at"]; ok {
				checkPctError(t, where, r.input, err, ErrPercentEncoding, at)
				if got != "" {
					t.Errorf("%s: Decode(%q) = %q with an error, want \"\"", where, r.input, got)
				}
				continue
			}
			if err != nil || got != f["want"] {
				t.Errorf("%s: Decode(%q) = %q, %v, want %q", where, r.input, got, err, f["want"])
			}
		case "check":
			err := CheckComponent(r.input, c)
			if at, ok := f["at"]; ok {
				checkPctError(t, where, r.input, err, componentErrs[c], at)
				continue
			}
			if err != nil {
				t.Errorf("%s: CheckComponent(%q, %v) = %v, want nil", where, r.input, c, err)
			}
		default:
			t.Fatalf("%s: unknown verb %q", where, r.verb)
		}
	}
}

// checkPctError checks that err is an *Error for input with the sentinel
// and the offset at.
func checkPctError(t *testing.T, where, input string, err, sentinel error, at string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("%s: %q: error %v, want an *Error", where, input, err)
		return
	}
	if !errors.Is(err, sentinel) {
		t.Errorf("%s: %q: error %v, want %v", where, input, err, sentinel)
	}
	if strconv.Itoa(e.Offset) != at || e.Input != input {
		t.Errorf("%s: %q: error at %d in %q, want at %s in the input", where, input, e.Offset, e.Input, at)
	}
}

// checkEncoded checks the properties of Encode(data, c) that every test
// and FuzzPercent rely on: it decodes back to data, CheckComponent accepts
// it, no triplet has a lowercase hex digit or encodes a byte c would keep,
// and the parser accepts it in component c of a URI and returns it
// unchanged.
func checkEncoded(t *testing.T, data string, c Component) {
	t.Helper()
	enc := Encode(data, c)
	dec := Decode
	if c == ComponentForm {
		// '+' stands for a space: ComponentForm encodes a '+' of data.
		dec = func(s string) (string, error) { return Decode(strings.ReplaceAll(s, "+", " ")) }
	}
	if d, err := dec(enc); err != nil || d != data {
		t.Fatalf("Decode(Encode(%q, %v) = %q) = %q, %v", data, c, enc, d, err)
	}
	if err := CheckComponent(enc, c); err != nil {
		t.Fatalf("CheckComponent(Encode(%q, %v) = %q) = %v", data, c, enc, err)
	}
	for i := 0; i < len(enc); i++ {
		if enc[i] != '%' {
			continue
		}
		b, _ := strconv.ParseUint(enc[i+1:i+3], 16, 8)
		if strings.ToUpper(enc[i+1:i+3]) != enc[i+1:i+3] || keepTable[b]&(1<<c) != 0 || c == ComponentForm && b == ' ' {
			t.Fatalf("Encode(%q, %v) = %q: triplet %q should not be there", data, c, enc, enc[i:i+3])
		}
		i += 2
	}
	s, get := embed(enc, c)
	u, err := Parse(s)
	if err != nil {
		t.Fatalf("Encode(%q, %v) = %q, which the parser rejects in %q: %v", data, c, enc, s, err)
	}
	if got := get(u); got != enc {
		t.Fatalf("Encode(%q, %v) = %q parses as %q in %q", data, c, enc, got, s)
	}
	if c == ComponentPathSegment {
		segs, err := collectDecoded(u)
		if err != nil || len(segs) != 3 || segs[1] != data {
			t.Fatalf("Encode(%q, %v) = %q: segments of %q are %q, want [x %q y]", data, c, enc, u.Path, segs, data)
		}
	}
}

// embed writes text into component c of a URI and returns the URI's text
// and a function that reads the text back from the parsed URI.
func embed(text string, c Component) (string, func(URI) string) {
	switch c {
	case ComponentUserinfo:
		return "s://" + text + "@h/", func(u URI) string { return u.Userinfo }
	case ComponentHost:
		return "s://" + text + "/", func(u URI) string { return u.Host }
	case ComponentPath:
		return "s://h/" + text, func(u URI) string { return u.Path[1:] }
	case ComponentPathSegment:
		return "s:/x/" + text + "/y", func(u URI) string { return u.Path[3 : len(u.Path)-2] }
	case ComponentQuery, ComponentQueryValue, ComponentForm, ComponentUnreserved:
		return "s:?k=" + text + "&x", func(u URI) string { return u.Query[2 : len(u.Query)-2] }
	}
	return "s:#" + text, func(u URI) string { return u.Fragment }
}

// collectDecoded returns the decoded segments of u, up to an error.
func collectDecoded(u URI) ([]string, error) {
	var out []string
	for s, err := range u.DecodedSegments() {
		if err != nil {
			return out, err
		}
		out = append(out, s)
	}
	return out, nil
}

func TestSegments(t *testing.T) {
	for _, tt := range []struct {
		in       string // a URI reference
		raw, dec []string
	}{
		{"", nil, nil},
		{"/", []string{""}, []string{""}},
		{"a", []string{"a"}, []string{"a"}},
		{".", []string{"."}, []string{"."}},
		{"a/b", []string{"a", "b"}, []string{"a", "b"}},
		{"/a/b/", []string{"a", "b", ""}, []string{"a", "b", ""}},
		{"/a//b", []string{"a", "", "b"}, []string{"a", "", "b"}},
		{"http://h", nil, nil},
		{"http://h//a", []string{"", "a"}, []string{"", "a"}},
		// RFC 3986, Section 7.3: a "%2F" is data inside its segment
		{"/a%2Fb/c", []string{"a%2Fb", "c"}, []string{"a/b", "c"}},
		{"/%7E%20x/%25/%2e%2E", []string{"%7E%20x", "%25", "%2e%2E"}, []string{"~ x", "%", ".."}},
		{"mailto:a@b?x", []string{"a@b"}, []string{"a@b"}},
		{"urn:isbn:%41", []string{"isbn:%41"}, []string{"isbn:A"}},
	} {
		u := MustParse(tt.in)
		raw := slices.Collect(u.Segments())
		if !slices.Equal(raw, tt.raw) {
			t.Errorf("Segments(%q) = %q, want %q", tt.in, raw, tt.raw)
		}
		dec, err := collectDecoded(u)
		if err != nil || !slices.Equal(dec, tt.dec) {
			t.Errorf("DecodedSegments(%q) = %q, %v, want %q", tt.in, dec, err, tt.dec)
		}
		checkSegments(t, u)
	}

	// A hand-built path with a malformed triplet: the good segments, then
	// an error located in the path.
	u := URI{Path: "/ok/a%zz/b"}
	dec, err := collectDecoded(u)
	var e *Error
	if !slices.Equal(dec, []string{"ok"}) || !errors.As(err, &e) || !errors.Is(err, ErrPercentEncoding) || e.Offset != 6 || e.Input != u.Path {
		t.Errorf("DecodedSegments(%q) = %q, %v, want [ok] and an error at 6", u.Path, dec, err)
	}

	// Stopping early is allowed.
	for s := range MustParse("/a/b/c").Segments() {
		if s != "a" {
			t.Errorf("first segment %q", s)
		}
		break
	}
	for s, err := range MustParse("/a%20/b/c").DecodedSegments() {
		if s != "a " || err != nil {
			t.Errorf("first decoded segment %q, %v", s, err)
		}
		break
	}
}

// checkSegments checks that u's path is its segments joined by "/", with a
// leading "/" when it is absolute, and that each decoded segment is the
// raw one decoded.
func checkSegments(t testing.TB, u URI) {
	t.Helper()
	raw := slices.Collect(u.Segments())
	joined := strings.Join(raw, "/")
	if strings.HasPrefix(u.Path, "/") {
		joined = "/" + joined
	}
	if joined != u.Path {
		t.Fatalf("segments %q of %q join to %q", raw, u.Path, joined)
	}
	dec, err := collectDecoded(u)
	if err != nil || len(dec) != len(raw) {
		t.Fatalf("DecodedSegments(%q) = %q, %v; raw %q", u.Path, dec, err, raw)
	}
	for i := range raw {
		if d, _ := Decode(raw[i]); d != dec[i] {
			t.Fatalf("decoded segment %d of %q is %q, want %q", i, u.Path, dec[i], d)
		}
	}
}

func TestEncodePanics(t *testing.T) {
	for _, c := range []Component{0, ComponentUnreserved + 1, 255} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Encode with %v did not panic", c)
				}
			}()
			Encode("x", c)
		}()
	}
	if ComponentPathSegment.String() != "path segment" || Component(0).String() != "Component(0)" {
		t.Errorf("Component.String: %q, %q", ComponentPathSegment, Component(0))
	}
}

func TestPercentAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	for _, tt := range []struct {
		name string
		f    func()
		want float64
	}{
		{"Decode unchanged", func() { sinkString, _ = Decode("/a/b/c?d=e") }, 0},
		{"Decode", func() { sinkString, _ = Decode("/a%20b") }, 1},
		{"Decode error", func() { sinkString, _ = Decode("/a%2") }, 1},
		{"Encode unchanged", func() {
			for _, c := range allComponents {
				sinkString = Encode("abc-._", c) // kept by every set ('~' is not by ComponentForm)
			}
		}, 0},
		{"Encode", func() { sinkString = Encode("a b", ComponentQueryValue) }, 1},
		{"Encode form", func() { sinkString = Encode("a b~", ComponentForm) }, 1},
		{"CheckComponent", func() { _ = CheckComponent("a%20b", ComponentPath) }, 0},
		{"Segments", func() {
			for s := range MustParse("/a/b/c/d").Segments() {
				sinkString = s
			}
		}, 0},
		{"DecodedSegments unchanged", func() {
			for s := range MustParse("/a/b/c/d").DecodedSegments() {
				sinkString = s
			}
		}, 0},
		{"DecodedSegments one", func() {
			for s := range MustParse("/a/b%20c/d").DecodedSegments() {
				sinkString = s
			}
		}, 1},
	} {
		if got := testing.AllocsPerRun(100, tt.f); got != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, got, tt.want)
		}
	}
}

// pctCorpus returns the components of the valid corpus URLs, raw and
// decoded, as benchmark input.
func pctCorpus(tb testing.TB) (raw, decoded []string) {
	for _, s := range corpus(tb) {
		u, err := Parse(s)
		if err != nil {
			continue
		}
		for _, p := range []string{u.Userinfo, u.Host, u.Path, u.Query, u.Fragment} {
			if p == "" {
				continue
			}
			d, err := Decode(p)
			if err != nil {
				tb.Fatal(err)
			}
			raw, decoded = append(raw, p), append(decoded, d)
		}
	}
	return raw, decoded
}

// BenchmarkDecode decodes every component of the corpus; most have no '%'
// and cost no allocation.
func BenchmarkDecode(b *testing.B) {
	raw, _ := pctCorpus(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range raw {
			sinkString, _ = Decode(s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(raw)), "ns/component")
}

// BenchmarkEncode encodes every decoded component of the corpus as a
// query value, the strictest set.
func BenchmarkEncode(b *testing.B) {
	_, dec := pctCorpus(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range dec {
			sinkString = Encode(s, ComponentQueryValue)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(dec)), "ns/component")
}

// FuzzPercent checks, for any bytes and every component: Encode output
// decodes back to the input, passes CheckComponent, has only needed
// uppercase triplets and parses in that component (checkEncoded); Decode
// either succeeds, and then its output round-trips too, or fails with an
// *Error at a byte that is not a hex digit right after a '%'; text that
// CheckComponent accepts parses in its component; and the segments of any
// valid path rejoin to it.
func FuzzPercent(f *testing.F) {
	for _, r := range readCases(f, "testdata/percent.txt") {
		f.Add(r.input)
	}
	seeds := corpusSeeds(f)
	for _, s := range seeds[:min(200, len(seeds))] {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range allComponents {
			checkEncoded(t, s, c)
		}
		d, err := Decode(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrPercentEncoding) || e.Input != s || e.Offset < 1 || e.Offset > len(s) {
				t.Fatalf("Decode(%q): bad error %#v", s, err)
			}
			if e.Offset < len(s) && is(s[e.Offset], cHex) {
				t.Fatalf("Decode(%q): error at a hex digit, offset %d", s, e.Offset)
			}
			if s[e.Offset-1] != '%' && (e.Offset < 2 || s[e.Offset-2] != '%') {
				t.Fatalf("Decode(%q): error at %d, not after a '%%'", s, e.Offset)
			}
		} else {
			for _, c := range allComponents {
				checkEncoded(t, d, c)
			}
			if !strings.Contains(s, "%") && d != s {
				t.Fatalf("Decode(%q) = %q without a '%%'", s, d)
			}
		}
		for _, c := range allComponents {
			if CheckComponent(s, c) != nil {
				continue
			}
			if err != nil {
				t.Fatalf("CheckComponent(%q, %v) accepts what Decode rejects: %v", s, c, err)
			}
			in, get := embed(s, c)
			if u, err := Parse(in); err != nil || get(u) != s {
				t.Fatalf("CheckComponent(%q, %v) accepts it, but %q parses to %+v, %v", s, c, in, u, err)
			}
		}
		if CheckComponent(s, ComponentPath) == nil {
			u := URI{Scheme: "s", HasAuthority: true, Path: "/" + s}
			if u.Validate() != nil {
				t.Fatalf("path %q passes CheckComponent but not Validate: %v", s, u.Validate())
			}
			checkSegments(t, u)
		}
	})
}
